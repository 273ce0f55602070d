import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { patientNameMaxLength } from '@vaidya/contract/bookings';
import { patientFormWords as words } from '@vaidya/contract/patient-screens';
import {
  type AddPatientBody,
  bloodGroups,
  type MedicalAlert,
  medicalAlertLabels,
  medicalAlerts,
  patientNumberMaxLength,
} from '@vaidya/contract/patients';
import { useController, useFormContext } from 'react-hook-form';
import { DateField } from '../../../components/date-field';
import { useMarkUnsaved } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { mobileInputAttributes, typedMobile } from '../../../lib/mobile-input';
import { AllergiesField } from './allergies-field';

const genders = ['male', 'female', 'other'] as const;
const wholeTextFields = { gridColumn: '1 / -1' };

/** A select whose first choice, "Not given", is null in the form, as the contract has it. */
function NullableSelectField({
  name,
  label,
  options,
}: {
  name: 'gender' | 'bloodGroup';
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const { control } = useFormContext<AddPatientBody>();
  const { field, fieldState } = useController({ control, name });
  const markUnsaved = useMarkUnsaved();
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value === '' ? null : event.target.value);
        markUnsaved();
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
    >
      <MenuItem value="">{words.notGiven}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DateOfBirthField() {
  const { control } = useFormContext<AddPatientBody>();
  const { field, fieldState } = useController({ control, name: 'dateOfBirth' });
  return (
    <DateField
      label={words.dateOfBirth}
      name={field.name}
      value={field.value ?? ''}
      onChange={(date) => field.onChange(date === '' ? null : date)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      fullWidth
    />
  );
}

/** The age in whole years as digits; an emptied field is no age (null), as the contract has it. */
function AgeField() {
  const { control } = useFormContext<AddPatientBody>();
  const { field, fieldState } = useController({ control, name: 'age' });
  return (
    <TextField
      label={words.age}
      fullWidth
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '');
        field.onChange(digits === '' ? null : Number(digits));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? words.ageOrBirthDateHint}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
    />
  );
}

function MedicalAlertsField() {
  const { control } = useFormContext<AddPatientBody>();
  const { field } = useController({ control, name: 'medicalAlerts' });
  const ticked = new Set<MedicalAlert>(field.value ?? []);
  const toggle = (alert: MedicalAlert, on: boolean) =>
    field.onChange(medicalAlerts.filter((candidate) => (candidate === alert ? on : ticked.has(candidate))));
  return (
    <FormControl component="fieldset" sx={wholeTextFields}>
      <FormLabel component="legend">{words.medicalAlerts}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {medicalAlerts.map((alert) => (
          <FormControlLabel
            key={alert}
            label={medicalAlertLabels[alert]}
            control={
              <Checkbox
                checked={ticked.has(alert)}
                onChange={(event) => toggle(alert, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/**
 * Every field of a patient's record, read from the form's context: the add and the edit
 * form share them, each checking them with its own contract body. Two to a row from
 * tablets up, one under another on phones.
 */
export function PatientFields({ adding }: { adding: boolean }) {
  const { control } = useFormContext<AddPatientBody>();
  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormTextField
        control={control}
        name="name"
        label={words.name}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: patientNameMaxLength } }}
      />
      <FormTextField
        control={control}
        name="mobile"
        label={words.mobile}
        type="tel"
        required
        keepOfTyped={typedMobile}
        slotProps={{ htmlInput: { ...mobileInputAttributes, autoComplete: 'off' } }}
      />
      <NullableSelectField
        name="gender"
        label={words.gender}
        options={genders.map((gender) => ({ value: gender, label: words.genders[gender] }))}
      />
      <FormTextField
        control={control}
        name="patientNumber"
        label={words.patientNumber}
        helperText={adding ? words.patientNumberHint : undefined}
        slotProps={{ htmlInput: { maxLength: patientNumberMaxLength } }}
      />
      <DateOfBirthField />
      <AgeField />
      <FormTextField
        control={control}
        name="address"
        label={words.address}
        multiline
        minRows={2}
        sx={wholeTextFields}
      />
      <FormTextField control={control} name="email" label={words.email} type="email" />
      <NullableSelectField
        name="bloodGroup"
        label={words.bloodGroup}
        options={bloodGroups.map((group) => ({ value: group, label: group }))}
      />
      <Box sx={wholeTextFields}>
        <AllergiesField />
      </Box>
      <MedicalAlertsField />
      <FormTextField
        control={control}
        name="alertNotes"
        label={words.alertNotes}
        multiline
        sx={wholeTextFields}
      />
      <FormTextField
        control={control}
        name="notes"
        label={words.notes}
        multiline
        minRows={2}
        sx={wholeTextFields}
      />
    </Box>
  );
}
