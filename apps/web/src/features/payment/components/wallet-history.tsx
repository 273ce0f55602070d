import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { clinicDateTime } from '@vaidya/contract/calendar-dates';
import { paymentPageTexts as words } from '@vaidya/contract/payment-screens';
import type { WalletMovement } from '@vaidya/contract/payments';
import { ScrollBox } from '../../../components/scroll-box';
import { useClinicTimeZone } from '../../../lib/clinic-context';
import { formatRupees } from '../../../lib/money';

/** The wallet's credits and debits, newest first, dated in the clinic's time zone. */
export function WalletHistory({ movements }: { movements: WalletMovement[] }) {
  const timeZone = useClinicTimeZone();
  if (movements.length === 0) return <Alert severity="info">{words.historyEmpty}</Alert>;
  return (
    <ScrollBox label={words.historyTitle}>
      <Table size="small" aria-label={words.historyTitle}>
        <TableHead>
          <TableRow>
            <TableCell>{words.columns.date}</TableCell>
            <TableCell>{words.columns.kind}</TableCell>
            <TableCell align="right">{words.columns.amount}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {movements.map((movement) => (
            <TableRow key={movement.id}>
              <TableCell>{clinicDateTime(movement.created_at, timeZone)}</TableCell>
              <TableCell>{words.kinds[movement.kind]}</TableCell>
              <TableCell
                align="right"
                sx={{ color: movement.amount < 0 ? 'error.main' : 'success.main', whiteSpace: 'nowrap' }}
              >
                {movement.amount > 0 ? '+' : ''}
                {formatRupees(movement.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}
