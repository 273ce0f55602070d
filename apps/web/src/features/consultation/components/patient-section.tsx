import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { patientNameMaxLength } from '@vaidya/contract/bookings';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import type { FieldErrors } from '../../../components/documents/document-editor';
import { EditorSection } from '../../../components/editor-section';
import { mobileInputAttributes, typedMobile } from '../../../lib/mobile-input';
import type { Draft } from '../consultation-draft';

type PatientFields = Pick<Draft, 'customerName' | 'customerMobile' | 'customerAge' | 'customerGender'>;

const genders = ['male', 'female', 'other'] as const;
const genderOf = (chosen: string) => genders.find((gender) => gender === chosen) ?? '';

export function PatientSection({
  patient,
  errors,
  onChange,
  onShowEarlier,
}: {
  patient: PatientFields;
  errors: FieldErrors;
  onChange: (change: Partial<PatientFields>) => void;
  onShowEarlier: () => void;
}) {
  const fieldError = (name: keyof PatientFields) => ({
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  return (
    <EditorSection
      title={words.patient}
      action={
        <Button size="small" startIcon={<HistoryIcon />} onClick={onShowEarlier}>
          {words.earlierPrescriptions}
        </Button>
      }
    >
      <Stack
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: '3fr 1fr 1.5fr 2fr' },
          '& > .patient-wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        }}
      >
        <TextField
          className="patient-wide"
          size="small"
          label={words.patientName}
          required
          value={patient.customerName}
          onChange={(event) => onChange({ customerName: event.target.value })}
          slotProps={{ htmlInput: { maxLength: patientNameMaxLength } }}
          {...fieldError('customerName')}
        />
        <TextField
          size="small"
          label={words.age}
          value={patient.customerAge}
          onChange={(event) => onChange({ customerAge: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          {...fieldError('customerAge')}
        />
        <TextField
          size="small"
          select
          label={words.gender}
          value={patient.customerGender}
          onChange={(event) => onChange({ customerGender: genderOf(event.target.value) })}
          {...fieldError('customerGender')}
        >
          <MenuItem value="">{words.notGiven}</MenuItem>
          {genders.map((gender) => (
            <MenuItem key={gender} value={gender}>
              {words.genders[gender]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          className="patient-wide"
          size="small"
          label={words.mobile}
          required
          type="tel"
          value={patient.customerMobile}
          onChange={(event) => onChange({ customerMobile: typedMobile(event.target.value) })}
          slotProps={{ htmlInput: { ...mobileInputAttributes, autoComplete: 'off' } }}
          {...fieldError('customerMobile')}
        />
      </Stack>
    </EditorSection>
  );
}
