import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appSecrets } from '../../db/schema';
import { type PaymentGateway, razorpaySignature, signatureMatches } from './payment-gateway';

/** Where the deployment's test gateway secret is kept (app_secrets). */
export const testGatewaySecretName = 'payments.test-gateway-hmac';

/** What the test gateway's checkout offers as its key: never a Razorpay key. */
const testGatewayKeyId = 'test_gateway';

/**
 * The labelled test gateway, only when a deployment chooses it: no money moves. Orders are `order_test_<random>`; its checkout
 * (`completeTestCheckout`, behind POST /api/payment/test-gateway/pay) signs a payment
 * exactly as Razorpay does, with a secret kept in the database, so every process of a
 * deployment verifies what another one signed and the whole flow runs as in production.
 */
export async function createTestPaymentGateway({ db }: { db: Db }): Promise<PaymentGateway> {
  const secret = await loadOrCreateSecret(db);
  return {
    name: 'test',
    keyId: testGatewayKeyId,
    async createOrder() {
      return { orderId: `order_test_${randomBytes(10).toString('hex')}` };
    },
    verifyPayment: ({ orderId, paymentId, signature }) =>
      signatureMatches(`${orderId}|${paymentId}`, signature, secret),
    verifyWebhook: (rawBody, signature) => signatureMatches(rawBody, signature, secret),
    completeTestCheckout(orderId) {
      const paymentId = `pay_test_${randomBytes(10).toString('hex')}`;
      return { paymentId, signature: razorpaySignature(`${orderId}|${paymentId}`, secret) };
    },
  };
}

/** One random secret per deployment; the first process to need it creates it, the others read it. */
async function loadOrCreateSecret(db: Db): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: testGatewaySecretName, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, testGatewaySecretName));
  if (!row) throw new Error('the test gateway secret could not be stored');
  return Buffer.from(row.value, 'base64');
}
