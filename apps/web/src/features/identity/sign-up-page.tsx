import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import { useMutation } from '@tanstack/react-query';
import { identityWords, signUpScreen as texts } from '@vaidya/contract/identity-screens';
import { referralCodeParam } from '@vaidya/contract/referrals';
import { referralSignUpTexts } from '@vaidya/contract/referrals-screens';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { SpecialityOptions } from '../../components/speciality-options';
import { SubmitButton } from '../../components/submit-button';
import { IdentityError, signIn, signUp } from '../../lib/identity-client';
import { mobileInputAttributes, typedMobile } from '../../lib/mobile-input';
import { paths } from '../../lib/paths';
import { ConfirmEmailStep } from './components/confirm-email-step';
import { IdentityCard } from './components/identity-card';
import { NewPasswordField } from './components/new-password-field';
import { signUpForm } from './identity-forms';
import { useReferrer } from './referrer-api';
import { useOpenDashboard } from './use-open-dashboard';

type SignUpValues = z.output<typeof signUpForm>;

const starterListsHintId = 'sign-up-starter-lists-hint';

/** A new clinic creates its owner account, confirms the email with a code and lands in the dashboard. */
export function SignUpPage() {
  const [pendingConfirmation, setPendingConfirmation] = useState<{ email: string; password: string } | null>(
    null,
  );

  if (pendingConfirmation) {
    return (
      <ConfirmEmailStep {...pendingConfirmation} description={texts.codeSent(pendingConfirmation.email)} />
    );
  }
  return <DetailsStep onCodeSent={setPendingConfirmation} />;
}

function DetailsStep({ onCodeSent }: { onCodeSent: (account: { email: string; password: string }) => void }) {
  const openDashboard = useOpenDashboard();
  // A referral link (`?ref=<code>`) signs the clinic up as referred by the link's owner.
  const referralCode = useSearchParams()[0].get(referralCodeParam);
  const referrer = useReferrer(referralCode);
  const form = useForm({
    resolver: zodResolver(signUpForm),
    defaultValues: { clinicName: '', name: '', email: '', phoneNumber: '', password: '', starterLists: true },
    mode: 'onSubmit',
  });
  const [email, name, clinicName] = useWatch({
    control: form.control,
    name: ['email', 'name', 'clinicName'],
  });

  const submit = useMutation({
    mutationFn: async (values: SignUpValues) => {
      const result = await signUp({
        ...values,
        phoneNumber: `+91${values.phoneNumber}`,
        ...(referralCode ? { referralCode } : {}),
      });
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
      title={texts.title}
      description={texts.description}
      footer={{ lead: texts.alreadyHaveAccount, to: paths.signIn, label: identityWords.signIn }}
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      {referrer.data ? (
        <Alert severity="info">{referralSignUpTexts.referredBy(referrer.data.clinic_name)}</Alert>
      ) : null}
      {submit.error && (
        <ErrorAlert
          error={submit.error}
          action={
            accountExists && (
              <Button component={RouterLink} to={paths.signIn} color="inherit" size="small">
                {identityWords.signIn}
              </Button>
            )
          }
        />
      )}
      <FormTextField
        control={form.control}
        name="clinicName"
        label={texts.clinicName}
        helperText={texts.clinicNameHint}
        autoComplete="organization"
        autoFocus
      />
      <FormTextField control={form.control} name="name" label={texts.yourName} autoComplete="name" />
      <FormTextField
        control={form.control}
        name="email"
        label={identityWords.email}
        type="email"
        helperText={texts.emailHint}
        autoComplete="email"
      />
      <FormTextField
        control={form.control}
        name="phoneNumber"
        label={texts.mobileNumber}
        type="tel"
        helperText={texts.mobileNumberHint}
        autoComplete="tel-national"
        keepOfTyped={typedMobile}
        slotProps={{
          input: {
            startAdornment: <InputAdornment position="start">{texts.countryCode}</InputAdornment>,
          },
          htmlInput: mobileInputAttributes,
        }}
      />
      <FormTextField
        control={form.control}
        name="speciality"
        label={texts.speciality}
        select
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <SpecialityOptions prompt={texts.chooseSpeciality} />
      </FormTextField>
      <NewPasswordField
        control={form.control}
        name="password"
        label={identityWords.password}
        email={email}
        personName={name}
        clinicName={clinicName}
      />
      <Controller
        control={form.control}
        name="starterLists"
        render={({ field }) => (
          <div>
            <FormControlLabel
              label={texts.starterLists}
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { 'aria-describedby': starterListsHintId } }}
                />
              }
            />
            <FormHelperText id={starterListsHintId} sx={{ mt: 0, ml: 4 }}>
              {texts.starterListsHint}
            </FormHelperText>
          </div>
        )}
      />
      <SubmitButton loading={submit.isPending || (submit.isSuccess && submit.data !== null)}>
        {texts.submit}
      </SubmitButton>
    </IdentityCard>
  );
}
