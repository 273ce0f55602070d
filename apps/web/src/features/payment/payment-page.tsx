import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paymentScreen as intro } from '@vaidya/contract/page-intros';
import { paymentPageTexts as words } from '@vaidya/contract/payment-screens';
import {
  type CheckoutResult,
  type CreditsDetails,
  createOrderBody,
  maxRechargeRupees,
  minRechargeRupees,
  type PaymentOrder,
  paymentMessages,
  rechargePresets,
} from '@vaidya/contract/payments';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { useClinic } from '../../lib/clinic-context';
import { formatRupees } from '../../lib/money';
import { createOrder, payWithTestGateway, useConfirmPayment, useCredits } from './api/payment-api';
import { openRazorpayCheckout } from './components/razorpay-checkout';
import { TestPaymentDialog } from './components/test-payment-dialog';
import { WalletHistory } from './components/wallet-history';

/** The amount as typed: a blank is no number, which the contract's rule refuses in its own words. */
const rechargeForm = z.object({
  amount: z
    .string()
    .transform((typed) => (typed.trim() === '' ? Number.NaN : Number(typed)))
    .pipe(createOrderBody.shape.amount),
});

type Outcome = { kind: 'success'; balance: number } | { kind: 'failure'; message: string };

/** An API refusal says why in its own words; a checkout that would not open says so. */
const failureSentence = (error: unknown) =>
  error instanceof ApiError ? error.message : words.checkoutUnavailable;

/**
 * `/dashboard/payment` (spec §2, §7 "Payments"): the wallet, what a booking costs and how
 * many the balance pays for, a recharge through the gateway (the labelled test gateway,
 * or Razorpay Checkout; on a server with neither, a sentence saying so), and the wallet's
 * credits and debits. Outside the wallet guard: a blocked clinic is sent here, and a
 * recharge lifts the guard.
 */
