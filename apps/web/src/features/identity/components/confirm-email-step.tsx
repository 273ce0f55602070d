import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { identityWords, confirmEmailScreen as texts } from '@vaidya/contract/identity-screens';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { confirmSignUp, resendConfirmationCode, signIn } from '../../../lib/identity-client';
import { paths } from '../../../lib/paths';
import { confirmEmailForm } from '../identity-forms';
import type { IdentityNotice } from '../identity-notice';
import { useOpenDashboard } from '../use-open-dashboard';
import { IdentityCard } from './identity-card';

interface ConfirmEmailStepProps {
  email: string;
  /** Kept from the previous step, to sign in as soon as the email is confirmed. */
  password: string;
  description: ReactNode;
}

/** Enter the code emailed at sign-up; then the user is signed in without typing the password again. */
export function ConfirmEmailStep({ email, password, description }: ConfirmEmailStepProps) {
  const openDashboard = useOpenDashboard();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(confirmEmailForm),
    defaultValues: { code: '' },
    mode: 'onSubmit',
  });

  const resend = useMutation({ mutationFn: () => resendConfirmationCode(email) });
  const confirm = useMutation({
    mutationFn: async ({ code }: { code: string }) => {
      await confirmSignUp({ username: email, code });
      return signIn(email, password);
    },
    onSuccess: async (outcome) => {
      if (outcome.kind === 'signed-in') return openDashboard(email, outcome.tokens);
      // Only an account an administrator created asks for a new password, and it has no code to confirm.
      const notice: IdentityNotice = { notice: texts.confirmed, email };
      await navigate(paths.signIn, { replace: true, state: notice });
    },
  });

  const error = confirm.error ?? resend.error;

  return (
    <IdentityCard
      title={texts.title}
      description={description}
      onSubmit={form.handleSubmit((values) => {
        resend.reset();
        confirm.mutate(values);
      })}
    >
      {error && <ErrorAlert error={error} />}
      {resend.isSuccess && <Alert severity="success">{texts.codeResent(resend.data.Destination)}</Alert>}
      <FormTextField
        control={form.control}
        name="code"
        label={texts.code}
        helperText={identityWords.codeHint}
        autoFocus
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <SubmitButton loading={confirm.isPending || confirm.isSuccess}>{texts.submit}</SubmitButton>
      <Button
        variant="text"
        loading={resend.isPending}
        onClick={() => {
          confirm.reset();
          resend.mutate();
        }}
      >
        {texts.resend}
      </Button>
    </IdentityCard>
  );
}
