import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { forgotPassword } from '../../lib/identity-client';
import { paths } from '../../lib/paths';
import { IdentityCard } from './components/identity-card';
import { resetPasswordForm } from './identity-forms';
import type { IdentityNotice } from './identity-notice';

/** Forgot password, first half: a code is sent to the email; the new-password screen takes it from there. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { email: '' },
    mode: 'onSubmit',
  });
  const submit = useMutation({
    mutationFn: ({ email }: { email: string }) => forgotPassword(email),
    onSuccess: async (delivery, { email }) => {
      const notice: IdentityNotice = {
        notice: `We sent a code to ${delivery.Destination}. Enter it below with your new password.`,
        email,
      };
      await navigate(`${paths.newPassword}?${new URLSearchParams({ email })}`, { state: notice });
    },
  });

  return (
    <IdentityCard
      title="Reset password"
      description="Enter the email you sign in with. We will send you a code to choose a new password."
      footer={
        <Link component={RouterLink} to={paths.signIn}>
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
        <Stack spacing={2.5}>
          {submit.error && <ErrorAlert error={submit.error} />}
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
          />
          <SubmitButton loading={submit.isPending || submit.isSuccess}>Send code</SubmitButton>
        </Stack>
      </form>
    </IdentityCard>
  );
}
