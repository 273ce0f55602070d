import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the wallet guard on the patient calls', () => {
  it('refuses creating a patient for a wallet clinic below one booking’s charge with 402, and still looks one up', async () => {
    const poor = await createSignedInPartner(t, {
      subscription_type: 'wallet',
      wallet_balance: '5.00',
      charge_per_booking: '10.00',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-user',
      headers: poor.headers,
      payload: { name: 'Sita Devi', mobile: '9988776655' },
    });
    expect(created.statusCode).toBe(402);
    expect(created.json().code).toBe('PAYMENT_REQUIRED');
    const lookedUp = await t.app.inject({
      method: 'GET',
      url: '/api/get-patient-by-mobile?mobile=9988776655',
      headers: poor.headers,
    });
    expect(lookedUp.json()).toEqual({ data: [] });
  });
});
