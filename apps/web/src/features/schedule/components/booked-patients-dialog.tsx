import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { Slot } from '@vaidya/contract/bookings';
import type { BookingsChoice } from '@vaidya/contract/schedule';
import { scheduleScreenTexts } from '@vaidya/contract/schedule-screens';
import { useId, useState } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { formatDay, formatPeriod } from '../schedule-dates';

const texts = scheduleScreenTexts.bookedPatients;

interface BookedPatientsDialogProps {
  /** The open bookings the change would take away; the dialog is open while it holds some. */
  bookings: Slot[] | null;
  /** Why these bookings are reached: the off-day, the new session times, the new slot size. */
  because: string;
  /** The choice being saved, while it is. */
  saving: BookingsChoice | null;
  error: unknown;
  errorFallback: string;
  onChoose: (choice: BookingsChoice) => void;
  onBack: () => void;
}

/**
 * Before a change that takes time away is saved: how many patients are booked in that time and
 * who (token, date and time, name), and whether to keep their bookings or cancel them and
 * message each patient. Go back returns to the change's form; nothing can be closed while saving.
 */
export function BookedPatientsDialog({
  bookings,
  because,
  saving,
  error,
  errorFallback,
  onChoose,
  onBack,
}: BookedPatientsDialogProps) {
  const titleId = useId();
  // The list stays while the dialog fades out after a choice or Go back.
  const [shown, setShown] = useState(bookings);
  if (bookings !== null && bookings !== shown) setShown(bookings);
  const open = bookings !== null && bookings.length > 0;
  const listed = shown ?? [];
  const busy = saving !== null;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onBack}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      // Wide enough for Go back and both choices on one line; on a phone they stand one above the other.
      slotProps={{ paper: { sx: { maxWidth: 720 } } }}
    >
      <DialogTitle id={titleId}>{texts.title(listed.length)}</DialogTitle>
      <DialogContent>
        {error ? <ApiErrorAlert error={error} fallback={errorFallback} sx={{ mb: 2 }} /> : null}
        <DialogContentText>{because}</DialogContentText>
        <List dense aria-label={texts.listLabel}>
          {listed.map((booking) => (
            <ListItem key={booking.id} divider disableGutters>
              <ListItemText
                primary={texts.tokenAndName(booking.token_number, booking.customer.name)}
                secondary={`${formatDay(booking.date)}, ${formatPeriod(booking.start_time, booking.end_time)}`}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions
        disableSpacing
        sx={{
          gap: 1,
          px: 3,
          pb: 2,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        <Button onClick={onBack} disabled={busy} sx={{ mr: { sm: 'auto' } }}>
          {texts.back}
        </Button>
        <Button
          variant="outlined"
          onClick={() => onChoose('keep')}
          loading={saving === 'keep'}
          disabled={saving === 'cancel'}
        >
          {texts.keep}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => onChoose('cancel')}
          loading={saving === 'cancel'}
          disabled={saving === 'keep'}
        >
          {texts.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
