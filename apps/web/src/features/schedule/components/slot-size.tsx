import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type BookingsChoice, type Queue, scheduleMessages } from '@vaidya/contract/schedule';
import { scheduleScreenTexts, scheduleScreenWords } from '@vaidya/contract/schedule-screens';
import { lazy, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { SectionCard } from '../../../components/section-card';
import { useUpdateSlotSize } from '../api/schedule-api';
import { BookedPatientsDialog } from './booked-patients-dialog';
import { useBookedPatientsCheck } from './use-booked-patients-check';

const texts = scheduleScreenTexts.slotSize;

/** The form, with the form library, loads when its dialog first opens (FormDialog waits for it). */
const SlotSizeForm = lazy(() =>
  import('./slot-size-form').then(({ SlotSizeForm }) => ({ default: SlotSizeForm })),
);

/** `readOnly`: the role may not change this queue's slot size (issue 23), and sees no Edit. */
export function SlotSize({ queue, readOnly = false }: { queue: Queue; readOnly?: boolean }) {
  const update = useUpdateSlotSize();
  const [editing, setEditing] = useState(false);
  const formId = useId();
  const save = (slotSize: number, bookings?: BookingsChoice) =>
    update.mutate(
      { queueId: queue.id, slotSize, bookings },
      {
        onSuccess: (saved) => {
          bookedCheck.dismiss();
          setEditing(false);
          toast.success(saved.message ?? scheduleMessages.slotSizeUpdated);
        },
      },
    );
  const bookedCheck = useBookedPatientsCheck(save);
  // Bookings keep their times: those on a slot the new size does not have are the ones it takes away.
  const submit = (slotSize: number) => {
    update.reset();
    bookedCheck.saveAfterCheck(
      slotSize,
      slotSize === queue.slot_size ? [] : [{ queue_id: queue.id, slot_size: String(slotSize) }],
    );
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
            onClick={() => {
              update.reset();
              bookedCheck.reset();
              setEditing(true);
            }}
          >
            {texts.edit}
          </Button>
        )
      }
    >
      <Typography variant="h5" component="p">
        {scheduleScreenWords.minutes(queue.slot_size)}
      </Typography>
      <FormDialog
        open={editing}
        title={texts.dialogTitle}
        editing
        {...bookedCheck.formState(update, texts.saveError)}
        formId={formId}
        onClose={() => setEditing(false)}
      >
        {editing ? <SlotSizeForm slotSize={queue.slot_size} formId={formId} onSubmit={submit} /> : null}
      </FormDialog>
      <BookedPatientsDialog
        because={scheduleScreenTexts.bookedPatients.because.slotSize}
        {...bookedCheck.dialogProps(update, texts.saveError)}
      />
    </SectionCard>
  );
}
