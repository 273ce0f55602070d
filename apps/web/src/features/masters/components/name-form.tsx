import { zodResolver } from '@hookform/resolvers/zod';
import { masterMessages } from '@vaidya/contract/masters';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import type { MasterFormProps } from '../master-definition';

const nameSchema = z.object({ name: z.string().trim().min(1, masterMessages.requiredFields) });

interface NameFormProps extends Omit<MasterFormProps<never>, 'record'> {
  /** The name being edited; blank when adding. */
  name: string;
  label: string;
  /** The master's payload field the name is sent under, such as complaintName. */
  payloadField: string;
}

/** The whole form of the four simple masters: one name. */
export function NameForm({ name, label, payloadField, formId, onSubmit }: NameFormProps) {
  const { control, handleSubmit } = useForm({ resolver: zodResolver(nameSchema), defaultValues: { name } });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={handleSubmit((values) => onSubmit({ [payloadField]: values.name }))}
    >
      <FormTextField control={control} name="name" label={label} required autoFocus margin="dense" />
    </form>
  );
}
