import { rechargeCurrency } from '@vaidya/contract/payments';
import { z } from 'zod';
import { type PaymentGateway, PaymentGatewayError, signatureMatches } from './payment-gateway';

export interface RazorpayOptions {
  /** The Orders API, like https://api.razorpay.com/v1. */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const createdOrderSchema = z.object({ id: z.string().min(1), status: z.string() });
const razorpayErrorSchema = z.object({ error: z.object({ description: z.string() }) });

/**
 * Razorpay (decision 023): an order is created with POST /orders (basic auth with the
 * key id and secret, amount in paise); Checkout's signature is HMAC-SHA256 of
 * `order_id|payment_id` with the key secret, a webhook's is HMAC-SHA256 of the raw body
 * with the webhook secret. Both are compared in constant time.
 */
export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  const endpoint = `${options.apiUrl.replace(/\/$/, '')}/orders`;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  return {
    name: 'razorpay',
    keyId: options.keyId,
    async createOrder({ amountPaise, receipt }) {
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency: rechargeCurrency, receipt }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new PaymentGatewayError(`Razorpay could not be reached: ${String(error)}`);
      }
      const answer = parseJson(await response.text());
      const created = createdOrderSchema.safeParse(answer);
      if (response.ok && created.success) return { orderId: created.data.id };
      const refused = razorpayErrorSchema.safeParse(answer);
      throw new PaymentGatewayError(
        `Razorpay refused the order (${response.status}): ${refused.success ? refused.data.error.description : 'no reason given'}`,
      );
    },
    verifyPayment: ({ orderId, paymentId, signature }) =>
      signatureMatches(`${orderId}|${paymentId}`, signature, options.keySecret),
    verifyWebhook: (rawBody, signature) => signatureMatches(rawBody, signature, options.webhookSecret),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
