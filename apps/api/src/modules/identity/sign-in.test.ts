import { refreshTokenLifetimeSeconds } from '@vaidya/contract/identity';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testClientId, testIssuer } from '../../../test/test-app';
import { partners, refreshTokens } from '../../db/schema';
import { argon2, sha256 } from './credentials';
import { createOwner, type Device, minutes, newDevice, setUser } from './identity-test-client';

// The real argon2, watched: which hash each sign-in checks a password against.

describe('signing in with a password', () => {
  let t: TestApp;
  let device: Device;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    device = newDevice(t);
  });

  it('an owner signs in and gets id, access and refresh tokens, each token good for an hour', async () => {
    const owner = await createOwner(t);
    const { status, body, headers } = await device.signIn(owner.email, owner.password);
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/x-amz-json-1\.1/);
    expect(body).toEqual({
      AuthenticationResult: {
        IdToken: expect.any(String),
        AccessToken: expect.any(String),
        RefreshToken: expect.stringMatching(/^[\w-]{43}$/),
        ExpiresIn: 3600,
        TokenType: 'Bearer',
      },
      ChallengeParameters: {},
    });

    // The database keeps only the refresh token's hash, valid for 30 days.
    const sessions = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.user_id, owner.userId));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).toBe(sha256(body.AuthenticationResult.RefreshToken));
    expect(sessions[0]?.expires_at).toEqual(
      new Date(t.clock.now().getTime() + refreshTokenLifetimeSeconds * 1000),
    );
  });

  it('the tokens carry Cognito’s claims and verify against the published JWKS', async () => {
    const owner = await createOwner(t);
    const { body } = await device.signIn(owner.email, owner.password);
    const jwksResponse = await t.app.inject({ method: 'GET', url: '/api/identity/.well-known/jwks.json' });
    expect(jwksResponse.statusCode).toBe(200);
    const keys = createLocalJWKSet(jwksResponse.json());
    const [session] = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.user_id, owner.userId));
    const now = Math.floor(t.clock.now().getTime() / 1000);

    const { IdToken, AccessToken } = body.AuthenticationResult;
    expect(decodeProtectedHeader(IdToken)).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    const id = await jwtVerify(IdToken, keys, {
      issuer: testIssuer,
      audience: testClientId,
      currentDate: t.clock.now(),
    });
    expect(id.payload).toMatchObject({
      sub: owner.userId,
      email: owner.email,
      'cognito:username': owner.email,
      token_use: 'id',
      aud: testClientId,
      iss: testIssuer,
      iat: now,
      exp: now + 3600,
      auth_time: now,
      origin_jti: session?.id,
    });

    const access = await jwtVerify(AccessToken, keys, { issuer: testIssuer, currentDate: t.clock.now() });
    expect(access.payload).toMatchObject({
      sub: owner.userId,
      username: owner.email,
      client_id: testClientId,
      token_use: 'access',
      exp: now + 3600,
      origin_jti: session?.id,
    });
  });

  it('the JWKS publishes public keys only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/identity/.well-known/jwks.json' });
    const { keys } = response.json();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({
        kty: 'EC',
        crv: 'P-256',
        alg: 'ES256',
        use: 'sig',
        kid: expect.any(String),
      });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('the email is not case-sensitive', async () => {
    const owner = await createOwner(t);
    const { status } = await device.signIn(owner.email.toUpperCase(), owner.password);
    expect(status).toBe(200);
  });

  it('a wrong password and an unknown email get the same answer, after the same argon2 check', async () => {
    const owner = await createOwner(t);
    const verify = vi.spyOn(argon2, 'verify');
    const attempt = async (email: string) => {
      verify.mockClear();
      const { status, body, headers } = await device.signIn(email, 'Not-the-password-123');
      const checkedAgainst = verify.mock.calls.map(([hash]) => String(hash).split('$')[1]);
      return { answer: { status, body, errorType: headers['x-amzn-errortype'] }, checkedAgainst };
    };
    const expected = {
      answer: {
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
        errorType: 'NotAuthorizedException:',
      },
      // One argon2id verification either way: an unknown name is checked against a real hash
      // nobody knows, so it costs what a known one costs and its timing tells nothing.
      checkedAgainst: ['argon2id'],
    };
    expect(await attempt(owner.email)).toEqual(expected);
    expect(await attempt('nobody@clinic.test')).toEqual(expected);
    verify.mockRestore();
  });

  it('a disabled user hears so only after giving the right password', async () => {
    const owner = await createOwner(t);
    await setUser(t, owner.userId, { disabled_at: t.clock.now() });
    expect((await device.signIn(owner.email, 'Not-the-password-123')).body.message).toBe(
      'Incorrect username or password.',
    );
    expect((await device.signIn(owner.email, owner.password)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });

  it('staff of a disabled clinic cannot sign in', async () => {
    const owner = await createOwner(t);
    await t.database.db
      .update(partners)
      .set({ disabled_at: t.clock.now() })
      .where(eq(partners.id, owner.partnerId));
    expect((await device.signIn(owner.email, owner.password)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });

  it('an unconfirmed user learns it only after giving the right password', async () => {
    const owner = await createOwner(t);
    await setUser(t, owner.userId, { status: 'UNCONFIRMED' });
    expect((await device.signIn(owner.email, 'Not-the-password-123')).body.__type).toBe(
      'NotAuthorizedException',
    );
    expect((await device.signIn(owner.email, owner.password)).body).toEqual({
      __type: 'UserNotConfirmedException',
      message: 'User is not confirmed.',
    });
  });

  it('a user whose password an administrator reset must reset it, and learns it only with the right password', async () => {
    const owner = await createOwner(t);
    await setUser(t, owner.userId, { status: 'RESET_REQUIRED' });
    expect((await device.signIn(owner.email, 'Not-the-password-123')).body.__type).toBe(
      'NotAuthorizedException',
    );
    expect((await device.signIn(owner.email, owner.password)).body).toEqual({
      __type: 'PasswordResetRequiredException',
      message: 'Password reset required for the user',
    });
  });

  it('a sign-in without a password names the missing parameter', async () => {
    const { status, body } = await device.call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: testClientId,
      AuthParameters: { USERNAME: 'someone@clinic.test' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter PASSWORD',
    });
  });

  describe('lockout after repeated failures', () => {
    const locked = { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' };
    const incorrect = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    const failTimes = async (email: string, times: number) => {
      for (let attempt = 0; attempt < times; attempt += 1) {
        expect((await device.signIn(email, `Wrong-password-${attempt}`)).body).toEqual(incorrect);
      }
    };

    it('a receptionist mistypes her password five times: even the right one is refused until a minute has passed', async () => {
      const owner = await createOwner(t);
      await failTimes(owner.email, 5);
      expect((await device.signIn(owner.email, owner.password)).body).toEqual(locked);
      t.clock.advance(minutes(1) - 1000);
      expect((await device.signIn(owner.email, owner.password)).body).toEqual(locked);
      t.clock.advance(1000);
      expect((await device.signIn(owner.email, owner.password)).status).toBe(200);
    });

    it('each further failure doubles the lock, up to fifteen minutes', async () => {
      const owner = await createOwner(t);
      await failTimes(owner.email, 5);
      for (const lock of [1, 2, 4, 8, 15, 15]) {
        expect((await device.signIn(owner.email, owner.password)).body).toEqual(locked);
        t.clock.advance(minutes(lock) - 1000);
        expect((await device.signIn(owner.email, owner.password)).body).toEqual(locked);
        t.clock.advance(1000);
        // The lock is over: one more mistake locks the name again, for longer.
        await failTimes(owner.email, 1);
      }
    });

    it('a successful sign-in forgets the earlier failures', async () => {
      const owner = await createOwner(t);
      await failTimes(owner.email, 4);
      expect((await device.signIn(owner.email, owner.password)).status).toBe(200);
      await failTimes(owner.email, 4);
      expect((await device.signIn(owner.email, owner.password)).status).toBe(200);
    });

    it('an unknown name is locked exactly like a real one', async () => {
      const stranger = 'no-such-user@clinic.test';
      await failTimes(stranger, 5);
      expect((await device.signIn(stranger, 'Any-password-1234')).body).toEqual(locked);
      t.clock.advance(minutes(1));
      expect((await device.signIn(stranger, 'Any-password-1234')).body).toEqual(incorrect);
      expect((await device.signIn(stranger, 'Any-password-1234')).body).toEqual(locked);
    });

    it('the name is counted however it is capitalised', async () => {
      const owner = await createOwner(t);
      await failTimes(owner.email, 3);
      await failTimes(owner.email.toUpperCase(), 2);
      expect((await device.signIn(owner.email, owner.password)).body).toEqual(locked);
    });
  });
});
