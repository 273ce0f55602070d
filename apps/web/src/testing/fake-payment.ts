import type { PartnerDetails } from '@vaidya/contract/partner';
import {
  type CheckoutResult,
  type CreditsDetails,
  paymentMessages,
  type TestGatewayPayBody,
  type WalletMovement,
} from '@vaidya/contract/payments';
import { uuid } from './fake-masters';
import { type Handler, sushrutDental } from './fake-server';

/** A wallet clinic below one booking's charge: the wallet guard sends it to the payment page. */
export const blockedWalletClinic: PartnerDetails = {
  ...sushrutDental,
  subscription_type: 'wallet',
  wallet_balance: 5,
  charge_per_booking: 10,
};

const openingMovement: WalletMovement = {
  id: uuid(700),
  kind: 'booking',
  amount: -10,
  created_at: '2026-11-20T05:00:00.000Z',
  payment_order_id: null,
};

/**
 * The payment calls over a wallet kept in memory, with the test gateway: an order per
 * recharge, Pay signs it ("sig-<order>"), Fail is refused as the server refuses it, and
 * a confirmation credits the order once, paying what is owed first and raising the balance
 * the partner details report.
 * `gateway: 'razorpay'` answers orders as Razorpay's, for the Checkout journey; `null` is
 * a server with no gateway set up, which refuses every order with 503.
 */
export function fakePayment({
  partner = blockedWalletClinic,
  movements = [openingMovement],
  gateway = 'test',
}: {
  partner?: PartnerDetails;
  movements?: WalletMovement[];
  gateway?: 'test' | 'razorpay' | null;
} = {}): Record<string, Handler> {
  let balancePaise = Math.round(partner.wallet_balance * 100);
  let owedPaise = Math.round(partner.wallet_owed * 100);
  const history = [...movements];
  const orders = new Map<string, { paise: number; status: 'created' | 'paid' | 'failed' }>();

  const details = (): CreditsDetails => {
    const chargePaise = Math.round(partner.charge_per_booking * 100);
    return {
      wallet_balance: balancePaise / 100,
      charge_per_booking: partner.charge_per_booking,
      subscription_type: partner.subscription_type,
      bookings_left:
        partner.subscription_type === 'wallet' && chargePaise > 0
          ? Math.floor(balancePaise / chargePaise)
          : null,
      movements: history,
      payment_gateway: gateway,
    };
  };
  const refused = (status: number, message: string, code: string) =>
    Response.json({ message, code }, { status });

  return {
    'GET /api/get-partner-details': () =>
      Response.json({
        data: { ...partner, wallet_balance: balancePaise / 100, wallet_owed: owedPaise / 100 },
      }),
    'GET /api/payment/get-partner-credits-details': () => Response.json({ data: details() }),
    'POST /api/payment/create-rpy-order': (request) => {
      if (!gateway) return refused(503, paymentMessages.rechargeNotSetUp, 'UNAVAILABLE');
      const { amount } = request.body as { amount: number };
      const orderId = `order_${gateway}_${orders.size + 1}`;
      orders.set(orderId, { paise: Math.round(amount * 100), status: 'created' });
      return Response.json({
        data: {
          order_id: orderId,
          amount: Math.round(amount * 100),
          currency: 'INR',
          key_id: gateway === 'test' ? 'test_gateway' : 'rzp_test_key',
          gateway,
          name: partner.name,
        },
      });
    },
    'POST /api/payment/test-gateway/pay': (request) => {
      const payload = request.body as TestGatewayPayBody;
      const order = orders.get(payload.order_id);
      if (!order) return refused(404, 'Payment order not found', 'NOT_FOUND');
      if (payload.outcome === 'failure') {
        order.status = 'failed';
        return refused(422, paymentMessages.failed, 'BUSINESS_RULE');
      }
      return Response.json({
        data: {
          razorpay_order_id: payload.order_id,
          razorpay_payment_id: `pay_${payload.order_id}`,
          razorpay_signature: `sig-${payload.order_id}`,
        },
      });
    },
    'PUT /api/payment/update-payment-status': (request) => {
      const payload = request.body as CheckoutResult;
      const order = orders.get(payload.razorpay_order_id);
      if (!order) return refused(404, 'Payment order not found', 'NOT_FOUND');
      if (payload.razorpay_signature !== `sig-${payload.razorpay_order_id}`) {
        return refused(400, paymentMessages.notVerified, 'VALIDATION_FAILED');
      }
      if (order.status === 'created') {
        order.status = 'paid';
        balancePaise += order.paise;
        history.unshift({
          id: uuid(701 + history.length),
          kind: 'recharge',
          amount: order.paise / 100,
          created_at: '2026-11-23T06:00:00.000Z',
          payment_order_id: uuid(750 + history.length),
        });
        // What is owed is paid first (decision 027).
        const settledPaise = Math.min(owedPaise, balancePaise);
        if (settledPaise > 0) {
          balancePaise -= settledPaise;
          owedPaise -= settledPaise;
          history.unshift({
            id: uuid(701 + history.length),
            kind: 'dues_settled',
            amount: -settledPaise / 100,
            created_at: '2026-11-23T06:00:00.000Z',
            payment_order_id: null,
          });
        }
      }
      return Response.json({
        data: { status: 'paid', wallet_balance: balancePaise / 100 },
        message: paymentMessages.recharged,
      });
    },
  };
}
