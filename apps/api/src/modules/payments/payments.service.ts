import { randomUUID } from 'node:crypto';
import {
  type CheckoutResult,
  type CreateOrderBody,
  type CreditsDetails,
  type PaymentOrder,
  type PaymentStatus,
  paymentMessages,
  rechargeCurrency,
  type TestGatewayPayBody,
  type UpdatePaymentStatusBody,
  walletHistoryLimit,
} from '@vaidya/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type PaymentGateway, PaymentGatewayError } from '../../adapters/payments/payment-gateway';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/access.service';
import type { ReferralsService } from '../referrals/referrals.service';
import { moveWallet } from '../wallet/wallet.repository';
import {
  findOrderByGatewayId,
  findPartnerOrder,
  findWallet,
  insertPaymentOrder,
  listMovements,
  markOrderFailed,
  markOrderPaid,
} from './payments.repository';

/** The webhook events that say an order's money arrived; both carry the payment entity. */
const creditingEvents = new Set(['payment.captured', 'order.paid']);

const webhookEventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: z.string().min(1),
            order_id: z.string().min(1).nullable(),
            /** Paise and currency of the money captured: credited only when they are the order's. */
            amount: z.number().optional(),
            currency: z.string().optional(),
          }),
        })
        .optional(),
    })
    .optional(),
});

/** The failure_reason of an order whose captured payment was not its amount in its currency. */
export const amountMismatch = 'amount_mismatch';

const paiseOf = (rupees: string) => Math.round(Number(rupees) * 100);

/**
 * Wallet recharges (spec §7 "Payments", decision 023): orders at the gateway, the
 * client's confirmation and the gateway's webhook, each credited at most once.
 */
