import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { calendarDateEnGb, clinicTime } from '@vaidya/contract/calendar-dates';
import type { DaySummary } from '@vaidya/contract/day-close';
import { dayCloseScreenWords } from '@vaidya/contract/day-close-screens';
import { paymentModeWords } from '@vaidya/contract/record-states';
import { PatientLink } from '../../../components/patient-link';
import { ScrollBox } from '../../../components/scroll-box';
import { formatRupees } from '../../../lib/money';

const words = dayCloseScreenWords;
const totalRow = { '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } };

/** Cash, UPI and card received on the day, and their total. */
export function CollectionsTable({ summary }: { summary: DaySummary }) {
  return (
    <Table size="small" aria-label={words.collections.listName}>
      <TableBody>
        {summary.collections.map((collection) => (
          <TableRow key={collection.mode}>
            <TableCell component="th" scope="row">
              {paymentModeWords[collection.mode]}
            </TableCell>
            <TableCell align="right">{formatRupees(collection.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter sx={totalRow}>
        <TableRow>
          <TableCell>{words.collections.total}</TableCell>
          <TableCell align="right">{formatRupees(summary.total_received)}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

const billHeaders = words.bills.headers;

/** The live bills dated the day: what each came to, what was paid on it that day, what is still owed. */
export function DayBillsTable({ summary }: { summary: DaySummary }) {
  if (summary.bills.length === 0) return <Typography color="text.secondary">{words.bills.none}</Typography>;
  return (
    <ScrollBox label={words.bills.listName}>
      <Table size="small" sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>{billHeaders.billNumber}</TableCell>
            <TableCell>{billHeaders.patient}</TableCell>
            <TableCell align="right">{billHeaders.amount}</TableCell>
            <TableCell align="right">{billHeaders.paidOnDay}</TableCell>
            <TableCell align="right">{billHeaders.balance}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.bills.map((bill) => (
            <TableRow key={bill.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{bill.bill_number}</TableCell>
              <TableCell>
                <PatientLink patientId={bill.patient_id} name={bill.customer_name} />
              </TableCell>
              <TableCell align="right">{formatRupees(bill.final_amount)}</TableCell>
              <TableCell align="right">{formatRupees(bill.paid_on_day)}</TableCell>
              <TableCell align="right">{formatRupees(bill.balance)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={totalRow}>
          <TableRow>
            <TableCell colSpan={2}>{words.bills.total}</TableCell>
            <TableCell align="right">{formatRupees(summary.total_billed)}</TableCell>
            <TableCell colSpan={2} />
          </TableRow>
        </TableFooter>
      </Table>
    </ScrollBox>
  );
}

const paymentHeaders = words.payments.headers;

/** Every payment received on the day, in the clinic's time; one against an older bill names that bill's date. */
export function DayPaymentsTable({ summary, timeZone }: { summary: DaySummary; timeZone: string }) {
  if (summary.payments.length === 0) {
    return <Typography color="text.secondary">{words.payments.none}</Typography>;
  }
  return (
    <ScrollBox label={words.payments.listName}>
      <Table size="small" sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>{paymentHeaders.time}</TableCell>
            <TableCell>{paymentHeaders.billNumber}</TableCell>
            <TableCell>{paymentHeaders.patient}</TableCell>
            <TableCell>{paymentHeaders.mode}</TableCell>
            <TableCell align="right">{paymentHeaders.amount}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.payments.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{clinicTime(payment.paid_at, timeZone)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {payment.bill_number}
                {payment.bill_date < summary.date ? (
                  <Typography variant="body2" color="text.secondary">
                    {words.payments.olderBill(calendarDateEnGb(payment.bill_date))}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{payment.customer_name}</TableCell>
              <TableCell>{paymentModeWords[payment.mode]}</TableCell>
              <TableCell align="right">{formatRupees(payment.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}
