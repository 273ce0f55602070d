import TextField from '@mui/material/TextField';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import { useClinic } from '../../../lib/clinic-context';
import type { BillDraft } from '../bill-draft';

/** The option that leaves a new bill of a booking to its queue's doctor. */
const fromBooking = 'booking';

type Doctor = Pick<BillDraft, 'doctorUserId' | 'doctorName'>;

/**
 * The bill's doctor (issue 23), one of the clinic's doctors and owners: printed on the bill
 * and its receipts with their registration number. Until one is chosen, a new bill of a booking
 * shows the booking's doctor, any other the signed-in user when they are a doctor.
 */
export function BillDoctorField({
  draft,
  forBooking,
  onChange,
}: {
  draft: Doctor;
  forBooking: boolean;
  onChange: (change: Doctor) => void;
}) {
  const { user, doctors } = useClinic().partner;
  const { doctorUserId, doctorName } = draft;
  // A saved bill's doctor who has since left stays shown as its doctor.
  const options =
    doctorUserId && doctorName && !doctors.some((doctor) => doctor.id === doctorUserId)
      ? [...doctors, { id: doctorUserId, name: doctorName }]
      : doctors;
  const unchosen = forBooking ? fromBooking : user.role === 'doctor' ? user.id : '';
  return (
    <TextField
      select
      label={words.doctor}
      value={doctorUserId === undefined ? unchosen : (doctorUserId ?? '')}
      onChange={({ target: { value } }) =>
        onChange({ doctorUserId: value === fromBooking ? undefined : value || null })
      }
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {forBooking ? <option value={fromBooking}>{words.bookingDoctor}</option> : null}
      <option value="">{words.noDoctor}</option>
      {options.map((doctor) => (
        <option key={doctor.id} value={doctor.id}>
          {doctor.name}
        </option>
      ))}
    </TextField>
  );
}
