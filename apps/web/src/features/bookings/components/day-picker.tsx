import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { addDays } from '@vaidya/contract/calendar-dates';

/** The day on view: the phone's own date picker, a day back or forward, and back to today. */
export function DayPicker(props: { day: string; today: string; onChange: (day: string) => void }) {
  const { day, today, onChange } = props;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton aria-label={words.previousDay} onClick={() => onChange(addDays(day, -1))}>
        <ChevronLeftIcon />
      </IconButton>
      <TextField
        type="date"
        size="small"
        label={words.day}
        value={day}
        onChange={(event) => onChange(event.target.value)}
        sx={{ width: 170 }}
      />
      <IconButton aria-label={words.nextDay} onClick={() => onChange(addDays(day, 1))}>
        <ChevronRightIcon />
      </IconButton>
      <Button size="small" onClick={() => onChange(today)} disabled={day === today}>
        {words.today}
      </Button>
    </Stack>
  );
}
