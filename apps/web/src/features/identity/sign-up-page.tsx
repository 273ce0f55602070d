import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { specialities } from '@vaidya/contract/identity';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { IdentityError, signIn, signUp } from '../../lib/identity-client';
import { paths } from '../../lib/paths';
import { specialityLabels } from '../../lib/specialities';
import { ConfirmEmailStep } from './components/confirm-email-step';
import { IdentityCard } from './components/identity-card';
import { PasswordField } from './components/password-field';
import { newPasswordHint, signUpForm } from './identity-forms';
import { useOpenDashboard } from './use-open-dashboard';

type SignUpValues = z.output<typeof signUpForm>;

/** A new clinic creates its owner account, confirms the email with a code and lands in the dashboard. */
export function SignUpPage() {
  const [pendingConfirmation, setPendingConfirmation] = useState<{ email: string; password: string } | null>(
    null,
  );

  if (pendingConfirmation) {
    return (
      <ConfirmEmailStep
        {...pendingConfirmation}
        description={`We sent a 6-digit code to ${pendingConfirmation.email}. Enter it to finish creating your account.`}
      />
    );
  }
  return <DetailsStep onCodeSent={setPendingConfirmation} />;
}

function DetailsStep({ onCodeSent }: { onCodeSent: (account: { email: string; password: string }) => void }) {
  const openDashboard = useOpenDashboard();
  const form = useForm({
    resolver: zodResolver(signUpForm),
    defaultValues: { clinicName: '', name: '', email: '', phoneNumber: '', password: '' },
    mode: 'onSubmit',
  });

  const submit = useMutation({
    mutationFn: async (values: SignUpValues) => {
      const result = await signUp({ ...values, phoneNumber: `+91${values.phoneNumber}` });
      // A pool that verifies nobody answers UserConfirmed; then there is no code to wait for.
      return result.UserConfirmed ? signIn(values.email, values.password) : null;
    },
    onSuccess: async (outcome, { email, password }) => {
      if (outcome?.kind === 'signed-in') return openDashboard(email, outcome.tokens);
      onCodeSent({ email, password });
    },
  });
  const accountExists =
    submit.error instanceof IdentityError && submit.error.kind === 'UsernameExistsException';

  return (
    <IdentityCard
      title="Create your clinic account"
      description="Set up Vaidya for your clinic. You will be its owner and can add your staff later."
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to={paths.signIn}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
        <Stack spacing={2.5}>
          {submit.error && (
            <ErrorAlert
              error={submit.error}
              action={
                accountExists && (
                  <Button component={RouterLink} to={paths.signIn} color="inherit" size="small">
                    Sign in
                  </Button>
                )
              }
            />
          )}
          <FormTextField
            control={form.control}
            name="clinicName"
            label="Clinic name"
            helperText="As your patients know it"
            autoComplete="organization"
            autoFocus
          />
          <FormTextField control={form.control} name="name" label="Your name" autoComplete="name" />
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            helperText="You will sign in with this"
            autoComplete="email"
          />
          <FormTextField
            control={form.control}
            name="phoneNumber"
            label="Mobile number"
            type="tel"
            helperText="10-digit mobile number"
            autoComplete="tel-national"
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">+91</InputAdornment> },
              htmlInput: { inputMode: 'tel' },
            }}
          />
          <FormTextField
            control={form.control}
            name="speciality"
            label="Speciality"
            select
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" disabled>
              Choose your speciality
            </option>
            {specialities.map((speciality) => (
              <option key={speciality} value={speciality}>
                {specialityLabels[speciality]}
              </option>
            ))}
          </FormTextField>
          <PasswordField
            control={form.control}
            name="password"
            label="Password"
            helperText={newPasswordHint}
            autoComplete="new-password"
          />
          <SubmitButton loading={submit.isPending || (submit.isSuccess && submit.data !== null)}>
            Create account
          </SubmitButton>
        </Stack>
      </form>
    </IdentityCard>
  );
}
