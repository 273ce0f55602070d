import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { permanentTeeth, primaryTeeth } from '@vaidya/contract/consultation-forms';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { useState } from 'react';

type Dentition = 'permanent' | 'primary';

/** FDI quadrants as the dentist faces the patient: upper right, upper left, lower right, lower left. */
const quadrantsOf: Record<Dentition, { teeth: number[]; upper: [number, number]; lower: [number, number] }> =
  {
    permanent: { teeth: permanentTeeth, upper: [1, 2], lower: [4, 3] },
    primary: { teeth: primaryTeeth, upper: [5, 6], lower: [8, 7] },
  };

/** The patient's right side reads from the back tooth to the middle (18→11), the left from the middle out (21→28). */
function quadrant(teeth: number[], number: number, side: 'right' | 'left') {
  const inQuadrant = teeth.filter((tooth) => Math.floor(tooth / 10) === number);
  return side === 'right' ? inQuadrant.toSorted((a, b) => b - a) : inQuadrant.toSorted((a, b) => a - b);
}

/**
 * The FDI tooth chart: permanent or primary teeth, upper jaw over lower, the patient's
 * right on the left of the screen as the dentist sees it. Picking a tooth closes it.
 */
export function ToothChartDialog({
  treatment,
  tooth,
  onPick,
  onClose,
}: {
  treatment: string;
  tooth: number | null;
  onPick: (tooth: number | null) => void;
  onClose: () => void;
}) {
  const [dentition, setDentition] = useState<Dentition>(
    tooth !== null && primaryTeeth.includes(tooth) ? 'primary' : 'permanent',
  );
  const { teeth, upper, lower } = quadrantsOf[dentition];
  const jaw = (label: string, [right, left]: [number, number]) => (
    <Box role="group" aria-label={label}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: { xs: 0.5, sm: 0 }, justifyContent: 'center' }}
      >
        <TeethRow
          teeth={quadrant(teeth, right, 'right')}
          chosen={tooth}
          onPick={onPick}
          side={words.patientRight}
        />
        <Box sx={{ width: { sm: 2 }, mx: { sm: 0.75 }, bgcolor: 'divider', alignSelf: 'stretch' }} />
        <TeethRow
          teeth={quadrant(teeth, left, 'left')}
          chosen={tooth}
          onPick={onPick}
          side={words.patientLeft}
        />
      </Stack>
    </Box>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="md">
      <DialogTitle>{words.toothChartTitle(treatment)}</DialogTitle>
      <DialogContent>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={words.dentition}
          value={dentition}
          onChange={(_event, chosen: Dentition | null) => {
            if (chosen) setDentition(chosen);
          }}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="permanent">{words.permanentTeeth}</ToggleButton>
          <ToggleButton value="primary">{words.primaryTeeth}</ToggleButton>
        </ToggleButtonGroup>
        <Stack spacing={1.5} divider={<Box sx={{ height: 2, bgcolor: 'divider' }} />}>
          {jaw(words.upperJaw, upper)}
          {jaw(words.lowerJaw, lower)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onPick(null)} disabled={tooth === null}>
          {words.clearTooth}
        </Button>
        <Button onClick={onClose}>{words.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function TeethRow({
  teeth,
  chosen,
  side,
  onPick,
}: {
  teeth: number[];
  chosen: number | null;
  side: string;
  onPick: (tooth: number) => void;
}) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: { sm: 'none' }, width: 32, flexShrink: 0 }}
      >
        {side}
      </Typography>
      {teeth.map((tooth) => (
        <Button
          key={tooth}
          size="small"
          variant={tooth === chosen ? 'contained' : 'outlined'}
          aria-label={words.tooth(tooth)}
          aria-pressed={tooth === chosen}
          onClick={() => onPick(tooth)}
          sx={{ minWidth: 0, width: 34, px: 0 }}
        >
          {tooth}
        </Button>
      ))}
    </Stack>
  );
}
