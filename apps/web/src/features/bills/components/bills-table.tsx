import HistoryIcon from '@mui/icons-material/History';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BillSummary } from '@vaidya/contract/bills';
import { billsScreenWords as words } from '@vaidya/contract/bills-screens';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { PatientLink } from '../../../components/patient-link';
import { formatRupees } from '../../../lib/money';

const headers = words.headers;
const narrowCellsOnPhones = { [`& .${tableCellClasses.root}`]: { px: { xs: 1, sm: 2 } } };

/**
 * The bills of a page. Wide, a column each; on phones (`compact`) the patient with the
 * phone and date under the name, and the amounts stacked in one cell, beside the actions.
 */
export function BillsTable({
  bills,
  firstSerial,
  loading,
  compact,
  onHistory,
  onRecordPayment,
}: {
  bills: BillSummary[];
  firstSerial: number;
  loading: boolean;
  compact: boolean;
  onHistory: (bill: BillSummary) => void;
  /** Offered on the rows of bills with a balance. */
  onRecordPayment: (bill: BillSummary) => void;
}) {
  const columns = compact
    ? [headers.serial, headers.patient, headers.total]
    : [
        headers.serial,
        headers.patient,
        headers.mobile,
        headers.date,
        headers.total,
        headers.tax,
        headers.paid,
        headers.balance,
      ];
  const placeholders = [1, 2, 3];
  return (
    <TableContainer>
      <Table size="small" sx={narrowCellsOnPhones}>
        <TableHead>
          <TableRow>
            {columns.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
            <TableCell align="right">{headers.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody aria-busy={loading}>
          {loading ? (
            placeholders.map((placeholder) => (
              <TableRow key={placeholder}>
                {[...columns, headers.actions].map((header) => (
                  <TableCell key={header}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : bills.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + 1} align="center" sx={{ py: 4 }}>
                {words.empty}
              </TableCell>
            </TableRow>
          ) : (
            bills.map((bill, index) => (
              <TableRow key={bill.id} hover>
                <TableCell>{firstSerial + index}</TableCell>
                {compact ? (
                  <>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <PatientLink patientId={bill.patient_id} name={bill.customer_name} />
                      {/* A number or a date never breaks in the middle: each keeps a line of its own. */}
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        component="div"
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {bill.customer_mobile}
                      </Typography>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        component="div"
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {calendarDateEnGb(bill.generated_date)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {formatRupees(bill.final_amount)}
                      <Typography variant="body2" color="text.secondary" component="div">
                        {headers.balance} {formatRupees(bill.balance)}
                      </Typography>
                    </TableCell>
                  </>
                ) : (
                  <>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <PatientLink patientId={bill.patient_id} name={bill.customer_name} />
                    </TableCell>
                    <TableCell>{bill.customer_mobile}</TableCell>
                    <TableCell>{calendarDateEnGb(bill.generated_date)}</TableCell>
                    <TableCell>{formatRupees(bill.final_amount)}</TableCell>
                    <TableCell>{formatRupees(bill.tax)}</TableCell>
                    <TableCell>{formatRupees(bill.amount_paid)}</TableCell>
                    <TableCell>{formatRupees(bill.balance)}</TableCell>
                  </>
                )}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                    <IconButton
                      component="a"
                      href={`/bill-preview/${bill.id}`}
                      target="_blank"
                      rel="noopener"
                      aria-label={words.viewBillOf(bill.customer_name)}
                      title={words.viewBill}
                    >
                      <ReceiptLongIcon />
                    </IconButton>
                    <IconButton
                      aria-label={words.billHistoryOf(bill.customer_name)}
                      title={words.billHistory}
                      onClick={() => onHistory(bill)}
                    >
                      <HistoryIcon />
                    </IconButton>
                    {bill.balance > 0 ? (
                      <IconButton
                        aria-label={words.recordPaymentOf(bill.customer_name)}
                        title={words.recordPayment}
                        onClick={() => onRecordPayment(bill)}
                      >
                        <PaymentsOutlinedIcon />
                      </IconButton>
                    ) : null}
                  </Stack>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
