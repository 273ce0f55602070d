import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { razorpaySignature } from '../src/adapters/payments/payment-gateway';

/** The account the fake accepts: a test key id, its secret, and the webhook secret. */
export const fakeRazorpayKeys = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'thisisasecretkeyfortests',
  webhookSecret: 'webhook-secret-for-tests',
};
const { keyId, keySecret } = fakeRazorpayKeys;

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
export function startFakeRazorpay() {
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

/** What Razorpay Checkout hands the browser after a payment of the order: signed with the fake's key secret. */
export function razorpayCheckout(orderId: string) {
  const paymentId = `pay_${randomBytes(7).toString('hex')}`;
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: razorpaySignature(`${orderId}|${paymentId}`, keySecret),
  };
}
