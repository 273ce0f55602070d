import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useMutation } from '@tanstack/react-query';
import { identityWords, newPasswordScreen as texts } from '@vaidya/contract/identity-screens';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { confirmForgotPassword } from '../../lib/identity-client';
import { paths } from '../../lib/paths';
import { IdentityCard } from './components/identity-card';
import { NewPasswordField } from './components/new-password-field';
import { PasswordField } from './components/password-field';
import { newPasswordForm } from './identity-forms';
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
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const submit = useMutation({
    mutationFn: ({ email, code, password }: NewPasswordValues) =>
      confirmForgotPassword({ username: email, code, password }),
    onSuccess: async (_, { email }) => {
      const notice: IdentityNotice = { notice: texts.changed, email };
      await navigate(paths.signIn, { replace: true, state: notice });
    },
  });

  return (
    <IdentityCard
      title={texts.title}
      description={texts.description}
      footer={{ to: paths.resetPassword, label: texts.sendNewCode }}
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      {arrival && !submit.error && <Alert severity="info">{arrival.notice}</Alert>}
      {submit.error && <ErrorAlert error={submit.error} />}
      <FormTextField
        control={form.control}
        name="email"
        label={identityWords.email}
        type="email"
        autoComplete="username"
        autoFocus={!email}
      />
      <FormTextField
        control={form.control}
        name="code"
        label={texts.code}
        helperText={identityWords.codeHint}
        autoComplete="one-time-code"
        autoFocus={Boolean(email)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <NewPasswordField
        control={form.control}
        name="password"
        label={identityWords.newPassword}
        email={typedEmail}
      />
      <PasswordField
        control={form.control}
        name="confirmPassword"
        label={identityWords.confirmNewPassword}
        autoComplete="new-password"
      />
      <SubmitButton loading={submit.isPending || submit.isSuccess}>{texts.submit}</SubmitButton>
    </IdentityCard>
  );
}
