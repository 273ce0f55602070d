import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { partnerMessages, toothNumberings, websiteAddress } from '@vaidya/contract/partner';
import { bookingWindowDaysSchema, editPartnerDetailsBody } from '@vaidya/contract/partner-settings';
import { clinicProfileTexts as texts, websiteLinkTexts } from '@vaidya/contract/settings-screens';
import { specialities } from '@vaidya/contract/specialities';
import { specialityLabels } from '@vaidya/contract/speciality-labels';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { WebsiteLink } from '../../../components/website-link';
import { useClinic } from '../../../lib/clinic-context';
import { useEditPartnerDetails, useProfileImageCalls } from '../api/profile-api';
import { ImageList } from '../image-list';

/** A blank website field clears it: the API takes null for that. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const profileFormSchema = editPartnerDetailsBody
  .pick({ name: true, specialityType: true, toothNumbering: true, printDentalChart: true })
  .extend({
    qrCodeDomain: z.preprocess(blankToNull, editPartnerDetailsBody.shape.qrCodeDomain),
    domainUrl: z.preprocess(blankToNull, editPartnerDetailsBody.shape.domainUrl),
    // The field holds text; a blank reads as 0, which the contract's rule refuses in its own words.
    bookingWindowDays: z.coerce
      .number<string>({ error: partnerMessages.invalidBookingWindow })
      .pipe(bookingWindowDaysSchema),
  });

/**
 * Spec §2 "settings": the clinic's name, speciality, booking website address and window, and
 * profile photos; for a dentist, how the dental chart numbers teeth and whether prescriptions
 * print it (issue 22).
 */
export function ClinicProfileSection() {
  const { partner } = useClinic();
  // As saved: what the QR code and the dashboard's navigation open.
  const bookingWebsite = websiteAddress(partner, window.location.origin);
  const save = useEditPartnerDetails();
  const images = useProfileImageCalls();
  const { control, handleSubmit, watch } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      name: partner.name,
      specialityType: partner.speciality_type,
      qrCodeDomain: partner.qr_code_domain ?? '',
      domainUrl: partner.domain_url ?? '',
      bookingWindowDays: String(partner.booking_window_days),
      toothNumbering: partner.tooth_numbering,
      printDentalChart: partner.print_dental_chart,
    },
  });
  const dentist = watch('specialityType') === 'DENTIST';
  // The chart's settings are a dentist's: another clinic's form does not send them.
  const submit = handleSubmit(({ toothNumbering, printDentalChart, ...profile }) =>
    save.mutate(dentist ? { ...profile, toothNumbering, printDentalChart } : profile, {
      onSuccess: (saved) => toast.success(saved.message ?? partnerMessages.detailsUpdated),
    }),
  );

  return (
    <SectionCard title={texts.title} description={texts.description}>
      <Stack spacing={2}>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <FormTextField control={control} name="name" label={texts.name} required />
            <FormTextField control={control} name="specialityType" label={texts.speciality} select required>
              {specialities.map((speciality) => (
                <MenuItem key={speciality} value={speciality}>
                  {specialityLabels[speciality]}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="qrCodeDomain"
              label={texts.websiteName}
              helperText={texts.websiteNameHint(window.location.origin)}
            />
            {bookingWebsite && (
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {websiteLinkTexts.yourWebsite}
                </Typography>
                <WebsiteLink address={bookingWebsite} />
              </Box>
            )}
            <FormTextField
              control={control}
              name="domainUrl"
              label={texts.domainUrl}
              helperText={texts.domainUrlHint}
            />
            <FormTextField
              control={control}
              name="bookingWindowDays"
              label={texts.bookingWindowDays}
              helperText={texts.bookingWindowDaysHint}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            {dentist ? (
              <>
                <FormTextField
                  control={control}
                  name="toothNumbering"
                  label={texts.toothNumbering}
                  helperText={texts.toothNumberingHint}
                  select
                >
                  {toothNumberings.map((numbering) => (
                    <MenuItem key={numbering} value={numbering}>
                      {texts.toothNumberings[numbering]}
                    </MenuItem>
                  ))}
                </FormTextField>
                <Controller
                  control={control}
                  name="printDentalChart"
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={field.value ?? false}
                          onChange={(event) => field.onChange(event.target.checked)}
                          onBlur={field.onBlur}
                          slotProps={{ input: { ref: field.ref } }}
                        />
                      }
                      label={texts.printDentalChart}
                    />
                  )}
                />
              </>
            ) : null}
            {save.error ? <Alert severity="error">{save.error.message || texts.saveError}</Alert> : null}
            <Box>
              <Button type="submit" variant="contained" loading={save.isPending}>
                {texts.save}
              </Button>
            </Box>
          </Stack>
        </Box>
        <ImageList
          label={texts.profileImages}
          images={partner.profile_images}
          purpose="profile-image"
          add={images.add.mutateAsync}
          remove={images.remove.mutateAsync}
          removing={images.remove.isPending}
        />
      </Stack>
    </SectionCard>
  );
}
