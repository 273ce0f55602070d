import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { partners, paymentOrders, walletMovements } from '../../db/schema';

export async function insertPaymentOrder(db: Db, values: typeof paymentOrders.$inferInsert) {
  const [row] = await db.insert(paymentOrders).values(values).returning({ id: paymentOrders.id });
  return row?.id as string;
}

/** The partner's order under the gateway's id; another partner's is not found. */
export async function findPartnerOrder(
  db: Db,
  partnerId: string,
  gateway: 'test' | 'razorpay',
  gatewayOrderId: string,
) {
  const [row] = await db
    .select({ id: paymentOrders.id, status: paymentOrders.status })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.partner_id, partnerId),
        eq(paymentOrders.gateway, gateway),
        eq(paymentOrders.gateway_order_id, gatewayOrderId),
      ),
    );
  return row;
}

/** Any partner's order under the gateway's id: the webhook names orders, not partners. */
export async function findOrderByGatewayId(db: Db, gateway: 'test' | 'razorpay', gatewayOrderId: string) {
  const [row] = await db
    .select({ id: paymentOrders.id, amountPaise: paymentOrders.amount_paise })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.gateway_order_id, gatewayOrderId)));
  return row;
}

/**
 * A checkout that failed: the order is closed, nothing is credited. Only a still-open
 * order changes; true when this call closed it.
 */
export async function markOrderFailed(db: Db, orderId: string, reason: string) {
  const closed = await db
    .update(paymentOrders)
    .set({ status: 'failed', failure_reason: reason, updated_at: sql`now()` })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'created')))
    .returning({ id: paymentOrders.id });
  return closed.length > 0;
}

/**
 * Moves an order from 'created' to 'paid' in one conditional UPDATE: of several
 * confirmations of one order (client, webhook, replays) exactly one gets the row back,
 * the others find it paid and change nothing. Undefined for those.
 */
export async function markOrderPaid(db: Db, order: { id: string; paymentId: string; paidAt: Date }) {
  const [paid] = await db
    .update(paymentOrders)
    .set({
      status: 'paid',
      gateway_payment_id: order.paymentId,
      paid_at: order.paidAt,
      updated_at: sql`now()`,
    })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'created')))
    .returning({
      partnerId: paymentOrders.partner_id,
      amountPaise: paymentOrders.amount_paise,
      gateway: paymentOrders.gateway,
    });
  return paid;
}

export async function findWallet(db: Db, partnerId: string) {
  const [row] = await db
    .select({
      name: partners.name,
      walletBalance: sql<string>`${partners.wallet_balance}::text`,
      chargePerBooking: sql<string>`${partners.charge_per_booking}::text`,
      subscriptionType: partners.subscription_type,
    })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row;
}

/** The partner's latest wallet movements, newest first. */
export async function listMovements(db: Db, partnerId: string, limit: number) {
  return db
    .select({
      id: walletMovements.id,
      kind: walletMovements.kind,
      amount: sql<string>`${walletMovements.amount}::text`,
      created_at: walletMovements.created_at,
      payment_order_id: walletMovements.payment_order_id,
    })
    .from(walletMovements)
    .where(eq(walletMovements.partner_id, partnerId))
    .orderBy(desc(walletMovements.created_at), desc(walletMovements.seq))
    .limit(limit);
}
