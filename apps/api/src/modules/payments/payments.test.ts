import { Writable } from 'node:stream';
import { messages } from '@vaidya/contract/messages';
import { paymentMessages } from '@vaidya/contract/payments';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRazorpayKeys, razorpayCheckout, startFakeRazorpay } from '../../../test/fake-razorpay';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createConfiguredPaymentGateway } from '../../adapters/payments/configured-payment-gateway';
import { razorpaySignature } from '../../adapters/payments/payment-gateway';
import { createRazorpayGateway } from '../../adapters/payments/razorpay-gateway';
import { testGatewaySecretName } from '../../adapters/payments/test-payment-gateway';
import { loadConfig } from '../../config';
import { appSecrets, paymentOrders, walletMovements } from '../../db/schema';
import { loggerOptions } from '../../http/logging';
import { walletBalanceAndLedgerSum } from '../wallet/wallet.repository';

let t: TestApp;
let webhookSecret: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, testGatewaySecretName));
  webhookSecret = Buffer.from(row?.value ?? '', 'base64');
});
afterAll(async () => {
  await t.close();
});

const call = (partner: SignedInPartner | undefined, request: InjectOptions) =>
  t.app.inject({ ...request, headers: { ...partner?.headers, ...request.headers } });

async function createOrder(partner: SignedInPartner, amount = 500) {
  const response = await call(partner, {
    method: 'POST',
    url: '/api/payment/create-rpy-order',
    payload: { amount },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { order_id: string; amount: number };
}

async function checkout(
  partner: SignedInPartner,
  orderId: string,
  outcome: 'success' | 'failure' = 'success',
) {
  return call(partner, {
    method: 'POST',
    url: '/api/payment/test-gateway/pay',
    payload: { order_id: orderId, outcome },
  });
}

async function paidCheckout(partner: SignedInPartner, orderId: string) {
  const response = await checkout(partner, orderId);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
}

const confirm = (partner: SignedInPartner, payload: Record<string, string>) =>
  call(partner, { method: 'PUT', url: '/api/payment/update-payment-status', payload });

/** What a test varies of a captured payment; the webhook adds the payer's contact details, as Razorpay's does. */
type CapturedPayment = { order_id: string; id: string; amount?: number; currency?: string };

/** Razorpay's webhook about a payment, signed over its body (with the test gateway's secret by default). */
function webhook(
  event: string,
  payment: CapturedPayment,
  { signWith = webhookSecret, app = t }: { signWith?: Buffer | string; app?: TestApp } = {},
) {
  const body = JSON.stringify({
    entity: 'event',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          currency: 'INR',
          ...payment,
          entity: 'payment',
          status: 'captured',
          email: 'ramesh.kumar@example.com',
          contact: '+919876543210',
        },
      },
    },
  });
  return app.app.inject({
    method: 'POST',
    url: '/api/public/payment/razorpay-webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': razorpaySignature(body, signWith),
    },
    payload: body,
  });
}

async function ledger(partnerId: string) {
  const wallet = await walletBalanceAndLedgerSum(t.database.db, partnerId);
  expect(wallet.balance).toBe(wallet.ledgerSum);
  return wallet.balance;
}

async function rechargesOf(partnerId: string) {
  return t.database.db
    .select({ amount: walletMovements.amount, orderId: walletMovements.payment_order_id })
    .from(walletMovements)
    .where(and(eq(walletMovements.partner_id, partnerId), eq(walletMovements.kind, 'recharge')));
}

describe('POST /api/payment/create-rpy-order', () => {
  it('creates a test gateway order in paise for the clinic, kept as created', async () => {
    const partner = await createSignedInPartner(t, { name: 'Smile Dental' });
    const response = await call(partner, {
      method: 'POST',
      url: '/api/payment/create-rpy-order',
      payload: { amount: 1234.5 },
    });
    expect(response.statusCode).toBe(200);
    const order = response.json().data;
    expect(order).toEqual({
      order_id: expect.stringMatching(/^order_test_[0-9a-f]{20}$/),
      amount: 123_450,
      currency: 'INR',
      key_id: 'test_gateway',
      gateway: 'test',
      name: 'Smile Dental',
    });
    const [row] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.gateway_order_id, order.order_id));
    expect(row).toMatchObject({ partner_id: partner.partnerId, status: 'created', amount_paise: 123_450 });
  });

  it.each([99.99, 100.001, 100_000.01, '500'])('refuses %o with the amount rule', async (amount) => {
    const partner = await createSignedInPartner(t);
    const response = await call(partner, {
      method: 'POST',
      url: '/api/payment/create-rpy-order',
      payload: { amount },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(paymentMessages.invalidAmount);
  });
});

