import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { reportMessages } from '@vaidya/contract/reports';
import { rangePickLabels, reportScreenWords as words } from '@vaidya/contract/reports-screens';
import type { ReactNode } from 'react';
import { DateField } from '../../../components/date-field';
import { useClinic } from '../../../lib/clinic-context';
import { type ReportRangeState, rangeOfPick, rangePicks } from '../report-range';

const shrunkLabel = { inputLabel: { shrink: true } } as const;

/** A native select of a report's choices: light, and a phone's own picker. */
export function ChoiceField<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Value)}
      slotProps={{ select: { native: true }, ...shrunkLabel }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/**
 * Which location a report covers: the one being worked on (the app bar's) or every location
 * the signed-in person works at. With one location there is nothing to choose.
 */
export function LocationChoice({
  allLocations,
  onChange,
}: {
  allLocations: boolean;
  onChange: (allLocations: boolean) => void;
}) {
  const { partner, location } = useClinic();
  if (partner.locations.length < 2 || !location) return null;
  return (
    <ChoiceField
      label={words.location}
      value={allLocations ? 'all' : 'current'}
      options={[
        { value: 'current', label: location.location_name },
        { value: 'all', label: words.allLocations },
      ]}
      onChange={(choice) => onChange(choice === 'all')}
    />
  );
}

/**
 * A report's days (quick picks, or From and To typed or picked) and location, with the
 * report's own choices (`children`) beside them. Dates in the wrong order ask nothing and say so.
 */
export function ReportFilters({ range, children }: { range: ReportRangeState; children?: ReactNode }) {
  return (
    <Box role="group" aria-label={words.filters} sx={{ mb: 2 }}>
      <Stack
        direction="row"
        role="group"
        aria-label={words.quickRange}
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        {rangePicks.map((pick) => (
          <Button
            key={pick}
            size="small"
            variant={range.pickedRange === pick ? 'contained' : 'outlined'}
            aria-pressed={range.pickedRange === pick}
            onClick={() => range.setDates(rangeOfPick(pick, range.today))}
          >
            {rangePickLabels[pick]}
          </Button>
        ))}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(auto-fill, minmax(180px, 1fr))' },
        }}
      >
        {(['from', 'to'] as const).map((end) => (
          <DateField
            key={end}
            label={words[end]}
            value={range.range[end]}
            onChange={(date) => range.setDates({ [end]: date })}
            error={range.crossed && end === 'from' ? reportMessages.fromAfterTo : undefined}
          />
        ))}
        <LocationChoice allLocations={range.allLocations} onChange={range.setAllLocations} />
        {children}
      </Box>
    </Box>
  );
}
