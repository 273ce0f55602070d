import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@vaidya/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeIssuer, startFakeIssuer } from '../../../test/fake-issuer';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { testClientId, testIssuer } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createOutboxMessenger } from '../../adapters/messaging/outbox-messenger';
import { createLocalFileStorage } from '../../adapters/storage/local-file-storage';
import { type App, buildApp } from '../../app';
import { users } from '../../db/schema';
import { loadTokenService } from '../identity/tokens';
import { createIdentityLinkService } from './access.identity-links.service';
import { connectCognitoPool } from './cognito-token-verifier';

describe('signing in at a Cognito user pool (IDENTITY_ISSUER)', () => {
  const clock = createTestClock();
  let pool: FakeIssuer;
  let database: TestDatabase;
  let app: App;
  let owner: SignedInPartner;
  const ownerSub = crypto.randomUUID();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'vaidya-cognito-uploads-'));

  /** The app as main.ts builds it with IDENTITY_ISSUER set, on this file's database. */
  const cognitoApp = async (issuer: string) => {
    const built = await buildApp({
      database,
      cognito: connectCognitoPool({ issuer, clientId: testClientId, clock: clock.now }),
      clock: clock.now,
      messenger: createOutboxMessenger({ db: database.db }),
      storage: createLocalFileStorage({ db: database.db, root: uploadsDir, clock: clock.now }),
      paymentGateway: null,
    });
    await built.ready();
    return built;
  };

  beforeAll(async () => {
    pool = await startFakeIssuer({ clientId: testClientId, clock: clock.now });
    database = await openTestDatabase();
    app = await cognitoApp(pool.issuer);
    // A clinic made as in built-in mode; then its owner is linked to a user of the pool.
    const builtIn = await loadTokenService({
      db: database.db,
      issuer: testIssuer,
      clientId: testClientId,
      clock: clock.now,
    });
    owner = await createSignedInPartner({ database, tokens: builtIn, clock });
    await createIdentityLinkService({ db: database.db, clock: clock.now }).linkIdentity({
      email: owner.email,
      subject: ownerSub,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await pool?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  const details = (token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/get-partner-details',
      headers: { authorization: `Bearer ${token}` },
    });

  it('the linked user’s id token reads their clinic, and the pool’s keys are fetched once', async () => {
    for (let call = 0; call < 3; call += 1) {
      const response = await details(await pool.idToken(ownerSub));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.id).toBe(owner.partnerId);
    }
    expect(pool.keySetRequests()).toBe(1);
  });

  it('the web app is sent to the pool: app config, and the CSP lets it connect there', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/app-config' });
    const poolOrigin = new URL(pool.issuer).origin;
    expect(response.json()).toEqual({
      data: { identity: { endpoint: `${poolOrigin}/`, clientId: testClientId } },
    });
    const directives = String(response.headers['content-security-policy']).split(';');
    expect(directives).toContain(`connect-src 'self' ${poolOrigin}`);
  });

  it('our own identity service is not there, and its tokens are not accepted', async () => {
    const identity = await app.inject({
      method: 'POST',
      url: '/api/identity',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: '{}',
    });
    expect(identity.statusCode).toBe(404);
    expect((await details(owner.idToken)).statusCode).toBe(401);
  });

  it.each([
    ['for another app client (aud)', () => pool.idToken(ownerSub, { aud: 'another-app-client' })],
    ['with no token_use', () => pool.idToken(ownerSub, { token_use: undefined })],
    ['that is an access token', () => pool.accessToken(ownerSub)],
    ['from another user pool (iss)', () => pool.idToken(ownerSub, { iss: `${pool.issuer}Other` })],
    [
      'that expired',
      () =>
        pool.idToken(ownerSub, {
          exp: Math.floor(clock.now().getTime() / 1000) - 1,
          iat: Math.floor(clock.now().getTime() / 1000) - 3601,
        }),
    ],
    [
      'signed by a key the pool does not publish',
      () => pool.idToken(ownerSub, {}, { key: 'unpublished', kid: 'published' }),
    ],
    [
      'naming a key id the pool does not have',
      () => pool.idToken(ownerSub, {}, { key: 'unpublished', kid: 'unknown' }),
    ],
  ])('an id token %s answers 401', async (_case, token) => {
    const response = await details(await token());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: messages.sessionEnded, code: 'UNAUTHENTICATED' });
  });

  it('a pool user no clinic account is linked to answers 403 with what to do', async () => {
    const response = await details(await pool.idToken(crypto.randomUUID()));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.identityNotLinked, code: 'FORBIDDEN' });
  });

  it('a disabled user answers 403 although the pool still signs them in', async () => {
    const token = await pool.idToken(ownerSub);
    await database.db.update(users).set({ disabled_at: clock.now() }).where(eq(users.id, owner.userId));
    try {
      expect((await details(token)).statusCode).toBe(403);
    } finally {
      await database.db.update(users).set({ disabled_at: null }).where(eq(users.id, owner.userId));
    }
    expect((await details(token)).statusCode).toBe(200);
  });

  it.each([
    ['answers 500', () => `${pool.issuer}`],
    ['cannot be reached', () => 'http://127.0.0.1:9/ap-south-1_Closed'],
  ])('when the pool’s key set %s, calls answer 503 and nobody is signed out', async (_case, issuer) => {
    pool.answerKeySetWith(500);
    const fresh = await cognitoApp(issuer());
    try {
      const response = await fresh.inject({
        method: 'GET',
        url: '/api/get-partner-details',
        headers: { authorization: `Bearer ${await pool.idToken(ownerSub)}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: messages.signInCheckUnavailable, code: 'UNAVAILABLE' });
    } finally {
      pool.answerKeySetWith(200);
      await fresh.close();
    }
  });
});
