import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { paymentPageTexts as words } from '@vaidya/contract/payment-screens';
import type { WalletMovement } from '@vaidya/contract/payments';
import { formatRupees } from '../../../lib/money';

/** The wallet's credits and debits, newest first, dated in the clinic's time zone. */
export function WalletHistory({ movements, timeZone }: { movements: WalletMovement[]; timeZone: string }) {
  if (movements.length === 0) return <Alert severity="info">{words.historyEmpty}</Alert>;
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone });
  return (
    <TableContainer>
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
              <TableCell>{when.format(new Date(movement.created_at))}</TableCell>
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
    </TableContainer>
  );
}
