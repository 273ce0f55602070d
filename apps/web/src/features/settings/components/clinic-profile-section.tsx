import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { specialities } from '@vaidya/contract/identity';
import { specialityLabels } from '@vaidya/contract/identity-screens';
import { editPartnerDetailsBody, partnerMessages } from '@vaidya/contract/partner';
import { clinicProfileTexts as texts } from '@vaidya/contract/settings-screens';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { useClinic } from '../../../lib/clinic-context';
import { SectionCard } from '../../schedule/components/section-card';
import { useEditPartnerDetails, useProfileImageCalls } from '../api/profile-api';
import { ImageList } from '../image-list';

/** A blank website field clears it: the API takes null for that. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const profileFormSchema = editPartnerDetailsBody.pick({ name: true, specialityType: true }).extend({
  qrCodeDomain: z.preprocess(blankToNull, editPartnerDetailsBody.shape.qrCodeDomain),
  domainUrl: z.preprocess(blankToNull, editPartnerDetailsBody.shape.domainUrl),
});

/** Spec §2 "settings": the clinic's name, speciality, booking website address and profile photos. */
export function ClinicProfileSection() {
  const { partner } = useClinic();
  const save = useEditPartnerDetails();
  const images = useProfileImageCalls();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      name: partner.name,
      specialityType: partner.speciality_type,
      qrCodeDomain: partner.qr_code_domain ?? '',
      domainUrl: partner.domain_url ?? '',
    },
  });
  const submit = handleSubmit((payload) =>
    save.mutate(payload, {
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
            <FormTextField
              control={control}
              name="domainUrl"
              label={texts.domainUrl}
              helperText={texts.domainUrlHint}
            />
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
