import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentGatewayError, razorpaySignature } from './payment-gateway';
import { createRazorpayGateway } from './razorpay-gateway';

const keyId = 'rzp_test_1DP5mmOlF5G5ag';
const keySecret = 'thisisasecretkeyfortests';
const webhookSecret = 'webhook-secret-for-tests';

/** Razorpay's rule for a new order: whole paise, at least ₹1, INR, a receipt of at most 40 characters. */
const orderRequestSchema = z.object({
  amount: z.number().int().min(100),
  currency: z.literal('INR'),
  receipt: z.string().max(40),
});

type Answer = 'created' | 'server-error' | 'not-json';

/**
 * A stand-in for Razorpay's Orders API on 127.0.0.1: basic auth with the key id and
 * secret, POST /v1/orders with the order's JSON, answers in Razorpay's shape (the order
 * entity, or `{ error: { code, description } }`). It keeps what it receives.
 */
function startFakeRazorpay() {
  const received: unknown[] = [];
  const script: Answer[] = [];
  let sequence = 0;
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const badRequest = (response: ServerResponse, status: number, description: string) =>
    json(response, status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business' } });

  const handle = (request: IncomingMessage, response: ServerResponse, body: unknown) => {
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return badRequest(response, 401, 'Authentication failed');
    }
    if (request.method !== 'POST' || request.url !== '/v1/orders') {
      return badRequest(response, 400, 'The requested URL was not found on the server.');
    }
    const order = orderRequestSchema.safeParse(body);
    if (!order.success) return badRequest(response, 400, 'The amount must be atleast INR 1.00');
    const answer = script.shift() ?? 'created';
    if (answer === 'server-error') return badRequest(response, 500, 'We are facing some trouble');
    if (answer === 'not-json') return response.writeHead(502).end('<html>Bad Gateway</html>');
    sequence += 1;
    return json(response, 200, {
      id: `order_Fake${String(sequence).padStart(10, '0')}`,
      entity: 'order',
      amount: order.data.amount,
      amount_paid: 0,
      amount_due: order.data.amount,
      currency: 'INR',
      receipt: order.data.receipt,
      status: 'created',
      attempts: 0,
      notes: [],
      created_at: 1_700_000_000,
    });
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      received.push(body);
      handle(request, response, body);
    });
  });
  return {
    received,
    answerNext: (...answers: Answer[]) => script.push(...answers),
    reset: () => {
      received.length = 0;
      script.length = 0;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fake = startFakeRazorpay();
let apiUrl: string;
beforeAll(async () => {
  apiUrl = await fake.listen();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const gateway = () => createRazorpayGateway({ apiUrl, keyId, keySecret, webhookSecret });

describe('the Razorpay gateway', () => {
  it('creates an order in paise, INR, with the receipt, and names it by Razorpay’s id', async () => {
    const { orderId } = await gateway().createOrder({ amountPaise: 50_000, receipt: crypto.randomUUID() });
    expect(orderId).toMatch(/^order_Fake\d{10}$/);
    expect(fake.received).toEqual([{ amount: 50_000, currency: 'INR', receipt: expect.any(String) }]);
  });

  it('says why when Razorpay refuses or fails, without creating an order', async () => {
    const wrongKey = createRazorpayGateway({ apiUrl, keyId, keySecret: 'wrong', webhookSecret });
    await expect(wrongKey.createOrder({ amountPaise: 50_000, receipt: 'r1' })).rejects.toThrow(
      /refused the order \(401\): Authentication failed/,
    );
    fake.answerNext('server-error');
    await expect(gateway().createOrder({ amountPaise: 50_000, receipt: 'r2' })).rejects.toThrow(
      PaymentGatewayError,
    );
    fake.answerNext('not-json');
    await expect(gateway().createOrder({ amountPaise: 50_000, receipt: 'r3' })).rejects.toThrow(
      /\(502\): no reason given/,
    );
  });

  it('reports an unreachable Razorpay as a gateway error', async () => {
    const closed = createRazorpayGateway({
      apiUrl: 'http://127.0.0.1:9/v1',
      keyId,
      keySecret,
      webhookSecret,
    });
    await expect(closed.createOrder({ amountPaise: 50_000, receipt: 'r4' })).rejects.toThrow(
      PaymentGatewayError,
    );
  });

  it('accepts Checkout’s signature of order_id|payment_id with the key secret, and nothing else', () => {
    const orderId = 'order_Fake0000000001';
    const paymentId = 'pay_29QQoUBi66xm2f';
    const signature = razorpaySignature(`${orderId}|${paymentId}`, keySecret);
    const g = gateway();
    expect(g.verifyPayment({ orderId, paymentId, signature })).toBe(true);
    expect(g.verifyPayment({ orderId, paymentId: 'pay_other', signature })).toBe(false);
    expect(
      g.verifyPayment({ orderId, paymentId, signature: razorpaySignature(`${orderId}|${paymentId}`, 'x') }),
    ).toBe(false);
    expect(g.verifyPayment({ orderId, paymentId, signature: signature.slice(0, 10) })).toBe(false);
    expect(g.verifyPayment({ orderId, paymentId, signature: 'z'.repeat(64) })).toBe(false);
  });

  it('accepts a webhook signed over its raw body with the webhook secret', () => {
    const body = '{"event":"payment.captured","payload":{}}';
    const g = gateway();
    expect(g.verifyWebhook(body, razorpaySignature(body, webhookSecret))).toBe(true);
    // Re-serialised JSON is other bytes: the signature is over the body exactly as sent.
    expect(
      g.verifyWebhook(JSON.stringify(JSON.parse(body), null, 1), razorpaySignature(body, webhookSecret)),
    ).toBe(false);
    expect(g.verifyWebhook(body, razorpaySignature(body, keySecret))).toBe(false);
  });
});
