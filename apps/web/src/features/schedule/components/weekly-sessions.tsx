import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type BookingsChoice,
  type QueueTiming,
  scheduleMessages,
  weekdayNames,
} from '@vaidya/contract/schedule';
import { sessionTimeTakenAway } from '@vaidya/contract/schedule-changes';
import { scheduleScreenTexts } from '@vaidya/contract/schedule-screens';
import { lazy, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FetchedList } from '../../../components/fetched-list';
import { FormDialog } from '../../../components/form-dialog';
import { SectionCard } from '../../../components/section-card';
import { useEditDialog } from '../../../components/use-edit-dialog';
import { type TimingPayload, useDeleteTiming, useQueueTimings, useSaveTiming } from '../api/schedule-api';
import { formatPeriod } from '../schedule-dates';
import { BookedPatientsDialog } from './booked-patients-dialog';
import { useBookedPatientsCheck } from './use-booked-patients-check';

const texts = scheduleScreenTexts.sessions;

/** The form, with the form library, loads when its dialog first opens (FormDialog waits for it). */
const SessionForm = lazy(() =>
  import('./session-form').then(({ SessionForm }) => ({ default: SessionForm })),
);

/** Indian clinics read the week from Monday; timings number Sunday 0. */
const weekdaysFromMonday = [1, 2, 3, 4, 5, 6, 0];

/** A new session starts on Monday, the week's first line. */
const newSessionWeekday = 1;

/**
 * A queue's weekly sessions, a line per weekday, each session with its edit and delete;
 * `readOnly` when the role may not change them (issue 23): no add, edit or delete.
 */
export function WeeklySessions({ queueId, readOnly = false }: { queueId: string; readOnly?: boolean }) {
  const timings = useQueueTimings(queueId);
  const save = useSaveTiming();
  const remove = useDeleteTiming();
  const dialog = useEditDialog<QueueTiming>(texts);
  const [deleting, setDeleting] = useState<QueueTiming | null>(null);
  const formId = useId();

  const saveSession = (payload: TimingPayload, bookings?: BookingsChoice) =>
    save.mutate(
      { id: dialog.record?.id, payload, bookings },
      {
        onSuccess: (saved) => {
          bookedCheck.dismiss();
          dialog.close();
          toast.success(
            saved.message ?? (dialog.record ? scheduleMessages.timingUpdated : scheduleMessages.timingAdded),
          );
        },
      },
    );
  const bookedCheck = useBookedPatientsCheck(saveSession);
  const openDialog = (session: QueueTiming | null) => {
    save.reset();
    bookedCheck.reset();
    dialog.open(session);
  };
  // A new session takes nothing away; a changed one, the time of the old one its new times leave out.
  const submit = (payload: TimingPayload) => {
    save.reset();
    const before = dialog.record;
    bookedCheck.saveAfterCheck(
      payload,
      before
        ? sessionTimeTakenAway(before, payload).map((period) => ({
            queue_id: queueId,
            weekday: String(before.weekday),
            ...period,
          }))
        : [],
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (deleted) => {
        setDeleting(null);
        toast.success(deleted.message ?? scheduleMessages.timingDeleted);
      },
    });
  };

  const deletingDay = (deleting && weekdayNames[deleting.weekday]) ?? '';
  const deletingPeriod = deleting ? formatPeriod(deleting.start_time, deleting.end_time) : '';

  return (
    <SectionCard
      title={texts.title}
      description={texts.description}
      action={
        readOnly ? null : (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
            {texts.add}
          </Button>
        )
      }
    >
      <FetchedList
        query={timings}
        fetchError={texts.fetchError}
        empty={texts.empty}
        placeholder={
          <Stack spacing={1}>
            {weekdaysFromMonday.map((weekday) => (
              <Skeleton key={weekday} height={32} />
            ))}
          </Stack>
        }
      >
        {(sessions) => (
          <SessionWeek
            sessions={sessions}
            readOnly={readOnly}
            onEdit={(session) => openDialog(session)}
            onDelete={(session) => {
              remove.reset();
              setDeleting(session);
            }}
          />
        )}
      </FetchedList>

      <FormDialog
        {...dialog.formDialogProps}
        {...bookedCheck.formState(save, texts.saveError)}
        formId={formId}
      >
        {dialog.isOpen ? (
          <SessionForm
            queueId={queueId}
            session={dialog.record}
            weekday={newSessionWeekday}
            formId={formId}
            onSubmit={submit}
          />
        ) : null}
      </FormDialog>

      <BookedPatientsDialog
        because={scheduleScreenTexts.bookedPatients.because.session}
        {...bookedCheck.dialogProps(save, texts.saveError)}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={texts.confirmDeleteTitle}
        body={texts.confirmDelete(deletingDay, deletingPeriod)}
        working={remove.isPending}
        error={remove.error}
        errorFallback={texts.deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </SectionCard>
  );
}

interface SessionWeekProps {
  sessions: QueueTiming[];
  readOnly: boolean;
  onEdit: (session: QueueTiming) => void;
  onDelete: (session: QueueTiming) => void;
}

/** The week from Monday, a line per weekday: its sessions, or "Closed". */
function SessionWeek({ sessions, readOnly, onEdit, onDelete }: SessionWeekProps) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {weekdaysFromMonday.map((weekday) => {
        const day = weekdayNames[weekday] ?? '';
        const ofDay = sessions.filter((session) => session.weekday === weekday);
        return (
          <Stack
            key={weekday}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', py: 0.5, borderTop: 1, borderColor: 'divider', minHeight: 44 }}
          >
            <Typography component="dt" sx={{ width: { xs: 88, sm: 112 }, flexShrink: 0, fontWeight: 500 }}>
              {day}
            </Typography>
            <Stack component="dd" direction="row" useFlexGap spacing={1} sx={{ m: 0, flexWrap: 'wrap' }}>
              {ofDay.length === 0 ? <Typography color="text.secondary">{texts.closed}</Typography> : null}
              {ofDay.map((session) => {
                const period = formatPeriod(session.start_time, session.end_time);
                return (
                  <Stack
                    key={session.id}
                    direction="row"
                    sx={{ alignItems: 'center', pl: 1, borderRadius: 1, bgcolor: 'action.hover' }}
                  >
                    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {period}
                    </Typography>
                    {readOnly ? null : (
                      <>
                        <IconButton
                          size="small"
                          aria-label={texts.editNamed(day, period)}
                          onClick={() => onEdit(session)}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={texts.deleteNamed(day, period)}
                          onClick={() => onDelete(session)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </>
                    )}
                  </Stack>
                );
              })}
            </Stack>
          </Stack>
        );
      })}
    </Box>
  );
}
