import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { rupees } from './money';
import { subscriptionTypeSchema } from './partner';
import { requiredText } from './text';

/**
 * Wallet recharges through a payment gateway (spec §7 "Payments", decision 023). The
 * server creates an order, the browser completes the gateway's checkout and sends back
 * what Checkout returned; the server checks its signature and credits the wallet once,
 * whichever of that confirmation and the gateway's webhook arrives first.
 */

/** The smallest and the largest recharge, in rupees. */
export const minRechargeRupees = 100;
export const maxRechargeRupees = 100_000;

/** The amounts the payment page offers with one click, in rupees. */
export const rechargePresets = [500, 1000, 2000, 5000] as const;

/** How many wallet movements the credits details list, newest first. */
export const walletHistoryLimit = 50;

export const paymentGatewayNames = ['test', 'razorpay'] as const;

/** The one currency recharges are paid in. */
export const rechargeCurrency = 'INR';

export const paymentMessages = {
  invalidAmount: `Amount must be from ₹${minRechargeRupees} to ₹1,00,000 with at most two decimals`,
  orderCreated: 'Payment order created',
  recharged: 'Wallet recharged successfully',
  notVerified: 'Payment could not be verified',
  failed: 'Payment failed. No money was added to your wallet.',
  gatewayUnavailable: 'The payment service could not be reached. Please try again.',
  rechargeNotSetUp:
    'Online recharge is not set up on this server. Please contact support to add money to your wallet.',
  testGatewayOnly: 'Test payments are available only with the test gateway',
  orderRecordLabel: 'Payment order',
} as const;

export const createOrderBody = z.object({
  amount: rupees({
    label: 'Amount',
    min: minRechargeRupees,
    max: maxRechargeRupees,
    message: paymentMessages.invalidAmount,
  }),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/** What the browser needs to open the gateway's checkout for one order. */
export const paymentOrderSchema = z.object({
  order_id: z.string(),
  /** In paise, as the gateway counts it. */
  amount: z.number().int().positive(),
  currency: z.literal(rechargeCurrency),
  key_id: z.string(),
  gateway: z.enum(paymentGatewayNames),
  /** The clinic's name, shown in the checkout. */
  name: z.string(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
export const paymentOrderResponse = dataEnvelope(paymentOrderSchema);

const gatewayId = (label: string) => requiredText({ label, max: 100, trim: false });

/** What Razorpay Checkout hands its handler, under its own names. */
export const updatePaymentStatusBody = z.object({
  razorpay_order_id: gatewayId('Order id'),
  razorpay_payment_id: gatewayId('Payment id'),
  razorpay_signature: gatewayId('Signature'),
});
export type UpdatePaymentStatusBody = z.infer<typeof updatePaymentStatusBody>;
/** The same three fields: what the test gateway's checkout returns. */
export type CheckoutResult = UpdatePaymentStatusBody;
export const checkoutResultResponse = dataEnvelope(
  z.object({
    razorpay_order_id: z.string(),
    razorpay_payment_id: z.string(),
    razorpay_signature: z.string(),
  }),
);

export const paymentStatusSchema = z.object({
  status: z.literal('paid'),
  /** Rupees, after the credit. */
  wallet_balance: z.number(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentStatusResponse = dataEnvelope(paymentStatusSchema);

/** The test gateway's stand-in for Checkout: the payer's choice of outcome. */
export const testGatewayPayBody = z.object({
  order_id: gatewayId('Order id'),
  outcome: z.enum(['success', 'failure'], { error: 'Outcome must be success or failure' }),
});
export type TestGatewayPayBody = z.infer<typeof testGatewayPayBody>;

export const walletMovementKinds = [
  'opening',
  'recharge',
  'booking',
  'refund',
  'adjustment',
  'referral_reward',
  'show_up_charge',
  'dues_settled',
] as const;

export const walletMovementSchema = z.object({
  id: z.uuid(),
  kind: z.enum(walletMovementKinds),
  /** Rupees; negative takes money out. */
  amount: z.number(),
  created_at: z.string(),
  payment_order_id: z.uuid().nullable(),
});
export type WalletMovement = z.infer<typeof walletMovementSchema>;

export const creditsDetailsSchema = z.object({
  wallet_balance: z.number(),
  charge_per_booking: z.number(),
  subscription_type: subscriptionTypeSchema,
  /** Bookings the balance pays for; null when bookings cost nothing (standard, or no charge). */
  bookings_left: z.number().int().nonnegative().nullable(),
  /** Newest first, at most `walletHistoryLimit`. */
  movements: z.array(walletMovementSchema),
  /** How a recharge is paid on this server; null: online recharge is not set up here. */
  payment_gateway: z.enum(paymentGatewayNames).nullable(),
});
export type CreditsDetails = z.infer<typeof creditsDetailsSchema>;
export const creditsDetailsResponse = dataEnvelope(creditsDetailsSchema);

/**
 * The signed-in payment calls of spec §7, under /api/payment. Not behind the wallet guard:
 * a clinic the guard blocks is sent here to recharge. Razorpay's webhook is no entry here:
 * its signature is over the raw bytes and its header has a schema of its own
 * (apps/api payments.routes.ts).
 */
export const paymentEndpoints = {
  createOrder: endpoint({
    method: 'POST',
    path: '/payment/create-rpy-order',
    summary:
      'Creates a payment gateway order (Razorpay, or the labelled test gateway) for a wallet recharge of the amount in rupees; 503 when no gateway is set up',
    tags: ['payments'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: createOrderBody,
    response: paymentOrderResponse,
    refusals: [404, 503],
  }),
  confirm: endpoint({
    method: 'PUT',
    path: '/payment/update-payment-status',
    summary:
      'Checks what Checkout returned and credits the order to the wallet once; a replay answers the balance',
    tags: ['payments'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: updatePaymentStatusBody,
    response: paymentStatusResponse,
    refusals: [404, 422, 503],
  }),
  credits: endpoint({
    method: 'GET',
    path: '/payment/get-partner-credits-details',
    summary: 'The wallet balance, the charge per booking, bookings left and the latest wallet movements',
    tags: ['payments'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    response: creditsDetailsResponse,
    refusals: [404],
  }),
  /** Served only by a server that chose the test gateway: elsewhere this path does not exist. */
  payWithTestGateway: endpoint({
    method: 'POST',
    path: '/payment/test-gateway/pay',
    summary:
      'The test gateway’s checkout (no real money): success answers what Razorpay Checkout would, failure closes the order',
    tags: ['payments'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: testGatewayPayBody,
    response: checkoutResultResponse,
    refusals: [404, 422],
  }),
};
