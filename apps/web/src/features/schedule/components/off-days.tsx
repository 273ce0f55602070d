import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import {
  type AddOffDayBody,
  type BookingsChoice,
  type OffDay,
  scheduleMessages,
} from '@vaidya/contract/schedule';
import { scheduleScreenTexts } from '@vaidya/contract/schedule-screens';
import { lazy, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FetchedList } from '../../../components/fetched-list';
import { FormDialog } from '../../../components/form-dialog';
import { SectionCard } from '../../../components/section-card';
import { useAddOffDay, useDeleteOffDay, useOffDays } from '../api/schedule-api';
import { formatDay, formatPeriod } from '../schedule-dates';
import { BookedPatientsDialog } from './booked-patients-dialog';
import { useBookedPatientsCheck } from './use-booked-patients-check';

const texts = scheduleScreenTexts.offDays;

/** The form, with the form library, loads when its dialog first opens (FormDialog waits for it). */
const OffDayForm = lazy(() => import('./off-day-form').then(({ OffDayForm }) => ({ default: OffDayForm })));

export const offDayHours = (offDay: OffDay) =>
  offDay.start_time && offDay.end_time
    ? formatPeriod(offDay.start_time, offDay.end_time)
    : texts.wholeDayLabel;

const describeOffDay = (offDay: OffDay) => `${formatDay(offDay.date)} ${offDayHours(offDay)}`;

/**
 * The queue's upcoming off-days, with adding one (whole or part of a day) and deleting one;
 * `readOnly` when the role may not change them (issue 23).
 */
export function OffDays({
  queueId,
  today,
  readOnly = false,
}: {
  queueId: string;
  today: string;
  readOnly?: boolean;
}) {
  const offDays = useOffDays(queueId);
  const add = useAddOffDay();
  const remove = useDeleteOffDay();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<OffDay | null>(null);
  const formId = useId();

  const save = (payload: AddOffDayBody, bookings?: BookingsChoice) =>
    add.mutate(
      { ...payload, bookings },
      {
        onSuccess: (added) => {
          bookedCheck.dismiss();
          setAdding(false);
          toast.success(added.message ?? scheduleMessages.offDayAdded);
        },
      },
    );
  const bookedCheck = useBookedPatientsCheck(save);
  // The off-day's date, and its hours unless it closes the whole day.
  const submit = (payload: AddOffDayBody) => {
    add.reset();
    bookedCheck.saveAfterCheck(payload, [
      {
        queue_id: payload.queueId,
        date: payload.date,
        start_time: payload.startTime,
        end_time: payload.endTime,
      },
    ]);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (deleted) => {
        setDeleting(null);
        toast.success(deleted.message ?? scheduleMessages.offDayDeleted);
      },
    });
  };

  return (
    <SectionCard
      title={texts.title}
      description={texts.description}
      action={
        readOnly ? null : (
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            onClick={() => {
              add.reset();
              bookedCheck.reset();
              setAdding(true);
            }}
          >
            {texts.add}
          </Button>
        )
      }
    >
      <FetchedList query={offDays} fetchError={texts.fetchError} empty={texts.empty}>
        {(upcoming) => (
          <List dense disablePadding aria-label={texts.title}>
            {upcoming.map((offDay) => (
              <ListItem
                key={offDay.id}
                divider
                disableGutters
                secondaryAction={
                  readOnly ? null : (
                    <IconButton
                      edge="end"
                      aria-label={texts.deleteNamed(describeOffDay(offDay))}
                      onClick={() => {
                        remove.reset();
                        setDeleting(offDay);
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )
                }
              >
                <ListItemText primary={formatDay(offDay.date)} secondary={offDayHours(offDay)} />
              </ListItem>
            ))}
          </List>
        )}
      </FetchedList>

      <FormDialog
        open={adding}
        title={texts.addTitle}
        editing={false}
        {...bookedCheck.formState(add, texts.saveError)}
        formId={formId}
        onClose={() => setAdding(false)}
      >
        {adding ? <OffDayForm queueId={queueId} firstDate={today} formId={formId} onSubmit={submit} /> : null}
      </FormDialog>

      <BookedPatientsDialog
        because={scheduleScreenTexts.bookedPatients.because.offDay}
        {...bookedCheck.dialogProps(add, texts.saveError)}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={texts.confirmDeleteTitle}
        body={texts.confirmDelete(deleting ? describeOffDay(deleting) : '')}
        working={remove.isPending}
        error={remove.error}
        errorFallback={texts.deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </SectionCard>
  );
}