describe('PUT /api/payment/update-payment-status', () => {
  it('credits a verified payment once; a replay answers the balance and credits nothing', async () => {
    const partner = await createSignedInPartner(t, { subscription_type: 'wallet', charge_per_booking: '10' });
    const order = await createOrder(partner, 750.25);
    const paid = await paidCheckout(partner, order.order_id);
    const first = await confirm(partner, paid);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      data: { status: 'paid', wallet_balance: 750.25 },
      message: paymentMessages.recharged,
    });
    const replay = await confirm(partner, paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ status: 'paid', wallet_balance: 750.25 });
    expect(await ledger(partner.partnerId)).toBe('750.25');
    expect(await rechargesOf(partner.partnerId)).toHaveLength(1);
  });

  it('refuses a forged signature with 400 and credits nothing', async () => {
    const partner = await createSignedInPartner(t);
    const order = await createOrder(partner);
    const paid = await paidCheckout(partner, order.order_id);
    for (const forged of [
      {
        ...paid,
        razorpay_signature: razorpaySignature(`${order.order_id}|${paid.razorpay_payment_id}`, 'guess'),
      },
      { ...paid, razorpay_payment_id: 'pay_another' },
      { ...paid, razorpay_signature: 'x' },
    ]) {
      const response = await confirm(partner, forged);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(paymentMessages.notVerified);
    }
    expect(await ledger(partner.partnerId)).toBe('0.00');
  });

  it('answers 404 for another partner’s order, to confirm or to pay', async () => {
    const owner = await createSignedInPartner(t);
    const other = await createSignedInPartner(t);
    const order = await createOrder(owner);
    const paid = await paidCheckout(owner, order.order_id);
    expect((await confirm(other, paid)).statusCode).toBe(404);
    expect((await checkout(other, order.order_id)).statusCode).toBe(404);
    expect(await ledger(other.partnerId)).toBe('0.00');
    expect(await ledger(owner.partnerId)).toBe('0.00');
  });

  it('closes the order when the test payment fails: nothing credited, not even later', async () => {
    const partner = await createSignedInPartner(t);
    const order = await createOrder(partner);
    const failed = await checkout(partner, order.order_id, 'failure');
    expect(failed.statusCode).toBe(422);
    expect(failed.json().message).toBe(paymentMessages.failed);
    const late = await confirm(partner, await paidCheckout(partner, order.order_id));
    expect(late.statusCode).toBe(422);
    expect(await ledger(partner.partnerId)).toBe('0.00');
  });

  it('lifts the wallet guard: 402 on booking before the recharge, 201 after', async () => {
    const partner = await createSignedInPartner(t, { subscription_type: 'wallet', charge_per_booking: '25' });
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: partner.partnerId,
      locationId: partner.locationId,
    });
    const book = () =>
      call(partner, {
        method: 'POST',
        url: '/api/book-slot',
        payload: {
          queueId,
          date: '2026-11-03',
          startTime: '10:00',
          customerName: 'Ramesh Kumar',
          customerMobile: '9876543210',
        },
      });
    const blocked = await book();
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().message).toBe(messages.insufficientBalance);
    const order = await createOrder(partner, 100);
    expect((await confirm(partner, await paidCheckout(partner, order.order_id))).statusCode).toBe(200);
    expect((await book()).statusCode).toBe(201);
    expect(await ledger(partner.partnerId)).toBe('75.00');
  });
});

