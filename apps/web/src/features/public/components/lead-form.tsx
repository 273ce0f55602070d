import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { leadRequest, leadThanks } from '@vaidya/contract/leads';
import { leadFormTexts as texts } from '@vaidya/contract/public-screens';
import { specialityLabels } from '@vaidya/contract/speciality-labels';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { mobileInputAttributes, typedMobile } from '../../../lib/mobile-input';
import { type Lead, useCreateLead } from '../api/create-lead';

const leadFields = ['phoneNumber', 'name', 'specialty', 'location'] as const;
type LeadField = (typeof leadFields)[number];

/** The server names the field it refused: `{ message: "phoneNumber: <reason>", code: "VALIDATION_FAILED" }`. */
function refusedField(error: unknown): { field: LeadField; reason: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const [, field, reason] = /^(\w+): (.+)$/.exec(error.message) ?? [];
  const known = leadFields.find((candidate) => candidate === field);
  return known && reason ? { field: known, reason } : null;
}

// Suggestions only: a clinic may describe itself in its own words ("Orthodontist").
const specialitySuggestions = Object.entries(specialityLabels)
  .filter(([speciality]) => speciality !== 'OTHER')
  .map(([, label]) => label);

/** A clinic asks to be called back (spec §1, lead capture): the landing page's popup and the contact page. */
export function LeadForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const suggestionsId = useId();
  const form = useForm({
    resolver: zodResolver(leadRequest),
    defaultValues: { phoneNumber: '', name: '', specialty: '', location: '' },
    mode: 'onSubmit',
  });
  const submit = useCreateLead();

  function send(lead: Lead) {
    submit.mutate(lead, {
      onError: (error) => {
        const refused = refusedField(error);
        if (refused) form.setError(refused.field, { message: refused.reason }, { shouldFocus: true });
      },
    });
  }

  if (submit.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {submit.data.message ?? leadThanks}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(send)}>
      <Stack spacing={2.5}>
        {submit.error && !refusedField(submit.error) && <ErrorAlert error={submit.error} />}
        <FormTextField
          control={form.control}
          name="phoneNumber"
          label={texts.phoneNumber}
          type="tel"
          helperText={texts.phoneNumberHint}
          autoComplete="tel-national"
          autoFocus={autoFocus}
          keepOfTyped={typedMobile}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">{texts.countryCode}</InputAdornment> },
            htmlInput: mobileInputAttributes,
          }}
        />
        <FormTextField control={form.control} name="name" label={texts.name} autoComplete="name" />
        <FormTextField
          control={form.control}
          name="specialty"
          label={texts.specialty}
          helperText={texts.specialtyHint}
          slotProps={{ htmlInput: { list: suggestionsId } }}
        />
        <datalist id={suggestionsId}>
          {specialitySuggestions.map((label) => (
            <option key={label} value={label} />
          ))}
        </datalist>
        <FormTextField
          control={form.control}
          name="location"
          label={texts.location}
          helperText={texts.locationHint}
          autoComplete="address-level2"
        />
        <SubmitButton loading={submit.isPending}>{texts.submit}</SubmitButton>
      </Stack>
    </form>
  );
}
