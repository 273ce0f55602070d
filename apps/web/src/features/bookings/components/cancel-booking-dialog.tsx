import { bookingMessages, type Slot } from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useBookingMutations } from '../api/bookings-api';

/** Asks before cancelling: a cancelled token is gone for good, and its time is offered to others. */
export function CancelBookingDialog({ booking, onClose }: { booking: Slot; onClose: () => void }) {
  const { cancel } = useBookingMutations();
  const confirm = () =>
    cancel.mutate(booking.id, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? bookingMessages.cancelled);
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      title={words.cancelTitle}
      body={words.cancelText(booking.customer.name, booking.token_number, timeOfDayEnIn(booking.start_time))}
      working={cancel.isPending}
      error={cancel.error}
      errorFallback={words.cancelFailed}
      cancelLabel={words.keepBooking}
      confirmLabel={words.confirmCancel}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