describe('POST /api/public/payment/razorpay-webhook', () => {
  it('credits on payment.captured; the client’s confirmation after it credits nothing', async () => {
    const partner = await createSignedInPartner(t);
    const order = await createOrder(partner, 1000);
    const paid = await paidCheckout(partner, order.order_id);
    const hook = await webhook('payment.captured', {
      order_id: order.order_id,
      id: paid.razorpay_payment_id,
      amount: order.amount,
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json().data).toEqual({ result: 'credited' });
    const late = await confirm(partner, paid);
    expect(late.json().data).toEqual({ status: 'paid', wallet_balance: 1000 });
    expect(await ledger(partner.partnerId)).toBe('1000.00');
    expect(await rechargesOf(partner.partnerId)).toHaveLength(1);
  });

  it('credits nothing on order.paid after the client’s confirmation', async () => {
    const partner = await createSignedInPartner(t);
    const order = await createOrder(partner, 2000);
    const paid = await paidCheckout(partner, order.order_id);
    expect((await confirm(partner, paid)).statusCode).toBe(200);
    const hook = await webhook('order.paid', {
      order_id: order.order_id,
      id: paid.razorpay_payment_id,
      amount: order.amount,
    });
    expect(hook.json().data).toEqual({ result: 'ignored' });
    expect(await ledger(partner.partnerId)).toBe('2000.00');
    expect(await rechargesOf(partner.partnerId)).toHaveLength(1);
  });

  it('refuses a bad signature with 400, and ignores unknown orders and other events', async () => {
    const partner = await createSignedInPartner(t);
    const order = await createOrder(partner);
    const captured = { order_id: order.order_id, id: 'pay_x', amount: order.amount };
    const forged = await webhook('payment.captured', captured, { signWith: 'not the secret' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(paymentMessages.notVerified);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/public/payment/razorpay-webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":"payment.captured"}',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(
      (await webhook('payment.captured', { ...captured, order_id: 'order_unknown' })).json().data,
    ).toEqual({ result: 'ignored' });
    expect((await webhook('payment.failed', captured)).json().data).toEqual({ result: 'ignored' });
    expect(await ledger(partner.partnerId)).toBe('0.00');
  });

  it('credits one order once under 10 simultaneous confirmations and webhooks', async () => {
    const partner = await createSignedInPartner(t);
    const order = await createOrder(partner, 5000);
    const paid = await paidCheckout(partner, order.order_id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? confirm(partner, paid)
          : webhook(i % 4 === 1 ? 'payment.captured' : 'order.paid', {
              order_id: order.order_id,
              id: paid.razorpay_payment_id,
              amount: order.amount,
            }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await rechargesOf(partner.partnerId)).toHaveLength(1);
    expect(await ledger(partner.partnerId)).toBe('5000.00');
  });
});

describe('GET /api/payment/get-partner-credits-details', () => {
  it('shows the balance, the charge, bookings left and the movements newest first', async () => {
    const partner = await createSignedInPartner(t, { subscription_type: 'wallet', charge_per_booking: '30' });
    for (const amount of [100, 200]) {
      const order = await createOrder(partner, amount);
      await confirm(partner, await paidCheckout(partner, order.order_id));
    }
    const response = await call(partner, { method: 'GET', url: '/api/payment/get-partner-credits-details' });
    expect(response.statusCode).toBe(200);
    const details = response.json().data;
    expect(details).toMatchObject({
      wallet_balance: 300,
      charge_per_booking: 30,
      subscription_type: 'wallet',
      bookings_left: 10,
    });
    expect(details.movements.map((m: { amount: number }) => m.amount)).toEqual([200, 100]);
    expect(details.movements[0]).toMatchObject({ kind: 'recharge', payment_order_id: expect.any(String) });
  });

  it('has no bookings left to count for a standard clinic', async () => {
    const partner = await createSignedInPartner(t);
    const response = await call(partner, { method: 'GET', url: '/api/payment/get-partner-credits-details' });
    expect(response.json().data).toEqual({
      wallet_balance: 0,
      charge_per_booking: 0,
      subscription_type: 'standard',
      bookings_left: null,
      movements: [],
      payment_gateway: 'test',
    });
  });
});

describe('with Razorpay (a fake of its Orders API on 127.0.0.1)', () => {
  const fake = startFakeRazorpay();
  let r: TestApp;
  /** The app's warnings, as JSON lines: nothing personal may be among them. */
  const warnings: string[] = [];

  beforeAll(async () => {
    const apiUrl = await fake.listen();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        if (JSON.parse(String(chunk)).level === 40) warnings.push(String(chunk));
        done();
      },
    });
    r = await createTestApp({
      paymentGateway: createRazorpayGateway({ apiUrl, ...fakeRazorpayKeys }),
      logger: loggerOptions('warn', stream),
    });
  });
  afterAll(async () => {
    await r.close();
    await fake.close();
  });

  async function razorpayOrder(partner: SignedInPartner, amount: number) {
    const response = await r.app.inject({
      method: 'POST',
      url: '/api/payment/create-rpy-order',
      headers: partner.headers,
      payload: { amount },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { order_id: string; amount: number; gateway: string };
  }

  const razorpayWebhook = (event: string, payment: CapturedPayment) =>
    webhook(event, payment, { signWith: fakeRazorpayKeys.webhookSecret, app: r });

  const movementsOf = (partnerId: string) =>
    r.database.db.select().from(walletMovements).where(eq(walletMovements.partner_id, partnerId));

  it('credits a captured payment of the order’s amount in rupees, once', async () => {
    const partner = await createSignedInPartner(r);
    const order = await razorpayOrder(partner, 500);
    expect(order).toMatchObject({ gateway: 'razorpay', amount: 50_000 });
    const captured = { order_id: order.order_id, id: 'pay_29QQoUBi66xm2f', amount: 50_000, currency: 'INR' };
    expect((await razorpayWebhook('payment.captured', captured)).json().data).toEqual({ result: 'credited' });
    expect((await razorpayWebhook('order.paid', captured)).json().data).toEqual({ result: 'ignored' });
    expect(await movementsOf(partner.partnerId)).toHaveLength(1);
    const details = await r.app.inject({
      method: 'GET',
      url: '/api/payment/get-partner-credits-details',
      headers: partner.headers,
    });
    expect(details.json().data).toMatchObject({ wallet_balance: 500, payment_gateway: 'razorpay' });
  });

  it.each<[string, { amount?: number; currency: string }]>([
    ['a smaller amount', { amount: 49_999, currency: 'INR' }],
    ['a larger amount', { amount: 5_000_000, currency: 'INR' }],
    ['another currency', { amount: 50_000, currency: 'USD' }],
    ['no amount', { currency: 'INR' }],
  ])(
    'a captured payment of %s closes the order as amount_mismatch and credits nothing',
    async (_case, paid) => {
      const partner = await createSignedInPartner(r, {
        subscription_type: 'wallet',
        charge_per_booking: '10',
      });
      const order = await razorpayOrder(partner, 500);
      warnings.length = 0;
      const hook = await razorpayWebhook('payment.captured', {
        order_id: order.order_id,
        id: 'pay_MismatchedAmount',
        ...paid,
      });
      // Answered 2xx: the event is Razorpay's and was handled; a retry could only say the same.
      expect(hook.statusCode).toBe(200);
      expect(hook.json().data).toEqual({ result: 'amount_mismatch' });
      const [row] = await r.database.db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.gateway_order_id, order.order_id));
      expect(row).toMatchObject({
        status: 'failed',
        failure_reason: 'amount_mismatch',
        gateway_payment_id: null,
      });
      expect(warnings.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          paymentOrderId: row?.id,
          gatewayOrderId: order.order_id,
          orderAmountPaise: 50_000,
          capturedAmountPaise: paid.amount ?? null,
          capturedCurrency: paid.currency,
          orderClosed: true,
        }),
      ]);
      expect(warnings.join('')).not.toMatch(/ramesh|9876543210/i);

      // Neither the browser's confirmation nor a later webhook of the right amount credits it now.
      const late = await r.app.inject({
        method: 'PUT',
        url: '/api/payment/update-payment-status',
        headers: partner.headers,
        payload: razorpayCheckout(order.order_id),
      });
      expect(late.statusCode).toBe(422);
      const right = await razorpayWebhook('payment.captured', {
        order_id: order.order_id,
        id: 'pay_MismatchedAmount',
        amount: 50_000,
      });
      expect(right.json().data).toEqual({ result: 'ignored' });
      const wallet = await walletBalanceAndLedgerSum(r.database.db, partner.partnerId);
      expect(wallet).toMatchObject({ balance: '0.00', ledgerSum: '0.00' });
      expect(await movementsOf(partner.partnerId)).toEqual([]);
    },
  );
});

