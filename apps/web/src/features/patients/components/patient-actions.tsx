import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import MergeIcon from '@mui/icons-material/MergeType';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { patientPageWords as words } from '@vaidya/contract/patient-screens';
import type { PatientRecord } from '@vaidya/contract/patients';
import { Link as RouterLink } from 'react-router';
import type { BookingHandover } from '../../../lib/booking-handover';
import { useMay } from '../../../lib/partner-details-query';
import { paths } from '../../../lib/paths';

/**
 * What the desk does for the patient from their page. Book appointment, New prescription
 * and New bill go to the bookings screen and the two editors with the patient handed over
 * (`BookingHandover`), as the bookings screen hands a booking's patient on; Merge joins a
 * duplicate record of the patient to this one or this one to it; Record payment
 * is offered while something is due and a location is selected, as dues are per location.
 * The buttons wrap onto the next line on a narrow screen, in the order they are read.
 */
export function PatientActions({
  patient,
  canRecordPayment,
  onRecordPayment,
  onEdit,
  onMerge,
}: {
  patient: PatientRecord;
  canRecordPayment: boolean;
  onRecordPayment: () => void;
  onEdit: () => void;
  /** Merge this record with another record of the same patient. */
  onMerge: () => void;
}) {
  const handover: BookingHandover = { patient };
  const mayPrescribe = useMay('clinicalRecords');
  return (
    <Box
      role="group"
      aria-label={words.actionsLabel}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: { sm: 'flex-end' } }}
    >
      <Button
        variant="contained"
        startIcon={<EventIcon />}
        component={RouterLink}
        to={paths.dashboardHome}
        state={handover}
      >
        {words.bookAppointment}
      </Button>
      {mayPrescribe ? (
        <Button
          variant="outlined"
          startIcon={<NoteAddIcon />}
          component={RouterLink}
          to={paths.consultation}
          state={handover}
        >
          {words.newPrescription}
        </Button>
      ) : null}
      <Button
        variant="outlined"
        startIcon={<ReceiptLongIcon />}
        component={RouterLink}
        to={paths.billEditor}
        state={handover}
      >
        {words.newBill}
      </Button>
      {canRecordPayment ? (
        <Button variant="outlined" startIcon={<PaymentsIcon />} onClick={onRecordPayment}>
          {words.recordPayment}
        </Button>
      ) : null}
      <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
        {words.edit}
      </Button>
      <Button variant="outlined" startIcon={<MergeIcon />} onClick={onMerge}>
        {words.merge}
      </Button>
    </Box>
  );
}
