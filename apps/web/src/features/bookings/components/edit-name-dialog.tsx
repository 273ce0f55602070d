import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { bookingMessages, editNameBody, patientNameMaxLength, type Slot } from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useBookingMutations } from '../api/bookings-api';

const nameForm = editNameBody.pick({ customerName: true });

/** Corrects the patient's name on one booking; keyed by the booking, so each opening starts from its name. */
export function EditNameDialog({ booking, onClose }: { booking: Slot; onClose: () => void }) {
  const { editName } = useBookingMutations();
  const formId = useId();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(nameForm),
    defaultValues: { customerName: booking.customer.name },
  });
  const close = () => {
    if (!editName.isPending) onClose();
  };
  const save = handleSubmit(({ customerName }) =>
    editName.mutate(
      { slotId: booking.id, customerName },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? bookingMessages.nameUpdated);
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{words.editNameTitle}</DialogTitle>
      <DialogContent>
        {editName.error ? (
          <ApiErrorAlert error={editName.error} fallback={words.editNameFailed} sx={{ mb: 2 }} />
        ) : null}
        <form id={formId} noValidate onSubmit={save}>
          <FormTextField
            control={control}
            name="customerName"
            label={words.nameLabel}
            required
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: patientNameMaxLength } }}
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={editName.isPending}>
          {words.close}
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={editName.isPending}>
          {words.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
