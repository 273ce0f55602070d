import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type Queue, scheduleMessages } from '@vaidya/contract/schedule';
import { scheduleScreenTexts, scheduleScreenWords } from '@vaidya/contract/schedule-screens';
import { lazy, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { MasterDialog } from '../../masters/components/master-dialog';
import { useUpdateSlotSize } from '../api/schedule-api';
import { SectionCard } from './section-card';

const texts = scheduleScreenTexts.slotSize;

/** The form, with the form library, loads when its dialog first opens (MasterDialog waits for it). */
const SlotSizeForm = lazy(() =>
  import('./slot-size-form').then(({ SlotSizeForm }) => ({ default: SlotSizeForm })),
);

export function SlotSize({ queue }: { queue: Queue }) {
  const update = useUpdateSlotSize();
  const [editing, setEditing] = useState(false);
  const formId = useId();
  const submit = (slotSize: number) =>
    update.mutate(
      { queueId: queue.id, slotSize },
      {
        onSuccess: (saved) => {
          setEditing(false);
          toast.success(saved.message ?? scheduleMessages.slotSizeUpdated);
        },
      },
    );
  return (
    <SectionCard
      title={texts.title}
      description={texts.description}
      action={
        <Button
          variant="outlined"
          size="small"
          onClick={() => {
            update.reset();
            setEditing(true);
          }}
        >
          {texts.edit}
        </Button>
      }
    >
      <Typography variant="h5" component="p">
        {scheduleScreenWords.minutes(queue.slot_size)}
      </Typography>
      <MasterDialog
        open={editing}
        title={texts.dialogTitle}
        editing
        saving={update.isPending}
        error={update.error}
        errorFallback={texts.saveError}
        formId={formId}
        onClose={() => setEditing(false)}
      >
        {editing ? <SlotSizeForm slotSize={queue.slot_size} formId={formId} onSubmit={submit} /> : null}
      </MasterDialog>
    </SectionCard>
  );
}
