import Box from '@mui/material/Box';
import { type FieldValues, useWatch } from 'react-hook-form';
import type { FormTextFieldProps } from '../../../components/form-text-field';
import { newPasswordHint } from '../identity-forms';
import { PasswordField } from './password-field';
import { PasswordStrengthHint } from './password-strength-hint';

type NewPasswordFieldProps<TValues extends FieldValues, TOutput> = Omit<
  FormTextFieldProps<TValues, TOutput>,
  'type' | 'helperText' | 'autoComplete'
> & {
  /** What the server counts against the password: the email, and the names where it knows them. */
  email: string;
  personName?: string;
  clinicName?: string;
};

/** Where a password is chosen: the policy in the helper text, and how easy the one typed is to guess. */
export function NewPasswordField<TValues extends FieldValues, TOutput>({
  email,
  personName,
  clinicName,
  ...props
}: NewPasswordFieldProps<TValues, TOutput>) {
  const password: unknown = useWatch({ control: props.control, name: props.name });
  return (
    <Box>
      <PasswordField {...props} helperText={newPasswordHint} autoComplete="new-password" />
      <PasswordStrengthHint
        password={typeof password === 'string' ? password : ''}
        email={email}
        personName={personName}
        clinicName={clinicName}
      />
    </Box>
  );
}
