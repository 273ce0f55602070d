import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database';
import { loadConfig } from '../../config';
import { createConfiguredPaymentGateway } from './configured-payment-gateway';

const razorpay = {
  RAZORPAY_KEY_ID: 'rzp_test_abc123',
  RAZORPAY_KEY_SECRET: 'keysecret',
  RAZORPAY_WEBHOOK_SECRET: 'hooksecret',
};

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

/** The gateway main.ts builds for these settings: its name, or null for none. */
const gatewayFor = async (env: NodeJS.ProcessEnv) =>
  (await createConfiguredPaymentGateway(loadConfig(env), database.db))?.name ?? null;

describe('the payment gateway a server starts with', () => {
  it('none in production without Razorpay or PAYMENT_GATEWAY=test: no money is credited for nothing', async () => {
    expect(await gatewayFor({})).toBeNull();
    expect(await gatewayFor({ NODE_ENV: 'production' })).toBeNull();
  });

  it('the test gateway only when chosen', async () => {
    expect(await gatewayFor({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'test' })).toBe('test');
    expect(await gatewayFor({ NODE_ENV: 'development' })).toBe('test');
  });

  it('Razorpay whenever its keys are set', async () => {
    expect(await gatewayFor(razorpay)).toBe('razorpay');
    expect(await gatewayFor({ ...razorpay, PAYMENT_GATEWAY: 'test', NODE_ENV: 'development' })).toBe(
      'razorpay',
    );
  });
});
