import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { addDays } from '@vaidya/contract/calendar-dates';
import { DateField } from '../../../components/date-field';

/** The day on view: typed DD/MM/YYYY or picked on the calendar, a day back or forward, and back to today. */
export function DayPicker(props: { day: string; today: string; onChange: (day: string) => void }) {
  const { day, today, onChange } = props;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton aria-label={words.previousDay} onClick={() => onChange(addDays(day, -1))}>
        <ChevronLeftIcon />
      </IconButton>
      <DateField
        size="small"
        label={words.day}
        value={day}
        onChange={(date) => date && onChange(date)}
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