describe('a production server with neither Razorpay nor PAYMENT_GATEWAY=test', () => {
  let none: TestApp;
  beforeAll(async () => {
    // The gateway main.ts chooses for this configuration.
    const gateway = await createConfiguredPaymentGateway(
      loadConfig({ NODE_ENV: 'production' }),
      t.database.db,
    );
    expect(gateway).toBeNull();
    none = await createTestApp({ paymentGateway: gateway });
  });
  afterAll(async () => {
    await none.close();
  });

  it('refuses a recharge with 503 and says so; the test gateway’s checkout does not exist', async () => {
    const partner = await createSignedInPartner(none, {
      subscription_type: 'wallet',
      charge_per_booking: '10',
    });
    const inject = (request: InjectOptions) =>
      none.app.inject({ ...request, headers: { ...partner.headers, ...request.headers } });
    const order = await inject({
      method: 'POST',
      url: '/api/payment/create-rpy-order',
      payload: { amount: 500 },
    });
    expect(order.statusCode).toBe(503);
    expect(order.json()).toEqual({ code: 'UNAVAILABLE', message: paymentMessages.rechargeNotSetUp });
    const pay = await inject({
      method: 'POST',
      url: '/api/payment/test-gateway/pay',
      payload: { order_id: 'order_test_00000000000000000000', outcome: 'success' },
    });
    expect(pay.statusCode).toBe(404);
    const confirmation = await inject({
      method: 'PUT',
      url: '/api/payment/update-payment-status',
      payload: razorpayCheckout('order_test_00000000000000000000'),
    });
    expect(confirmation.statusCode).toBe(503);
    const docs = (await none.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(docs.paths)).not.toContain('/api/payment/test-gateway/pay');
    // The payment page learns it has no gateway, and shows why instead of a recharge button.
    const details = await inject({ method: 'GET', url: '/api/payment/get-partner-credits-details' });
    expect(details.json().data).toMatchObject({ wallet_balance: 0, payment_gateway: null });
    expect(await none.database.db.select().from(paymentOrders)).toEqual([]);
    expect(await none.database.db.select().from(walletMovements)).toEqual([]);
  });
});