export function PaymentPage() {
  const { partner } = useClinic();
  const credits = useCredits();
  const confirm = useConfirmPayment();
  const { control, handleSubmit, setValue } = useForm({
    resolver: zodResolver(rechargeForm),
    defaultValues: { amount: '1000' },
    // Checked as it is typed, like the Recharge button that names the amount.
    mode: 'onChange',
  });
  const amountText = useWatch({ control, name: 'amount' });
  const [starting, setStarting] = useState(false);
  const [testOrder, setTestOrder] = useState<PaymentOrder | null>(null);
  const [testBusy, setTestBusy] = useState<'success' | 'failure' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const amount = rechargeForm.shape.amount.safeParse(amountText);
  const busy = starting || confirm.isPending || testOrder !== null;
  // This server takes no online recharge: the page says so instead of offering one.
  const rechargeNotSetUp = credits.data?.payment_gateway === null;

  const fail = (message: string) => setOutcome({ kind: 'failure', message });

  async function finish(result: CheckoutResult) {
    const answer = await confirm.mutateAsync(result);
    toast.success(answer.message ?? paymentMessages.recharged);
    setOutcome({ kind: 'success', balance: answer.data.wallet_balance });
  }

  async function recharge(amount: number) {
    setOutcome(null);
    setStarting(true);
    try {
      const order = await createOrder(amount);
      if (order.gateway === 'test') {
        setTestOrder(order);
        return;
      }
      const checkout = await openRazorpayCheckout(order, words.checkoutDescription);
      if (checkout.kind === 'paid') await finish(checkout.result);
      else if (checkout.kind === 'failed') fail(paymentMessages.failed);
    } catch (error) {
      fail(failureSentence(error));
    } finally {
      setStarting(false);
    }
  }

  async function chooseTestOutcome(order: PaymentOrder, choice: 'success' | 'failure') {
    setTestBusy(choice);
    try {
      await finish(await payWithTestGateway(order.order_id, choice));
    } catch (error) {
      fail(failureSentence(error));
    } finally {
      setTestBusy(null);
      setTestOrder(null);
    }
  }

  return (
    <>
      <PageHeader title={intro.title} description={intro.description} />
      {credits.isPending ? <LinearProgress aria-label={words.loading} sx={{ mb: 2 }} /> : null}
      {credits.isError ? (
        <ErrorAlert
          error={credits.error}
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              loading={credits.isFetching}
              onClick={() => credits.refetch()}
            >
              {words.retry}
            </Button>
          }
        />
      ) : null}
      {credits.data ? <WalletSummary credits={credits.data} /> : null}
      {partner.wallet_owed > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {words.owedNote(formatRupees(partner.wallet_owed))}
        </Alert>
      ) : null}

      {outcome?.kind === 'success' ? (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setOutcome(null)}>
          <AlertTitle>{words.successTitle}</AlertTitle>
          {paymentMessages.recharged}. {words.newBalance(formatRupees(outcome.balance))}
        </Alert>
      ) : null}
      {outcome?.kind === 'failure' ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setOutcome(null)}>
          <AlertTitle>{words.failureTitle}</AlertTitle>
          {outcome.message}
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {words.rechargeTitle}
        </Typography>
        {rechargeNotSetUp ? (
          <Alert severity="info">{paymentMessages.rechargeNotSetUp}</Alert>
        ) : (
          <>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
              {rechargePresets.map((preset) => (
                <Button
                  key={preset}
                  variant={Number(amountText) === preset ? 'contained' : 'outlined'}
                  aria-pressed={Number(amountText) === preset}
                  onClick={() => setValue('amount', String(preset), { shouldValidate: true })}
                  disabled={busy}
                >
                  {formatRupees(preset)}
                </Button>
              ))}
            </Stack>
            <Stack
              component="form"
              noValidate
              onSubmit={handleSubmit(({ amount }) => recharge(amount))}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <FormTextField
                control={control}
                name="amount"
                label={words.customAmountLabel}
                type="number"
                fullWidth={false}
                helperText={words.rechargeHint}
                disabled={busy}
                slotProps={{
                  htmlInput: {
                    min: minRechargeRupees,
                    max: maxRechargeRupees,
                    step: '0.01',
                    inputMode: 'decimal',
                  },
                }}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                loading={starting || confirm.isPending}
                disabled={!amount.success || busy}
              >
                {words.rechargeButton(amount.success ? formatRupees(amount.data) : '')}
              </Button>
            </Stack>
            {confirm.isPending ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
                {words.processing}
              </Typography>
            ) : null}
          </>
        )}
      </Paper>

      {credits.data ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {words.historyTitle}
          </Typography>
          <WalletHistory movements={credits.data.movements} />
        </Paper>
      ) : null}

      {testOrder ? (
        <TestPaymentDialog
          order={testOrder}
          busy={testBusy}
          onChoose={(choice) => void chooseTestOutcome(testOrder, choice)}
          onCancel={() => setTestOrder(null)}
        />
      ) : null}
    </>
  );
}

/**
 * The balance, and on a plan that charges bookings (the wallet plan with a charge) what one
 * costs and how many the balance pays for, with when they are charged. A plan that charges
 * nothing shows no charge figures and says so in one sentence.
 */
function WalletSummary({ credits }: { credits: CreditsDetails }) {
  const bookingsLeft = credits.bookings_left;
  const figures: [string, string][] = [[words.balanceTitle, formatRupees(credits.wallet_balance)]];
  if (bookingsLeft !== null) {
    figures.push(
      [words.chargeTitle, formatRupees(credits.charge_per_booking)],
      [words.bookingsLeftTitle, String(bookingsLeft)],
    );
  }
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gap: 2,
          m: 0,
          gridTemplateColumns: { xs: '1fr', sm: `repeat(${figures.length}, minmax(0, 1fr))` },
        }}
      >
        {figures.map(([label, value]) => (
          <Paper key={label} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {bookingsLeft === null ? words.standardPlan : words.walletPlan}
      </Typography>
    </Box>
  );
}
