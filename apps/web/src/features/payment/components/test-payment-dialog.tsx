import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { paymentPageTexts } from '@vaidya/contract/payment-screens';
import type { PaymentOrder } from '@vaidya/contract/payments';
import { formatRupees } from '../../../lib/money';

const words = paymentPageTexts.testDialog;

/** The test gateway's stand-in for Checkout, clearly not a real payment: the payer picks the outcome. */
export function TestPaymentDialog({
  order,
  busy,
  onChoose,
  onCancel,
}: {
  order: PaymentOrder;
  busy: 'success' | 'failure' | null;
  onChoose: (outcome: 'success' | 'failure') => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="xs">
      <DialogTitle>{words.title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning">{words.body(formatRupees(order.amount / 100))}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy !== null}>
          {words.cancel}
        </Button>
        <Button
          color="error"
          onClick={() => onChoose('failure')}
          loading={busy === 'failure'}
          disabled={busy === 'success'}
        >
          {words.fail}
        </Button>
        <Button
          variant="contained"
          onClick={() => onChoose('success')}
          loading={busy === 'success'}
          disabled={busy === 'failure'}
        >
          {words.pay}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
