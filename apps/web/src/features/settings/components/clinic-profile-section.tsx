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
import { FormTextField } from '../../../components/form-text-field';
import { useClinic } from '../../../lib/clinic-context';
import { SectionCard } from '../../schedule/components/section-card';
import { useEditPartnerDetails, useProfileImageCalls } from '../api/profile-api';
import { ImageList } from '../image-list';

/** Only the name and speciality are edited here; the website fields stay as they are when absent. */
const profileFormSchema = editPartnerDetailsBody.pick({ name: true, specialityType: true });

/** Spec §2 "settings": the clinic's name, speciality and profile photos. */
export function ClinicProfileSection() {
  const { partner } = useClinic();
  const save = useEditPartnerDetails();
  const images = useProfileImageCalls();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: partner.name, specialityType: partner.speciality_type },
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
