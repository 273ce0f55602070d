import { referralMessages } from '@vaidya/contract/referrals';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRazorpayKeys, razorpayCheckout, startFakeRazorpay } from '../../../test/fake-razorpay';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import { createRazorpayGateway } from '../../adapters/payments/razorpay-gateway';
import { partners, referrals, users, walletMovements } from '../../db/schema';
import { latestCode, newDevice } from '../identity/identity-test-client';
import { walletBalanceAndLedgerSum } from '../wallet/wallet.repository';

/** Recharges are paid through Razorpay (a fake of its Orders API on 127.0.0.1): only they count for a reward. */
const razorpay = startFakeRazorpay();
let t: TestApp;
beforeAll(async () => {
  const apiUrl = await razorpay.listen();
  t = await createTestApp({ paymentGateway: createRazorpayGateway({ apiUrl, ...fakeRazorpayKeys }) });
});
afterAll(async () => {
  await t.close();
  await razorpay.close();
});

type Caller = Pick<SignedInPartner, 'headers'>;

const call = (partner: Caller | undefined, request: InjectOptions, app = t) =>
  app.app.inject({ ...request, headers: { ...partner?.headers, ...request.headers } });

const smileDental = { name: 'Smile Dental', mobile: '9822012345', speciality: 'DENTIST', city: 'Pune' };

const refer = (partner: Caller, payload: Record<string, unknown>) =>
  call(partner, { method: 'POST', url: '/api/new-client-request', payload });

const listOf = async (partner: Caller) => {
  const response = await call(partner, { method: 'GET', url: '/api/referrals' });
  expect(response.statusCode).toBe(200);
  return response.json().data.results as { name: string; mobile: string; status: string }[];
};

const linkOf = async (partner: Caller, app = t) => {
  const response = await call(partner, { method: 'GET', url: '/api/referral-link' }, app);
  expect(response.statusCode).toBe(200);
  return response.json().data as { code: string; url: string };
};

async function ledger(partnerId: string, app = t) {
  const wallet = await walletBalanceAndLedgerSum(app.database.db, partnerId);
  expect(wallet.balance).toBe(wallet.ledgerSum);
  return wallet.balance;
}

const rewardsOf = (partnerId: string, app = t) =>
  app.database.db
    .select({ amount: walletMovements.amount, referralId: walletMovements.referral_id })
    .from(walletMovements)
    .where(and(eq(walletMovements.partner_id, partnerId), eq(walletMovements.kind, 'referral_reward')));

let signUps = 0;
const password = 'Molar-and-canine-2026';

/** A clinic signs up through the web form (with `ref` when it came through a link), confirms and signs in. */
async function signUpClinic(options: { phoneNumber: string; ref?: string }, app = t) {
  signUps += 1;
  const device = newDevice(app);
  const email = `referred${signUps}@clinic.test`;
  const answer = await device.call('SignUp', {
    ClientId: testClientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'name', Value: 'Dr. Meera Joshi' },
      { Name: 'phone_number', Value: options.phoneNumber },
      { Name: 'custom:clinic_name', Value: `Joshi Clinic ${signUps}` },
      { Name: 'custom:speciality', Value: 'DOCTOR' },
      ...(options.ref ? [{ Name: 'custom:referral_code', Value: options.ref }] : []),
    ],
  });
  expect(answer.status).toBe(200);
  const confirmed = await device.call('ConfirmSignUp', {
    ClientId: testClientId,
    Username: email,
    ConfirmationCode: await latestCode(app, email),
  });
  expect(confirmed.status).toBe(200);
  const signedIn = await device.signIn(email, password);
  const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
  return {
    partnerId: user?.partner_id as string,
    headers: { authorization: `Bearer ${signedIn.body.AuthenticationResult.IdToken}` },
  };
}

/** An order for `amount` rupees at the app's gateway; answers its gateway order id. */
async function createOrder(partner: Caller, amount: number, app = t) {
  const order = await call(
    partner,
    { method: 'POST', url: '/api/payment/create-rpy-order', payload: { amount } },
    app,
  );
  expect(order.statusCode).toBe(200);
  return order.json().data.order_id as string;
}

/** A Razorpay recharge up to Checkout: the order, and what Checkout hands back once it is paid. */
async function recharge(partner: Caller, amount: number) {
  return razorpayCheckout(await createOrder(partner, amount));
}

const confirmPayment = (partner: Caller, payload: Record<string, string>, app = t) =>
  call(partner, { method: 'PUT', url: '/api/payment/update-payment-status', payload }, app);

/** A recharge paid and confirmed through Razorpay. */
async function rechargePaid(partner: Caller, amount: number) {
  expect((await confirmPayment(partner, await recharge(partner, amount))).statusCode).toBe(200);
}

