import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { addQueueBody, scheduleTextMaxLength } from '@vaidya/contract/schedule';
import { settingsScreenTexts } from '@vaidya/contract/schedule-screens';
import { queueDoctorTexts } from '@vaidya/contract/staff-screens';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field';
import { useClinic } from '../../../lib/clinic-context';

const texts = settingsScreenTexts.queues;

const queueName = addQueueBody.shape.queueName;
/** The picker holds '' for "None": the queue has no doctor. */
const doctorUserId = z.string().transform((id) => id || null);
/** The field holds text; a blank reads as 0, which the contract's rule refuses in its own words. */
const newQueueForm = z.object({
  queueName,
  slotSize: z.coerce.number<string>().pipe(addQueueBody.shape.slotSize),
  doctorUserId,
});
const renameForm = z.object({ queueName, doctorUserId });

/** The queue's doctor (issue 23): one of the clinic's doctors and owners, or none. */
function QueueDoctorField<TValues extends FieldValues, TOutput>(
  props: Pick<FormTextFieldProps<TValues, TOutput>, 'control' | 'name' | 'margin'>,
) {
  const { doctors } = useClinic().partner;
  return (
    <FormTextField {...props} select label={queueDoctorTexts.doctor} helperText={queueDoctorTexts.hint}>
      <MenuItem value="">{queueDoctorTexts.none}</MenuItem>
      {doctors.map((doctor) => (
        <MenuItem key={doctor.id} value={doctor.id}>
          {doctor.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

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

/** A new queue: its name, slot size and doctor. */
export function NewQueueForm({
  formId,
  onSubmit,
}: {
  formId: string;
  onSubmit: (values: { queueName: string; slotSize: number; doctorUserId: string | null }) => void;
}) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(newQueueForm),
    defaultValues: { queueName: '', slotSize: '15', doctorUserId: '' },
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
        <QueueDoctorField control={control} name="doctorUserId" />
      </Stack>
    </form>
  );
}

/** Renaming a queue or choosing its doctor; its slot size is changed on the Schedule page. */
export function RenameQueueForm({
  name,
  doctorId,
  formId,
  onSubmit,
}: {
  name: string;
  doctorId: string | null;
  formId: string;
  onSubmit: (values: { queueName: string; doctorUserId: string | null }) => void;
}) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(renameForm),
    defaultValues: { queueName: name, doctorUserId: doctorId ?? '' },
  });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)}>
      <QueueNameField control={control} name="queueName" margin="dense" />
      <QueueDoctorField control={control} name="doctorUserId" margin="dense" />
    </form>
  );
}
