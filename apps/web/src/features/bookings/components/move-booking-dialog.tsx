import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { bookingMessages, type Slot } from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useBookingMutations, useFreeSlots } from '../api/bookings-api';
import { FreeSlotField, FreeSlotsNotice } from './free-slot-field';

/** Moves one booking to a free time of its own day; the token stays the same. */
export function MoveBookingDialog({ booking, onClose }: { booking: Slot; onClose: () => void }) {
  const { move } = useBookingMutations();
  const free = useFreeSlots(booking.queue_id, booking.date, true);
  const [startTime, setStartTime] = useState('');
  const slots = free.data?.data;
  const close = () => {
    if (!move.isPending) onClose();
  };
  const confirm = () =>
    move.mutate(
      { slotId: booking.id, startTime },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? bookingMessages.timeUpdated);
          onClose();
        },
        // The chosen time may be the one just taken; the refreshed list no longer offers it.
        onError: () => setStartTime(''),
      },
    );
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{words.moveTitle}</DialogTitle>
      <DialogContent>
        {move.error ? <ApiErrorAlert error={move.error} fallback={words.moveFailed} sx={{ mb: 2 }} /> : null}
        <DialogContentText sx={{ mb: 1 }}>
          {words.moveText(booking.customer.name, timeOfDayEnIn(booking.start_time))}
        </DialogContentText>
        <FreeSlotsNotice
          slots={slots}
          loading={free.isPending}
          error={free.error}
          onRetry={() => free.refetch()}
        />
        {slots && slots.length > 0 ? (
          <FreeSlotField slots={slots} value={startTime} onChange={setStartTime} />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={move.isPending}>
          {words.close}
        </Button>
        <Button onClick={confirm} variant="contained" disabled={startTime === ''} loading={move.isPending}>
          {words.moveTo}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