describe('POST /api/new-client-request and GET /api/referrals', () => {
  it('a clinic refers two clinics and sees them invited, newest first', async () => {
    const partner = await createSignedInPartner(t);
    const first = await refer(partner, { ...smileDental, mobile: '+91 98220-12345' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      data: {
        id: expect.any(String),
        name: 'Smile Dental',
        mobile: '9822012345',
        speciality: 'DENTIST',
        city: 'Pune',
        status: 'invited',
        created_at: expect.any(String),
      },
      message: referralMessages.sent,
    });
    t.clock.advance(60_000);
    expect(
      (await refer(partner, { ...smileDental, name: 'Care Clinic', mobile: '9000000001' })).statusCode,
    ).toBe(201);
    expect((await listOf(partner)).map((referral) => [referral.name, referral.status])).toEqual([
      ['Care Clinic', 'invited'],
      ['Smile Dental', 'invited'],
    ]);
  });

  it('refuses a second referral of the same mobile by the same clinic, not by another', async () => {
    const partner = await createSignedInPartner(t);
    const other = await createSignedInPartner(t);
    expect((await refer(partner, smileDental)).statusCode).toBe(201);
    const again = await refer(partner, { ...smileDental, mobile: '09822012345' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: referralMessages.alreadyReferred });
    expect((await refer(other, smileDental)).statusCode).toBe(201);
    expect(await listOf(partner)).toHaveLength(1);
  });

  it.each([
    [{ ...smileDental, name: '  ' }, 'Clinic name is required'],
    [{ ...smileDental, mobile: '12345' }, 'Please enter a valid 10-digit mobile number'],
    [{ ...smileDental, speciality: 'ASTROLOGER' }, undefined],
    [{ ...smileDental, city: 'x'.repeat(121) }, 'City must be at most 120 characters'],
    [{ name: 'Smile Dental' }, undefined],
  ])('refuses an invalid referral: %o', async (payload, message) => {
    const partner = await createSignedInPartner(t);
    const response = await refer(partner, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    if (message) expect(response.json().message).toBe(message);
    expect(await listOf(partner)).toEqual([]);
  });

  it('each clinic sees only its own referrals; signed out is refused', async () => {
    const partner = await createSignedInPartner(t);
    const other = await createSignedInPartner(t);
    expect((await refer(partner, smileDental)).statusCode).toBe(201);
    expect(await listOf(other)).toEqual([]);
    expect((await call(undefined, { method: 'GET', url: '/api/referrals' })).statusCode).toBe(401);
    expect(
      (await call(undefined, { method: 'POST', url: '/api/new-client-request', payload: smileDental }))
        .statusCode,
    ).toBe(401);
    expect((await call(undefined, { method: 'GET', url: '/api/referral-link' })).statusCode).toBe(401);
  });
});

describe('GET /api/referral-link', () => {
  it('gives each clinic its own code, the same on every ask, in a sign-up link', async () => {
    const partner = await createSignedInPartner(t);
    const other = await createSignedInPartner(t);
    const link = await linkOf(partner);
    expect(link.code).toMatch(/^[a-z2-9]{8}$/);
    expect(link.url).toBe(`http://localhost/sign-up-secure?ref=${link.code}`);
    expect(await linkOf(partner)).toEqual(link);
    expect((await linkOf(other)).code).not.toBe(link.code);
  });

  it('names the clinic whose code it is, publicly; an unknown code is not found', async () => {
    const partner = await createSignedInPartner(t, { name: 'Sunrise Clinic' });
    const { code } = await linkOf(partner);
    const known = await call(undefined, { method: 'GET', url: `/api/public/referral/${code}` });
    expect(known.json()).toEqual({ data: { clinic_name: 'Sunrise Clinic' } });
    expect((await call(undefined, { method: 'GET', url: '/api/public/referral/zzzzzzzz' })).statusCode).toBe(
      404,
    );
    expect((await call(undefined, { method: 'GET', url: '/api/public/referral/bad!' })).statusCode).toBe(400);
  });
});

describe('signing up through a referral link, and the recharges that earn the reward', () => {
  it('ties the new clinic to its referrer, marks the referral signed up, and rewards a Razorpay recharge of the reward once', async () => {
    const referrer = await createSignedInPartner(t);
    expect((await refer(referrer, smileDental)).statusCode).toBe(201);
    const { code } = await linkOf(referrer);

    const referred = await signUpClinic({ phoneNumber: '+919822012345', ref: code });
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, referred.partnerId));
    expect(partner?.referred_by).toBe(referrer.partnerId);
    const [referral] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrer_partner_id, referrer.partnerId));
    expect(referral).toMatchObject({
      status: 'signed_up',
      referred_partner_id: referred.partnerId,
      name: 'Smile Dental',
    });

    const first = await recharge(referred, 1000);
    expect((await confirmPayment(referred, first)).statusCode).toBe(200);
    expect((await confirmPayment(referred, first)).statusCode).toBe(200);
    expect((await listOf(referrer)).map((row) => row.status)).toEqual(['active']);
    expect(await rewardsOf(referrer.partnerId)).toEqual([{ amount: '500.00', referralId: referral?.id }]);
    expect(await ledger(referrer.partnerId)).toBe('500.00');

    const second = await recharge(referred, 2000);
    expect((await confirmPayment(referred, second)).statusCode).toBe(200);
    expect(await rewardsOf(referrer.partnerId)).toHaveLength(1);
    expect(await ledger(referrer.partnerId)).toBe('500.00');
    expect(await ledger(referred.partnerId)).toBe('3000.00');
  });

  it('a clinic the referrer never entered is listed as signed up', async () => {
    const referrer = await createSignedInPartner(t);
    const { code } = await linkOf(referrer);
    await signUpClinic({ phoneNumber: '+919000000002', ref: code });
    expect(await listOf(referrer)).toEqual([
      expect.objectContaining({ mobile: '9000000002', status: 'signed_up', speciality: 'DOCTOR' }),
    ]);
  });

  it('an unknown code is ignored, and a clinic without a referrer is never rewarded for', async () => {
    const referred = await signUpClinic({ phoneNumber: '+919000000003', ref: 'zzzzzzzz' });
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, referred.partnerId));
    expect(partner?.referred_by).toBeNull();
    expect((await confirmPayment(referred, await recharge(referred, 500))).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(walletMovements).where(eq(walletMovements.kind, 'referral_reward')),
    ).not.toContainEqual(expect.objectContaining({ partner_id: referred.partnerId }));
  });

  it('rewards once when two recharges, each above the reward, are confirmed at the same moment', async () => {
    const referrer = await createSignedInPartner(t);
    const { code } = await linkOf(referrer);
    const referred = await signUpClinic({ phoneNumber: '+919000000004', ref: code });
    const checkouts = [await recharge(referred, 700), await recharge(referred, 800)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        confirmPayment(referred, checkouts[i % 2] as Record<string, string>),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(await rewardsOf(referrer.partnerId)).toHaveLength(1);
    expect(await ledger(referrer.partnerId)).toBe('500.00');
    expect(await ledger(referred.partnerId)).toBe('1500.00');
  });

  it('rewards once the Razorpay recharges add up to the reward: ₹100 and ₹300 do not, a further ₹100 does', async () => {
    const referrer = await createSignedInPartner(t);
    const { code } = await linkOf(referrer);
    const referred = await signUpClinic({ phoneNumber: '+919000000005', ref: code });
    // An order never paid counts for nothing.
    await createOrder(referred, 1000);
    await rechargePaid(referred, 100);
    await rechargePaid(referred, 300);
    expect(await rewardsOf(referrer.partnerId)).toEqual([]);
    expect((await listOf(referrer)).map((row) => row.status)).toEqual(['signed_up']);
    expect(await ledger(referrer.partnerId)).toBe('0.00');

    await rechargePaid(referred, 100);
    expect(await rewardsOf(referrer.partnerId)).toEqual([
      { amount: '500.00', referralId: expect.any(String) },
    ]);
    expect((await listOf(referrer)).map((row) => row.status)).toEqual(['active']);
    expect(await ledger(referrer.partnerId)).toBe('500.00');

    await rechargePaid(referred, 500);
    expect(await rewardsOf(referrer.partnerId)).toHaveLength(1);
    expect(await ledger(referrer.partnerId)).toBe('500.00');
    expect(await ledger(referred.partnerId)).toBe('1000.00');
  });

  it('rewards once when two recharges below the reward, confirmed at the same moment, add up to it', async () => {
    const referrer = await createSignedInPartner(t);
    const { code } = await linkOf(referrer);
    const referred = await signUpClinic({ phoneNumber: '+919000000007', ref: code });
    const checkouts = [await recharge(referred, 300), await recharge(referred, 200)];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        confirmPayment(referred, checkouts[i % 2] as Record<string, string>),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(await rewardsOf(referrer.partnerId)).toHaveLength(1);
    expect(await ledger(referrer.partnerId)).toBe('500.00');
    expect(await ledger(referred.partnerId)).toBe('500.00');
  });

  it('never rewards recharges through the test gateway', async () => {
    const testGateway = await createTestApp();
    try {
      const referrer = await createSignedInPartner(testGateway);
      const { code } = await linkOf(referrer, testGateway);
      const referred = await signUpClinic({ phoneNumber: '+919000000006', ref: code }, testGateway);
      for (const amount of [1000, 5000]) {
        const orderId = await createOrder(referred, amount, testGateway);
        const paid = await call(
          referred,
          {
            method: 'POST',
            url: '/api/payment/test-gateway/pay',
            payload: { order_id: orderId, outcome: 'success' },
          },
          testGateway,
        );
        expect(paid.statusCode).toBe(200);
        expect((await confirmPayment(referred, paid.json().data, testGateway)).statusCode).toBe(200);
      }
      expect(await ledger(referred.partnerId, testGateway)).toBe('6000.00');
      expect(await rewardsOf(referrer.partnerId, testGateway)).toEqual([]);
      expect(await ledger(referrer.partnerId, testGateway)).toBe('0.00');
      const [referral] = await testGateway.database.db
        .select({ status: referrals.status })
        .from(referrals)
        .where(eq(referrals.referred_partner_id, referred.partnerId));
      expect(referral?.status).toBe('signed_up');
    } finally {
      await testGateway.close();
    }
  });
});
