import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { EditorSection } from '../../../components/editor-section';
import { newRowKey, type VitalRow } from '../consultation-draft';

/** Type and value per row: BP, Pulse, … offered ready, any other type typed in a new row. */
export function VitalsSection({
  rows,
  onChange,
}: {
  rows: VitalRow[];
  onChange: (rows: VitalRow[]) => void;
}) {
  const change = (key: string, values: Partial<VitalRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...values } : row)));
  return (
    <EditorSection
      title={words.vitals}
      action={
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...rows, { key: newRowKey(), type: '', value: '' }])}
        >
          {words.addVital}
        </Button>
      }
    >
      <Stack
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {rows.map((row) => (
          <Stack key={row.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              label={words.vitalType}
              value={row.type}
              onChange={(event) => change(row.key, { type: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              label={row.type.trim() === '' ? words.vitalValue : row.type}
              value={row.value}
              onChange={(event) => change(row.key, { value: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              sx={{ flex: 1 }}
            />
            <IconButton
              size="small"
              aria-label={words.removeVital(row.type.trim())}
              onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
    </EditorSection>
  );
}
