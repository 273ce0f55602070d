import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { confirmForgotPassword } from '../../lib/identity-client';
import { paths } from '../../lib/paths';
import { IdentityCard } from './components/identity-card';
import { PasswordField } from './components/password-field';
import { newPasswordForm, newPasswordHint } from './identity-forms';
import { type IdentityNotice, readIdentityNotice } from './identity-notice';

interface NewPasswordValues {
  email: string;
  code: string;
  password: string;
}

/** Forgot password, second half: the emailed code and a new password. Also where a forced reset lands. */
export function NewPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const arrival = readIdentityNotice(location.state);
  const email = searchParams.get('email') ?? arrival?.email ?? '';

  const form = useForm({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { email, code: '', password: '', confirmPassword: '' },
    mode: 'onSubmit',
  });
  const submit = useMutation({
    mutationFn: ({ email, code, password }: NewPasswordValues) =>
      confirmForgotPassword({ username: email, code, password }),
    onSuccess: async (_, { email }) => {
      const notice: IdentityNotice = {
        notice: 'Your password has been changed. Sign in with your new password.',
        email,
      };
      await navigate(paths.signIn, { replace: true, state: notice });
    },
  });

  return (
    <IdentityCard
      title="Set a new password"
      description="Enter the 6-digit code from the email and choose a new password."
      footer={
        <Link component={RouterLink} to={paths.resetPassword}>
          Did not get a code? Send a new one
        </Link>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
        <Stack spacing={2.5}>
          {arrival && !submit.error && <Alert severity="info">{arrival.notice}</Alert>}
          {submit.error && <ErrorAlert error={submit.error} />}
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus={!email}
          />
          <FormTextField
            control={form.control}
            name="code"
            label="Code"
            helperText="6 digits, from the email we sent you"
            autoComplete="one-time-code"
            autoFocus={Boolean(email)}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <PasswordField
            control={form.control}
            name="password"
            label="New password"
            helperText={newPasswordHint}
            autoComplete="new-password"
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
          />
          <SubmitButton loading={submit.isPending || submit.isSuccess}>Change password</SubmitButton>
        </Stack>
      </form>
    </IdentityCard>
  );
}
