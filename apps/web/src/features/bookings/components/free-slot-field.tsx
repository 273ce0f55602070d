import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import type { AvailableSlot } from '@vaidya/contract/schedule';
import { ApiErrorAlert } from '../../../components/api-error-alert';

interface FreeSlotsState {
  slots: AvailableSlot[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** What a dialog shows instead of its time picker while the free times load, fail or run out; null when there are some. */
export function FreeSlotsNotice({ slots, loading, error, onRetry }: FreeSlotsState) {
  if (loading) return <LinearProgress aria-label={words.slotsLoading} sx={{ my: 2 }} />;
  if (error)
    return (
      <ApiErrorAlert
        error={error}
        fallback={words.slotsFetchError}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {words.retry}
          </Button>
        }
      />
    );
  if (slots?.length === 0) return <Alert severity="info">{words.noFreeSlots}</Alert>;
  return null;
}

/** One free time of the day, picked from a list: a day of short slots holds dozens. */
export function FreeSlotField({
  slots,
  value,
  onChange,
  errorText,
}: {
  slots: AvailableSlot[];
  value: string;
  onChange: (startTime: string) => void;
  errorText?: string | undefined;
}) {
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={words.freeTime}
      error={Boolean(errorText)}
      helperText={errorText}
      value={slots.some((slot) => slot.start_time === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    >
      {slots.map((slot) => (
        <MenuItem key={slot.start_time} value={slot.start_time}>
          {words.slotRange(timeOfDayEnIn(slot.start_time), timeOfDayEnIn(slot.end_time))}
        </MenuItem>
      ))}
    </TextField>
  );
}
