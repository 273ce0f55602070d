import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BillSummary } from '@vaidya/contract/bills';
import { billsScreenWords } from '@vaidya/contract/bills-screens';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PatientLink } from '../../../components/patient-link';
import { formatRupees } from '../../../lib/money';
import { usePendingAmount } from '../api/bills-api';

const words = billsScreenWords.history;

/**
 * The bills at the location of the patients on the mobile, with what they still owe in all
 * (spec §2 "Bill History dialog"); when a family shares the phone, each bill names its patient.
 */
export function BillHistoryDialog({
  locationId,
  patient,
  onClose,
  onRecordPayment,
}: {
  locationId: string;
  patient: Pick<BillSummary, 'customer_name' | 'customer_mobile'>;
  onClose: () => void;
  /** Offered while the patient owes something. */
  onRecordPayment: () => void;
}) {
  const history = usePendingAmount(locationId, patient.customer_mobile);
  const bills = history.data?.bills ?? [];
  const family = new Set(bills.map((bill) => bill.patient_id)).size > 1;
  const columns = family ? 6 : 5;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {family ? words.familyTitle(patient.customer_mobile) : words.title(patient.customer_name)}
      </DialogTitle>
      <DialogContent>
        {history.isPending ? <LinearProgress aria-label={words.loading} /> : null}
        {history.isError ? <ApiErrorAlert error={history.error} fallback={words.fetchFailed} /> : null}
        {history.isSuccess && bills.length === 0 && history.data.totalBalance === 0 ? (
          <Alert severity="info">{words.empty}</Alert>
        ) : null}
        {history.isSuccess && (bills.length > 0 || history.data.totalBalance !== 0) ? (
          <>
            <Typography variant="h6" component="p" sx={{ mb: 2 }}>
              {words.totalBalance}: {formatRupees(history.data.totalBalance)}
            </Typography>
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    {family ? <TableCell>{words.headers.patient}</TableCell> : null}
                    <TableCell>{words.headers.date}</TableCell>
                    <TableCell align="right">{words.headers.total}</TableCell>
                    <TableCell align="right">{words.headers.tax}</TableCell>
                    <TableCell align="right">{words.headers.paid}</TableCell>
                    <TableCell align="right">{words.headers.balance}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {bills.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={columns} align="center">
                        {words.noRows}
                      </TableCell>
                    </TableRow>
                  ) : (
                    bills.map((bill) => (
                      <TableRow key={bill.id}>
                        {family ? (
                          <TableCell>
                            <PatientLink patientId={bill.patient_id} name={bill.patient_name} />
                          </TableCell>
                        ) : null}
                        <TableCell>{calendarDateEnGb(bill.generated_date)}</TableCell>
                        <TableCell align="right">{formatRupees(bill.final_amount)}</TableCell>
                        <TableCell align="right">{formatRupees(bill.tax)}</TableCell>
                        <TableCell align="right">{formatRupees(bill.amount_paid)}</TableCell>
                        <TableCell align="right">{formatRupees(bill.balance)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{words.close}</Button>
        {history.isSuccess && history.data.totalBalance > 0 ? (
          <Button variant="contained" onClick={onRecordPayment}>
            {billsScreenWords.recordPayment}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
