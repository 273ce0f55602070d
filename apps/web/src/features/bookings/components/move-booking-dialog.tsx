import DialogContentText from '@mui/material/DialogContentText';
import { bookingMessages, type Slot } from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ActionDialog } from '../../../components/action-dialog';
import { useBookingMutations, useFreeSlots } from '../api/bookings-api';
import { FreeSlotField, FreeSlotsNotice } from './free-slot-field';

/** Moves one booking to a free time of its own day; the token stays the same. */
export function MoveBookingDialog({ booking, onClose }: { booking: Slot; onClose: () => void }) {
  const { move } = useBookingMutations();
  const free = useFreeSlots(booking.queue_id, booking.date, true);
  const [startTime, setStartTime] = useState('');
  const slots = free.data?.data;
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
    <ActionDialog
      title={words.moveTitle}
      working={move.isPending}
      error={move.error}
      errorFallback={words.moveFailed}
      cancelLabel={words.close}
      action={{ label: words.moveTo, onClick: confirm, disabled: startTime === '' }}
      onClose={onClose}
    >
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
    </ActionDialog>
  );
}
