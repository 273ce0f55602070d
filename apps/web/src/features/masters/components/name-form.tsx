import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import type { MasterFormProps } from '../master-definition';

export interface NameFormProps extends Omit<MasterFormProps<never>, 'record'> {
  /** The name being edited; blank when adding. */
  name: string;
  label: string;
  /** The master's payload field the name is sent under, such as complaintName. */
  payloadField: string;
  /** The contract's rule for that field, so the form refuses what the server would, in the same words. */
  nameRule: z.ZodType<string, string>;
}

/** The whole form of the four simple masters: one name. */
export function NameForm({ name, label, payloadField, nameRule, formId, onSubmit }: NameFormProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(z.object({ name: nameRule })),
    defaultValues: { name },
  });
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
