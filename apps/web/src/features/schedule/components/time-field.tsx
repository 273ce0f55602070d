import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from '../../../components/form-text-field';

type TimeFieldProps<TValues extends FieldValues, TOutput> = Pick<
  FormTextFieldProps<TValues, TOutput>,
  'control' | 'name' | 'label'
>;

/** A required time of day in the browser's own time picker; its label stays above the picker's "--:--". */
export function TimeField<TValues extends FieldValues, TOutput>(props: TimeFieldProps<TValues, TOutput>) {
  return <FormTextField {...props} type="time" required slotProps={{ inputLabel: { shrink: true } }} />;
}
