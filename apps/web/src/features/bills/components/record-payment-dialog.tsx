import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toPaise } from '@vaidya/contract/bill-arithmetic';
import {
  type BillSummary,
  billMessages,
  type DuesPaymentBody,
  duesPaymentBody,
  type PaymentMode,
  type Receipt,
} from '@vaidya/contract/bills';
import { billsScreenWords } from '@vaidya/contract/bills-screens';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { formatRupees } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useDues, useRecordDuesPayment } from '../api/bills-api';
import { PaymentModeField } from './payment-mode-field';

const words = billsScreenWords.duesPayment;

/** What is wrong with the payment before it is sent: the contract's rule, then no more than is due. */
function refusalOf(body: DuesPaymentBody, totalDue: number): string | null {
  const checked = duesPaymentBody.safeParse(body);
  if (!checked.success) return checked.error.issues[0]?.message ?? words.saveFailed;
  return toPaise(checked.data.amount) > toPaise(totalDue) ? billMessages.duesPaymentTooLarge(totalDue) : null;
}

/**
 * Record payment: the patient's unpaid bills at the location (oldest first, the order the
 * money settles them) and the total due; the amount starts at the total due. Once
 * recorded, a toast says so and the dialog offers the receipt to print.
 */
export function RecordPaymentDialog({
  locationId,
  patient,
  onClose,
}: {
  locationId: string;
  patient: Pick<BillSummary, 'customer_name' | 'customer_mobile'>;
  onClose: () => void;
}) {
  const dues = useDues(locationId, patient.customer_mobile);
  const record = useRecordDuesPayment();
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('cash');
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);

  const totalDue = dues.data?.totalDue ?? 0;
  const amount = typedAmount ?? (dues.data ? String(totalDue) : '');
  const canPay = dues.isSuccess && totalDue > 0 && !receipt;

  const submit = () => {
    const body: DuesPaymentBody = {
      locationId,
      customerMobile: patient.customer_mobile,
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      paymentMode,
      note: note.trim() === '' ? undefined : note.trim(),
    };
    const refused = refusalOf(body, totalDue);
    setRefusal(refused);
    if (refused) return;
    record.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? billMessages.duesPaymentRecorded);
        setReceipt(answer.data);
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{words.title(patient.customer_name)}</DialogTitle>
      <DialogContent>
        {dues.isPending ? <LinearProgress aria-label={words.loading} /> : null}
        {dues.isError ? <ApiErrorAlert error={dues.error} fallback={words.fetchFailed} /> : null}
        {receipt ? (
          <Alert severity="success">
            {words.recorded(formatRupees(receipt.amount), formatRupees(receipt.remaining_due))}
          </Alert>
        ) : null}
        {dues.isSuccess && totalDue === 0 && !receipt ? (
          <Alert severity="info">{words.nothingDue}</Alert>
        ) : null}
        {canPay && dues.data ? (
          <Stack
            component="form"
            id="record-payment-form"
            noValidate
            spacing={2}
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <DialogContentText>{words.description}</DialogContentText>
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{words.headers.billNumber}</TableCell>
                    <TableCell>{words.headers.date}</TableCell>
                    <TableCell align="right">{words.headers.total}</TableCell>
                    <TableCell align="right">{words.headers.balance}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {dues.data.bills.map((bill) => (
                    <TableRow key={bill.id}>
                      <TableCell>{bill.bill_number}</TableCell>
                      <TableCell>{calendarDateEnGb(bill.generated_date)}</TableCell>
                      <TableCell align="right">{formatRupees(bill.final_amount)}</TableCell>
                      <TableCell align="right">{formatRupees(bill.balance)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Typography variant="h6" component="p">
              {words.totalDue}: {formatRupees(totalDue)}
            </Typography>
            <TextField
              label={words.amount}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setTypedAmount(event.target.value)}
              error={Boolean(refusal)}
              helperText={refusal ?? words.amountHelp}
              sx={{ maxWidth: { sm: 240 } }}
            />
            <PaymentModeField value={paymentMode} onChange={setPaymentMode} />
            <TextField
              label={words.note}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {record.error ? <ApiErrorAlert error={record.error} fallback={words.saveFailed} /> : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        {receipt ? (
          <>
            <Button onClick={onClose}>{words.close}</Button>
            <Button
              variant="contained"
              component="a"
              href={`${paths.receipt}/${receipt.id}`}
              target="_blank"
              rel="noopener"
            >
              {words.printReceipt}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{words.cancel}</Button>
            {canPay ? (
              <Button variant="contained" type="submit" form="record-payment-form" loading={record.isPending}>
                {words.save}
              </Button>
            ) : null}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