export function createPaymentsService({
  db,
  clock,
  gateway,
  referrals,
}: {
  db: Db;
  clock: Clock;
  /** null: no gateway is set up on this server, and every recharge is refused with 503. */
  gateway: PaymentGateway | null;
  /** Rewards the referrer of a clinic whose Razorpay recharges reach the reward, in the credit's transaction. */
  referrals: ReferralsService;
}) {
  const notVerified = () => new AppError('VALIDATION_FAILED', paymentMessages.notVerified);

  /** The once-only credit: true when this confirmation moved the order to paid. */
  const credit = (orderId: string, paymentId: string) =>
    db.transaction(async (tx) => {
      const paid = await markOrderPaid(tx, { id: orderId, paymentId, paidAt: clock() });
      if (!paid) return false;
      await moveWallet(tx, {
        kind: 'recharge',
        partnerId: paid.partnerId,
        amountPaise: paid.amountPaise,
        paymentOrderId: orderId,
      });
      // Only money that arrived counts towards a referral reward: never the test gateway's.
      // After the wallet write, which locks the clinic's row: recharges of one clinic paid at
      // the same moment are counted one after the other, each seeing the others once committed.
      if (paid.gateway === 'razorpay') {
        await referrals.rewardCapturedRecharges({ tx, partnerId: paid.partnerId });
      }
      return true;
    });

  const requireWallet = async (partnerId: string) => {
    const wallet = await findWallet(db, partnerId);
    if (!wallet) throw notFound('Clinic');
    return wallet;
  };

  const requireGateway = () => {
    if (!gateway) throw new AppError('UNAVAILABLE', paymentMessages.rechargeNotSetUp);
    return gateway;
  };

  const requireOrder = async (
    partnerId: string,
    gatewayName: PaymentGateway['name'],
    gatewayOrderId: string,
  ) => {
    const order = await findPartnerOrder(db, partnerId, gatewayName, gatewayOrderId);
    if (!order) throw notFound(paymentMessages.orderRecordLabel);
    return order;
  };

  return {
    gatewayName: gateway?.name ?? null,
    /** Whether POST /api/payment/test-gateway/pay exists: only with the test gateway. */
    hasTestCheckout: gateway?.completeTestCheckout !== undefined,

    /** An order at the gateway for a recharge of `amount` rupees, kept as 'created'. */
    async createOrder({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: CreateOrderBody;
    }): Promise<PaymentOrder> {
      const gateway = requireGateway();
      const wallet = await requireWallet(caller.partnerId);
      const amountPaise = Math.round(payload.amount * 100);
      const id = randomUUID();
      let created: { orderId: string };
      try {
        created = await gateway.createOrder({ amountPaise, receipt: id });
      } catch (error) {
        if (error instanceof PaymentGatewayError) {
          throw new AppError('UNAVAILABLE', paymentMessages.gatewayUnavailable);
        }
        throw error;
      }
      await insertPaymentOrder(db, {
        id,
        partner_id: caller.partnerId,
        gateway: gateway.name,
        gateway_order_id: created.orderId,
        amount_paise: amountPaise,
      });
      return {
        order_id: created.orderId,
        amount: amountPaise,
        currency: rechargeCurrency,
        key_id: gateway.keyId,
        gateway: gateway.name,
        name: wallet.name,
      };
    },

    /** Checkout's answer, signature checked, credits the order once; a replay answers the balance as it is. */
    async updatePaymentStatus({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: UpdatePaymentStatusBody;
    }): Promise<PaymentStatus> {
      const gateway = requireGateway();
      const order = await requireOrder(caller.partnerId, gateway.name, payload.razorpay_order_id);
      const verified = gateway.verifyPayment({
        orderId: payload.razorpay_order_id,
        paymentId: payload.razorpay_payment_id,
        signature: payload.razorpay_signature,
      });
      if (!verified) throw notVerified();
      if (order.status === 'failed') throw new AppError('BUSINESS_RULE', paymentMessages.failed);
      await credit(order.id, payload.razorpay_payment_id);
      const wallet = await requireWallet(caller.partnerId);
      return { status: 'paid', wallet_balance: Number(wallet.walletBalance) };
    },

    /**
     * Razorpay's webhook: a signed payment.captured or order.paid credits its order once when
     * the payment is the order's amount in rupees; another amount closes the order with
     * `amount_mismatch`, credits nothing and is logged. Other events are ignored. All of
     * these answer 200: the event is authentic and was handled; a retry would carry the same
     * amount, and Razorpay stops a webhook that keeps failing (and with it every real credit).
     */
    async receiveWebhook({
      rawBody,
      signature,
      log,
    }: {
      rawBody: string;
      signature: string | undefined;
      log: Pick<FastifyBaseLogger, 'warn'>;
    }): Promise<'credited' | 'ignored' | typeof amountMismatch> {
      const gateway = requireGateway();
      if (!signature || !gateway.verifyWebhook(rawBody, signature)) throw notVerified();
      const event = webhookEventSchema.safeParse(parseJson(rawBody));
      if (!event.success || !creditingEvents.has(event.data.event)) return 'ignored';
      const payment = event.data.payload?.payment?.entity;
      if (!payment?.order_id) return 'ignored';
      const order = await findOrderByGatewayId(db, gateway.name, payment.order_id);
      if (!order) return 'ignored';
      if (payment.amount !== order.amountPaise || payment.currency !== rechargeCurrency) {
        const closed = await markOrderFailed(db, order.id, amountMismatch);
        // Ids and amounts only: the payment entity's email and phone stay out of the log.
        log.warn(
          {
            paymentOrderId: order.id,
            gatewayOrderId: payment.order_id,
            gatewayPaymentId: payment.id,
            orderAmountPaise: order.amountPaise,
            capturedAmountPaise: payment.amount ?? null,
            capturedCurrency: payment.currency ?? null,
            orderClosed: closed,
          },
          'a captured payment is not its order’s amount in rupees: nothing credited',
        );
        return amountMismatch;
      }
      return (await credit(order.id, payment.id)) ? 'credited' : 'ignored';
    },

    /** The test gateway's checkout: success signs the payment as Razorpay would, failure closes the order. */
    async payWithTestGateway({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: TestGatewayPayBody;
    }): Promise<CheckoutResult> {
      if (!gateway?.completeTestCheckout) throw new AppError('NOT_FOUND', paymentMessages.testGatewayOnly);
      const order = await requireOrder(caller.partnerId, gateway.name, payload.order_id);
      if (payload.outcome === 'failure') {
        await markOrderFailed(db, order.id, 'The payer chose Fail on the test gateway');
        throw new AppError('BUSINESS_RULE', paymentMessages.failed);
      }
      const { paymentId, signature } = gateway.completeTestCheckout(payload.order_id);
      return {
        razorpay_order_id: payload.order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      };
    },

    /** The wallet, what a booking costs, how many it pays for, and the latest movements. */
    async creditsDetails({ caller }: { caller: Caller }): Promise<CreditsDetails> {
      const wallet = await requireWallet(caller.partnerId);
      const movements = await listMovements(db, caller.partnerId, walletHistoryLimit);
      const balancePaise = paiseOf(wallet.walletBalance);
      const chargePaise = paiseOf(wallet.chargePerBooking);
      const charged = wallet.subscriptionType === 'wallet' && chargePaise > 0;
      return {
        wallet_balance: Number(wallet.walletBalance),
        charge_per_booking: Number(wallet.chargePerBooking),
        subscription_type: wallet.subscriptionType,
        bookings_left: charged ? Math.floor(balancePaise / chargePaise) : null,
        movements: movements.map((movement) => ({
          ...movement,
          amount: Number(movement.amount),
          created_at: movement.created_at.toISOString(),
        })),
        payment_gateway: gateway?.name ?? null,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
