import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The payments port (architecture §6 "payments"): creates an order for an amount and
 * checks what comes back. With Razorpay keys configured it is Razorpay
 * (razorpay-gateway.ts); otherwise, only when chosen (PAYMENT_GATEWAY=test or
 * NODE_ENV=development), the labelled test gateway (test-payment-gateway.ts), which needs
 * no keys; otherwise there is none (configured-payment-gateway.ts). Both sign a checkout
 * as Razorpay does, so the service treats them alike (decision 023).
 */
export interface PaymentGateway {
  name: 'test' | 'razorpay';
  /** The public key the browser's checkout opens with. */
  keyId: string;
  createOrder(order: { amountPaise: number; receipt: string }): Promise<{ orderId: string }>;
  /** Whether `signature` is the gateway's over `order_id|payment_id` (what Checkout returns). */
  verifyPayment(payment: { orderId: string; paymentId: string; signature: string }): boolean;
  /** Whether `signature` (X-Razorpay-Signature) is the gateway's over the webhook's raw body. */
  verifyWebhook(rawBody: string, signature: string): boolean;
  /** The test gateway only: completes a checkout as the payer would, signed like Razorpay's. */
  completeTestCheckout?(orderId: string): { paymentId: string; signature: string };
}

/** The order's payment was refused or the gateway could not be reached: nothing was created. */
export class PaymentGatewayError extends Error {}

/** HMAC-SHA256 in hex, as Razorpay signs a checkout and a webhook. */
export function razorpaySignature(payload: string, secret: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Compares a received hex signature with the expected one in constant time. */
export function signatureMatches(payload: string, signature: string, secret: string | Buffer): boolean {
  const expected = Buffer.from(razorpaySignature(payload, secret), 'hex');
  const received = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : undefined;
  return received !== undefined && timingSafeEqual(expected, received);
}
