import { zodResolver } from '@hookform/resolvers/zod';
import { bookingMessages, editNameBody, patientNameMaxLength, type Slot } from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ActionDialog } from '../../../components/action-dialog';
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
    <ActionDialog
      title={words.editNameTitle}
      working={editName.isPending}
      error={editName.error}
      errorFallback={words.editNameFailed}
      cancelLabel={words.close}
      action={{ label: words.save, formId }}
      onClose={onClose}
    >
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
    </ActionDialog>
  );
}
