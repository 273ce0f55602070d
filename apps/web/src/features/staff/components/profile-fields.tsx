import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type DoctorProfileBody, doctorProfileBody, staffMessages } from '@vaidya/contract/staff';
import { doctorProfileTexts as texts } from '@vaidya/contract/staff-screens';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useUpdateDoctorProfile } from '../api/staff-api';
import { type Profile, storedFields } from '../profile';

const profileForm = doctorProfileBody.pick({
  qualification: true,
  registrationCouncil: true,
  registrationNumber: true,
});

/** The three lines, each as long as the contract allows. */
const printedLines = [
  { name: 'qualification', maxLength: 200 },
  { name: 'registrationCouncil', maxLength: 200 },
  { name: 'registrationNumber', maxLength: 50 },
] as const;

/** The three lines printed under the doctor's name, saved together. */
export function ProfileFields({ profile, forOther }: { profile: Profile; forOther: boolean }) {
  const save = useUpdateDoctorProfile();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(profileForm),
    defaultValues: storedFields(profile),
  });
  const submit = (values: Omit<DoctorProfileBody, 'userId' | 'signature'>) =>
    save.mutate(
      { ...values, ...(forOther ? { userId: profile.userId } : {}) },
      { onSuccess: (answer) => toast.success(answer.message ?? staffMessages.profileUpdated) },
    );
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <Stack spacing={2}>
        {save.error ? <ApiErrorAlert error={save.error} fallback={texts.saveError} /> : null}
        {printedLines.map((line) => (
          <FormTextField
            key={line.name}
            control={control}
            name={line.name}
            label={texts[line.name]}
            helperText={texts[`${line.name}Hint`]}
            slotProps={{ htmlInput: { maxLength: line.maxLength } }}
          />
        ))}
        <Box>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {texts.save}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
