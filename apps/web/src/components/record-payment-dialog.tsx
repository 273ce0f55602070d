import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { toPaise, toRupees } from '@vaidya/contract/bill-arithmetic';
import {
  type BillSummary,
  billMessages,
  type Dues,
  duesPaymentBody,
  type FamilyBill,
  paymentModeSchema,
  type Receipt,
} from '@vaidya/contract/bills';
import { billsScreenWords } from '@vaidya/contract/bills-screens';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { useDues, useRecordDuesPayment } from '../lib/dues-api';
import { formatRupees } from '../lib/money';
import { paths } from '../lib/paths';
import { ApiErrorAlert } from './api-error-alert';
import { FormTextField } from './form-text-field';
import { PaymentModeField } from './payment-mode-field';

const words = billsScreenWords.duesPayment;

/**
 * The payment as typed, checked by the contract's rules and then against what is due, in
 * their words: a blank amount is no number, a blank note is none.
 */
function paymentForm(totalDue: number) {
  return z.object({
    amount: z
      .string()
      .transform((typed) => (typed.trim() === '' ? Number.NaN : Number(typed)))
      .pipe(duesPaymentBody.shape.amount)
      .refine((amount) => toPaise(amount) <= toPaise(totalDue), billMessages.duesPaymentTooLarge(totalDue)),
    paymentMode: paymentModeSchema,
    note: z
      .string()
      .transform((typed) => typed.trim() || undefined)
      .pipe(duesPaymentBody.shape.note),
  });
}
type Payment = z.output<ReturnType<typeof paymentForm>>;

/** One patient's share of a family's dues: a payment is one patient's (issue 21). */
interface PatientDues extends Dues {
  patientId: string;
  name: string;
}

/** The dues by patient, in the order their oldest unpaid bill came. */
function byPatient(bills: FamilyBill[]): PatientDues[] {
  const groups = new Map<string, { name: string; bills: FamilyBill[] }>();
  for (const bill of bills) {
    const group = groups.get(bill.patient_id) ?? { name: bill.patient_name, bills: [] };
    group.bills.push(bill);
    groups.set(bill.patient_id, group);
  }
  return Array.from(groups, ([patientId, group]) => ({
    patientId,
    name: group.name,
    bills: group.bills,
    totalDue: toRupees(group.bills.reduce((all, bill) => all + toPaise(bill.balance), 0)),
  }));
}

/**
 * Record payment: the unpaid bills at the location of the patients on the mobile (oldest
 * first, the order the money settles them). A payment is one patient's: when several of a
 * family owe, the desk picks whose (the patient the opener names is picked first). The amount
 * starts at that patient's total due. Once recorded, a toast says so and the dialog offers the
 * receipt to print. The bills screen and the patient page open it; `onRecorded` lets the opener
 * refresh what the payment changed beyond the bills (the patient's balance).
 */
export function RecordPaymentDialog({
  locationId,
  patient,
  onClose,
  onRecorded,
}: {
  locationId: string;
  patient: Pick<BillSummary, 'customer_name' | 'customer_mobile'> & { patient_id?: string };
  onClose: () => void;
  onRecorded?: () => void;
}) {
  const dues = useDues(locationId, patient.customer_mobile);
  const record = useRecordDuesPayment();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [picked, setPicked] = useState(patient.patient_id ?? null);
  const formId = useId();

  const totalDue = dues.data?.totalDue ?? 0;
  const family = byPatient(dues.data?.bills ?? []);
  const chosen = family.length === 1 ? family[0] : family.find((group) => group.patientId === picked);
  const canPay = dues.isSuccess && totalDue > 0 && !receipt;

  const pay = (payment: Payment) =>
    record.mutate(
      { locationId, customerMobile: patient.customer_mobile, patientId: chosen?.patientId, ...payment },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? billMessages.duesPaymentRecorded);
          setReceipt(answer.data);
          onRecorded?.();
        },
      },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      {/* Once paid, the dues asked again may be another patient's: the title stays the receipt's. */}
      <DialogTitle>
        {words.title(receipt?.customer_name ?? chosen?.name ?? patient.customer_name)}
      </DialogTitle>
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
        {canPay && family.length > 1 ? (
          <FamilyPicker family={family} picked={chosen?.patientId ?? null} onPick={setPicked} />
        ) : null}
        {canPay && chosen ? (
          <PaymentForm
            key={chosen.patientId}
            formId={formId}
            dues={chosen}
            saveError={record.error}
            onSubmit={pay}
          />
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
            {canPay && chosen ? (
              <Button variant="contained" type="submit" form={formId} loading={record.isPending}>
                {words.save}
              </Button>
            ) : null}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Whose bills the payment is for, when several patients on the mobile owe: each with what they owe. */
function FamilyPicker({
  family,
  picked,
  onPick,
}: {
  family: PatientDues[];
  picked: string | null;
  onPick: (patientId: string) => void;
}) {
  const labelId = useId();
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {picked ? null : <Alert severity="info">{words.chooseWhose}</Alert>}
      <FormControl>
        <FormLabel id={labelId}>{words.whose}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={picked ?? ''}
          onChange={(event) => onPick(event.target.value)}
        >
          {family.map((group) => (
            <FormControlLabel
              key={group.patientId}
              value={group.patientId}
              control={<Radio />}
              label={words.patientDue(group.name, formatRupees(group.totalDue), group.bills.length)}
            />
          ))}
        </RadioGroup>
      </FormControl>
    </Stack>
  );
}

interface PaymentFormProps {
  /** The dialog's Record payment button submits the form by it. */
  formId: string;
  dues: Dues;
  /** Why the server refused the last payment sent. */
  saveError: unknown;
  onSubmit: (payment: Payment) => void;
}

/** The bills the payment settles and what is typed for it; drawn once the dues are in, so the amount starts at their total. */
function PaymentForm({ formId, dues, saveError, onSubmit }: PaymentFormProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(paymentForm(dues.totalDue)),
    defaultValues: { amount: String(dues.totalDue), paymentMode: 'cash' as const, note: '' },
  });
  return (
    <Stack component="form" id={formId} noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
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
            {dues.bills.map((bill) => (
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
        {words.totalDue}: {formatRupees(dues.totalDue)}
      </Typography>
      <FormTextField
        control={control}
        name="amount"
        label={words.amount}
        helperText={words.amountHelp}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ maxWidth: { sm: 240 } }}
      />
      <Controller
        control={control}
        name="paymentMode"
        render={({ field }) => <PaymentModeField value={field.value} onChange={field.onChange} />}
      />
      <FormTextField
        control={control}
        name="note"
        label={words.note}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {saveError ? <ApiErrorAlert error={saveError} fallback={words.saveFailed} /> : null}
    </Stack>
  );
}
