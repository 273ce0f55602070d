import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { addQueueBody, scheduleTextMaxLength } from '@vaidya/contract/schedule';
import { settingsScreenTexts } from '@vaidya/contract/schedule-screens';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';

const texts = settingsScreenTexts.queues;

const queueName = addQueueBody.shape.queueName;
/** The field holds text; a blank reads as 0, which the contract's rule refuses in its own words. */
const newQueueForm = z.object({
  queueName,
  slotSize: z.coerce.number<string>().pipe(addQueueBody.shape.slotSize),
});
const renameForm = z.object({ queueName });

/** A new queue: its name and slot size. */
export function NewQueueForm({
  formId,
  onSubmit,
}: {
  formId: string;
  onSubmit: (values: { queueName: string; slotSize: number }) => void;
}) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(newQueueForm),
    defaultValues: { queueName: '', slotSize: '15' },
  });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="queueName"
          label={texts.name}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: scheduleTextMaxLength.queueName } }}
        />
        <FormTextField
          control={control}
          name="slotSize"
          label={texts.slotSize}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
    </form>
  );
}

/** Renaming a queue; its slot size is changed on the Schedule page. */
export function RenameQueueForm({
  name,
  formId,
  onSubmit,
}: {
  name: string;
  formId: string;
  onSubmit: (values: { queueName: string }) => void;
}) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(renameForm),
    defaultValues: { queueName: name },
  });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)}>
      <FormTextField
        control={control}
        name="queueName"
        label={texts.name}
        required
        autoFocus
        margin="dense"
        slotProps={{ htmlInput: { maxLength: scheduleTextMaxLength.queueName } }}
      />
    </form>
  );
}
