import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { patientFormWords as words } from '@vaidya/contract/patient-screens';
import { type AddPatientBody, allergyMaxLength, maxAllergies } from '@vaidya/contract/patients';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useMarkUnsaved } from '../../../components/form-dialog';

/**
 * The patient's allergies as chips: typed and added with Enter (or by leaving the field,
 * so an allergy typed but not entered is never lost), each removed from its chip.
 */
export function AllergiesField() {
  const { control } = useFormContext<AddPatientBody>();
  const { field, fieldState } = useController({ control, name: 'allergies' });
  const markUnsaved = useMarkUnsaved();
  const [typed, setTyped] = useState('');
  const allergies = field.value ?? [];

  const addTyped = () => {
    const allergy = typed.trim();
    setTyped('');
    const known = allergies.some((existing) => existing.toLowerCase() === allergy.toLowerCase());
    if (allergy === '' || known) return;
    field.onChange([...allergies, allergy]);
  };
  const remove = (allergy: string) => {
    field.onChange(allergies.filter((existing) => existing !== allergy));
    markUnsaved();
  };

  return (
    <Stack spacing={1}>
      <TextField
        label={words.allergies}
        value={typed}
        fullWidth
        disabled={allergies.length >= maxAllergies}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // Enter adds the allergy; it does not submit the dialog's form.
          event.preventDefault();
          addTyped();
        }}
        onBlur={() => {
          addTyped();
          field.onBlur();
        }}
        inputRef={field.ref}
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message ?? words.allergiesHint}
        slotProps={{ htmlInput: { maxLength: allergyMaxLength } }}
      />
      {allergies.length > 0 ? (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {allergies.map((allergy) => (
            <Chip
              key={allergy}
              label={allergy}
              color="error"
              variant="outlined"
              aria-label={words.removeAllergy(allergy)}
              onClick={() => remove(allergy)}
              onDelete={() => remove(allergy)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
