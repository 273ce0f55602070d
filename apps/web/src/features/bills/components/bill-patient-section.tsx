import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import type { ReactNode } from 'react';
import type { FieldErrors } from '../../../components/documents/document-editor';
import { EditorSection } from '../../../components/editor-section';
import { mobileInputAttributes, typedMobile } from '../../../lib/mobile-input';
import type { BillDraft } from '../bill-draft';

type Patient = Pick<BillDraft, 'customerName' | 'customerMobile'>;

/**
 * Who the bill is for: the name and the mobile it is sent to, whose earlier balance the payment
 * shows; `children` (the doctor) follow them.
 */
export function BillPatientSection({
  patient,
  errors,
  onChange,
  children,
}: {
  patient: Patient;
  errors: FieldErrors;
  onChange: (change: Partial<Patient>) => void;
  children?: ReactNode;
}) {
  return (
    <EditorSection title={words.sections.patient}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={words.patientName}
          required
          value={patient.customerName}
          onChange={(event) => onChange({ customerName: event.target.value })}
          error={Boolean(errors.customerName)}
          helperText={errors.customerName}
        />
        <TextField
          label={words.mobile}
          required
          type="tel"
          value={patient.customerMobile}
          onChange={(event) => onChange({ customerMobile: typedMobile(event.target.value) })}
          error={Boolean(errors.customerMobile)}
          helperText={errors.customerMobile}
          slotProps={{ htmlInput: mobileInputAttributes }}
        />
        {children}
      </Box>
    </EditorSection>
  );
}
