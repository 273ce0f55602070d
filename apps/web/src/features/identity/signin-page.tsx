import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import {
  identityWords,
  temporaryPasswordScreen,
  signInScreen as texts,
} from '@vaidya/contract/identity-screens';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { completeNewPassword, IdentityError, signIn } from '../../lib/identity-client';
import { paths } from '../../lib/paths';
import { ConfirmEmailStep } from './components/confirm-email-step';
import { IdentityCard } from './components/identity-card';
import { NewPasswordField } from './components/new-password-field';
import { PasswordField } from './components/password-field';
import { setNewPasswordForm, signInForm } from './identity-forms';
import { type IdentityNotice, readIdentityNotice } from './identity-notice';
import { useOpenDashboard } from './use-open-dashboard';

type Step =
  | { name: 'credentials' }
  | { name: 'new-password'; email: string; username: string; session: string }
  | { name: 'confirm-email'; email: string; password: string };

/**
 * Sign-in (spec §4): email and password; an account created with a temporary password
 * must choose its own first, and one whose email is unconfirmed confirms it here.
 */
export function SignInPage() {
  const [step, setStep] = useState<Step>({ name: 'credentials' });

  if (step.name === 'new-password') {
    return <NewPasswordStep {...step} onRestart={() => setStep({ name: 'credentials' })} />;
  }
  if (step.name === 'confirm-email') {
    return (
      <ConfirmEmailStep
        email={step.email}
        password={step.password}
        description={texts.notConfirmed(step.email)}
      />
    );
  }
  return <CredentialsStep onStep={setStep} />;
}

function CredentialsStep({ onStep }: { onStep: (step: Step) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const openDashboard = useOpenDashboard();
  const arrival = readIdentityNotice(location.state);
  const form = useForm({
    resolver: zodResolver(signInForm),
    defaultValues: { email: arrival?.email ?? '', password: '' },
    mode: 'onSubmit',
  });

  const submit = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => signIn(email, password),
    onSuccess: async (outcome, { email }) => {
      if (outcome.kind === 'signed-in') return openDashboard(email, outcome.tokens);
      onStep({ name: 'new-password', email, username: outcome.username, session: outcome.session });
    },
    onError: async (error, { email, password }) => {
      if (!(error instanceof IdentityError)) return;
      if (error.kind === 'UserNotConfirmedException') onStep({ name: 'confirm-email', email, password });
      if (error.kind === 'PasswordResetRequiredException') {
        const notice: IdentityNotice = { notice: error.message, email };
        await navigate(paths.newPassword, { state: notice });
      }
    },
  });

  return (
    <IdentityCard
      title={texts.title}
      description={texts.description}
      footer={{ lead: identityWords.newClinic, to: paths.signUp, label: identityWords.createAccount }}
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      {arrival && !submit.error && <Alert severity="success">{arrival.notice}</Alert>}
      {submit.error && <ErrorAlert error={submit.error} />}
      <FormTextField
        control={form.control}
        name="email"
        label={identityWords.email}
        type="email"
        autoComplete="username"
        autoFocus={!arrival?.email}
      />
      <Box>
        <PasswordField
          control={form.control}
          name="password"
          label={identityWords.password}
          autoComplete="current-password"
          autoFocus={Boolean(arrival?.email)}
        />
        <Link
          component={RouterLink}
          to={paths.resetPassword}
          variant="body2"
          sx={{ display: 'inline-block', mt: 1 }}
        >
          {texts.forgotPassword}
        </Link>
      </Box>
      <SubmitButton loading={submit.isPending || (submit.isSuccess && submit.data.kind === 'signed-in')}>
        {texts.submit}
      </SubmitButton>
    </IdentityCard>
  );
}

interface NewPasswordStepProps {
  email: string;
  username: string;
  session: string;
  onRestart: () => void;
}

/** Cognito's NEW_PASSWORD_REQUIRED: the temporary password an administrator set is replaced before anything else. */
function NewPasswordStep({ email, username, session, onRestart }: NewPasswordStepProps) {
  const openDashboard = useOpenDashboard();
  const form = useForm({
    resolver: zodResolver(setNewPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onSubmit',
  });
  const submit = useMutation({
    mutationFn: ({ password }: { password: string }) =>
      completeNewPassword({ username, session, newPassword: password }),
    onSuccess: (tokens) => openDashboard(email, tokens),
  });
  // The challenge's session lasts minutes; once it has run out only a fresh sign-in helps.
  const sessionExpired =
    submit.error instanceof IdentityError && submit.error.kind === 'NotAuthorizedException';

  return (
    <IdentityCard
      title={temporaryPasswordScreen.title}
      description={temporaryPasswordScreen.description}
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      {submit.error && (
        <ErrorAlert
          error={submit.error}
          action={
            sessionExpired && (
              <Button color="inherit" size="small" onClick={onRestart}>
                {temporaryPasswordScreen.signInAgain}
              </Button>
            )
          }
        />
      )}
      <NewPasswordField
        control={form.control}
        name="password"
        label={identityWords.newPassword}
        email={email}
        autoFocus
      />
      <PasswordField
        control={form.control}
        name="confirmPassword"
        label={identityWords.confirmNewPassword}
        autoComplete="new-password"
      />
      <SubmitButton loading={submit.isPending || submit.isSuccess}>
        {temporaryPasswordScreen.submit}
      </SubmitButton>
    </IdentityCard>
  );
}
