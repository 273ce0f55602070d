import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { addQueueBody, scheduleTextMaxLength } from '@vaidya/contract/schedule';
import { settingsScreenTexts } from '@vaidya/contract/schedule-screens';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field';

const texts = settingsScreenTexts.queues;

const queueName = addQueueBody.shape.queueName;
/** The field holds text; a blank reads as 0, which the contract's rule refuses in its own words. */
const newQueueForm = z.object({
  queueName,
  slotSize: z.coerce.number<string>().pipe(addQueueBody.shape.slotSize),
});
const renameForm = z.object({ queueName });

/** The queue's name, where typing starts, no longer than the contract allows. */
function QueueNameField<TValues extends FieldValues, TOutput>(
  props: Pick<FormTextFieldProps<TValues, TOutput>, 'control' | 'name' | 'margin'>,
) {
  return (
    <FormTextField
      {...props}
      label={texts.name}
      required
      autoFocus
      slotProps={{ htmlInput: { maxLength: scheduleTextMaxLength.queueName } }}
    />
  );
}

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
        <QueueNameField control={control} name="queueName" />
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
      <QueueNameField control={control} name="queueName" margin="dense" />
    </form>
  );
}
