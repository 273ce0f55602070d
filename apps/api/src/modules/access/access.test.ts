import { endpoint } from '@vaidya/contract/endpoint';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSignedInPartner, createTwoPartners } from '../../../test/partners';
import { createTestApp, type TestApp, testClientId, testIssuer } from '../../../test/test-app';
import { partners, refreshTokens, users } from '../../db/schema';
import { route } from '../../http/endpoint-route';
import { loadTokenService } from '../identity/tokens';

/** A change behind the wallet guard, as the contract declares one, answering whose clinic called. */
const guardedChange = endpoint({
  method: 'POST',
  path: '/test/book-slot',
  summary: 'A wallet-guarded change for this test',
  tags: ['test'],
  access: 'signed-in',
  guard: 'wallet',
  response: z.object({ data: z.object({ partnerId: z.string() }) }),
});

describe('who may call a signed-in route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      routes: (app) => {
        app.register(
          async (api) => {
            route(api, guardedChange, async (request) => ({ data: { partnerId: request.caller.partnerId } }));
          },
          { prefix: '/api' },
        );
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const details = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/get-partner-details', headers });

  it('a signed-in owner reads the clinic details', async () => {
    const owner = await createSignedInPartner(t);
    const response = await details(owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(owner.partnerId);
  });

  it.each([
    ['no Authorization header', {}],
    ['a header that is not a bearer token', { authorization: 'Basic b3duZXI6cGFzcw==' }],
    ['a malformed token', { authorization: 'Bearer not.a.jwt' }],
    ['an empty bearer token', { authorization: 'Bearer ' }],
  ])('%s answers 401', async (_case, headers) => {
    const response = await details(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('an id token past its hour answers 401', async () => {
    const owner = await createSignedInPartner(t);
    t.clock.advance(60 * 60 * 1000 + 1000);
    try {
      expect((await details(owner.headers)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-(60 * 60 * 1000 + 1000));
    }
  });

  it('an access token in place of the id token answers 401', async () => {
    const owner = await createSignedInPartner(t);
    expect((await details({ authorization: `Bearer ${owner.accessToken}` })).statusCode).toBe(401);
  });

  it('a token signed with another key answers 401', async () => {
    const owner = await createSignedInPartner(t);
    const other = await createTestApp();
    try {
      const forged = await other.tokens.issue({
        userId: owner.userId,
        email: owner.email,
        sessionId: owner.sessionId,
        authTime: t.clock.now(),
      });
      expect((await details({ authorization: `Bearer ${forged.idToken}` })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a token for another app client answers 401', async () => {
    const owner = await createSignedInPartner(t);
    const otherClient = await loadTokenService({
      db: t.database.db,
      issuer: testIssuer,
      clientId: `${testClientId}-other`,
      clock: t.clock.now,
    });
    const token = await otherClient.issue({
      userId: owner.userId,
      email: owner.email,
      sessionId: owner.sessionId,
      authTime: t.clock.now(),
    });
    expect((await details({ authorization: `Bearer ${token.idToken}` })).statusCode).toBe(401);
  });

  it('an unsigned token answers 401', async () => {
    const owner = await createSignedInPartner(t);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: owner.userId,
        aud: testClientId,
        iss: testIssuer,
        token_use: 'id',
        origin_jti: owner.sessionId,
      }),
    ).toString('base64url');
    expect((await details({ authorization: `Bearer ${header}.${payload}.` })).statusCode).toBe(401);
    const hmac = await new SignJWT({ sub: owner.userId, token_use: 'id', origin_jti: owner.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(testIssuer)
      .setAudience(testClientId)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('guessed-secret-guessed-secret-32'));
    expect((await details({ authorization: `Bearer ${hmac}` })).statusCode).toBe(401);
  });

  it('after sign-out (session revoked) the id token stops working at once', async () => {
    const owner = await createSignedInPartner(t);
    await t.database.db
      .update(refreshTokens)
      .set({ revoked_at: t.clock.now() })
      .where(eq(refreshTokens.id, owner.sessionId));
    const response = await details(owner.headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your session has ended. Please sign in again.');
  });

  it('a disabled user answers 403', async () => {
    const owner = await createSignedInPartner(t);
    await t.database.db.update(users).set({ disabled_at: t.clock.now() }).where(eq(users.id, owner.userId));
    const response = await details(owner.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('a disabled partner answers 403 for every one of its users', async () => {
    const owner = await createSignedInPartner(t);
    await t.database.db
      .update(partners)
      .set({ disabled_at: t.clock.now() })
      .where(eq(partners.id, owner.partnerId));
    expect((await details(owner.headers)).statusCode).toBe(403);
  });

  it('the partner comes from the token only, never from the request', async () => {
    const { a, b } = await createTwoPartners(t);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/get-partner-details?partner_id=${a.partnerId}`,
      headers: { ...b.headers, 'x-partner-id': a.partnerId },
    });
    expect(response.json().data.id).toBe(b.partnerId);
  });

  describe('the wallet guard', () => {
    const book = (headers: { authorization: string }) =>
      t.app.inject({ method: 'POST', url: '/api/test/book-slot', headers, payload: {} });

    it('refuses a wallet partner whose balance is below one booking', async () => {
      const clinic = await createSignedInPartner(t, {
        subscription_type: 'wallet',
        wallet_balance: '9.99',
        charge_per_booking: '10.00',
      });
      const response = await book(clinic.headers);
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({
        message: 'Insufficient balance. Please recharge.',
        code: 'PAYMENT_REQUIRED',
      });
    });

    it('lets a wallet partner book with exactly one booking’s charge left', async () => {
      const clinic = await createSignedInPartner(t, {
        subscription_type: 'wallet',
        wallet_balance: '10.00',
        charge_per_booking: '10.00',
      });
      expect((await book(clinic.headers)).statusCode).toBe(200);
    });

    it('never stops a standard subscription', async () => {
      const clinic = await createSignedInPartner(t, { wallet_balance: '0', charge_per_booking: '10.00' });
      expect((await book(clinic.headers)).statusCode).toBe(200);
    });

    it('still needs a signed-in caller first', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/test/book-slot', payload: {} });
      expect(response.statusCode).toBe(401);
    });
  });
});
