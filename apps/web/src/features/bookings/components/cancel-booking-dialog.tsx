import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { bookingMessages, type Slot } from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useBookingMutations } from '../api/bookings-api';

/** Asks before cancelling: a cancelled token is gone for good, and its time is offered to others. */
export function CancelBookingDialog({ booking, onClose }: { booking: Slot; onClose: () => void }) {
  const { cancel } = useBookingMutations();
  const close = () => {
    if (!cancel.isPending) onClose();
  };
  const confirm = () =>
    cancel.mutate(booking.id, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? bookingMessages.cancelled);
        onClose();
      },
    });
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{words.cancelTitle}</DialogTitle>
      <DialogContent>
        {cancel.error ? (
          <ApiErrorAlert error={cancel.error} fallback={words.cancelFailed} sx={{ mb: 2 }} />
        ) : null}
        <DialogContentText>
          {words.cancelText(booking.customer.name, booking.token_number, timeOfDayEnIn(booking.start_time))}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={cancel.isPending}>
          {words.keepBooking}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" loading={cancel.isPending}>
          {words.confirmCancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
