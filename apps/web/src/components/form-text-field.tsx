import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

export type FormTextFieldProps<TValues extends FieldValues, TOutput> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  /** What the field keeps of what was typed or pasted (a mobile field keeps its ten digits). */
  keepOfTyped?: (typed: string) => string;
};

/** A text field bound to a react-hook-form field: its validation message replaces the hint while it applies. */
export function FormTextField<TValues extends FieldValues, TOutput>({
  control,
  name,
  helperText,
  keepOfTyped,
  ...props
}: FormTextFieldProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      fullWidth
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={keepOfTyped ? (event) => field.onChange(keepOfTyped(event.target.value)) : field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
