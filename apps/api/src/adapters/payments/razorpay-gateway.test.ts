import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeRazorpayKeys, startFakeRazorpay } from '../../../test/fake-razorpay';
import { PaymentGatewayError, razorpaySignature } from './payment-gateway';
import { createRazorpayGateway } from './razorpay-gateway';

const { keyId, keySecret, webhookSecret } = fakeRazorpayKeys;

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
