import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { identityWords, resetPasswordScreen as texts } from '@vaidya/contract/identity-screens';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
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
      const notice: IdentityNotice = { notice: texts.codeSent(delivery.Destination), email };
      await navigate(`${paths.newPassword}?${new URLSearchParams({ email })}`, { state: notice });
    },
  });

  return (
    <IdentityCard
      title={texts.title}
      description={texts.description}
      footer={{ to: paths.signIn, label: texts.backToSignIn }}
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      {submit.error && <ErrorAlert error={submit.error} />}
      <FormTextField
        control={form.control}
        name="email"
        label={identityWords.email}
        type="email"
        autoComplete="username"
        autoFocus
      />
      <SubmitButton loading={submit.isPending || submit.isSuccess}>{texts.submit}</SubmitButton>
    </IdentityCard>
  );
}
