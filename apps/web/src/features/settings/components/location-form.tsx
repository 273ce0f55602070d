import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import type { Location } from '@vaidya/contract/partner';
import { type AddLocationBody, addLocationBody, scheduleTextMaxLength } from '@vaidya/contract/schedule';
import { settingsScreenTexts } from '@vaidya/contract/schedule-screens';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';

const texts = settingsScreenTexts.locations;

export function LocationForm({
  location,
  formId,
  onSubmit,
}: {
  location: Location | null;
  formId: string;
  onSubmit: (payload: AddLocationBody) => void;
}) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(addLocationBody),
    defaultValues: {
      locationName: location?.location_name ?? '',
      address: location?.address ?? '',
      contactNo: location?.contact_no ?? '',
    },
  });
  return (
    <form id={formId} noValidate onSubmit={handleSubmit(onSubmit)}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="locationName"
          label={texts.name}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: scheduleTextMaxLength.locationName } }}
        />
        <FormTextField
          control={control}
          name="address"
          label={texts.address}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: scheduleTextMaxLength.address } }}
        />
        <FormTextField
          control={control}
          name="contactNo"
          label={texts.contactNo}
          type="tel"
          helperText={texts.contactNoHint}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: scheduleTextMaxLength.contactNo } }}
        />
      </Stack>
    </form>
  );
}
