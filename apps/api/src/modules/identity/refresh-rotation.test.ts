import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import { refreshTokens } from '../../db/schema';
import { refreshTokenGraceSeconds } from './identity.sessions.service';
import { createOwner, type Device, minutes, newDevice } from './identity-test-client';

interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

const invalid = { __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' };
const revoked = { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' };
const graceMs = refreshTokenGraceSeconds * 1000;

describe('refresh-token rotation (decision 025)', () => {
  let t: TestApp;
  let phone: Device;
  /** Every log line at warning level or above, as written. */
  const warnings: Record<string, unknown>[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        const entry = JSON.parse(String(chunk)) as Record<string, unknown>;
        if ((entry.level as number) >= 40) warnings.push(entry);
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'warn', stream } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    phone = newDevice(t);
    warnings.length = 0;
    logLines.length = 0;
  });

  const signedIn = async () => {
    const owner = await createOwner(t);
    const { status, body } = await phone.signIn(owner.email, owner.password);
    expect(status).toBe(200);
    return { owner, tokens: body.AuthenticationResult as Tokens };
  };
  const refreshed = async (refreshToken: string) => {
    const { status, body } = await phone.refresh(refreshToken);
    expect(status).toBe(200);
    return body.AuthenticationResult as Tokens;
  };
  const partnerDetails = async (idToken: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/get-partner-details',
        headers: { authorization: `Bearer ${idToken}` },
      })
    ).statusCode;
  const familyOf = async (sessionId: string) =>
    t.database.db
      .select({ revoked_at: refreshTokens.revoked_at, retired_at: refreshTokens.retired_at })
      .from(refreshTokens)
      .where(eq(refreshTokens.family_id, sessionId));
  const sessionOf = async (idToken: string) => (await t.tokens.verifyIdToken(idToken)).origin_jti;

  it('each refresh answers a new refresh token and retires the one it used', async () => {
    const { tokens } = await signedIn();
    const second = await refreshed(tokens.RefreshToken);
    expect(second.RefreshToken).not.toBe(tokens.RefreshToken);
    const third = await refreshed(second.RefreshToken);
    expect(third.RefreshToken).not.toBe(second.RefreshToken);
    expect(await sessionOf(third.IdToken)).toBe(await sessionOf(tokens.IdToken));

    const family = await familyOf(await sessionOf(tokens.IdToken));
    expect(family).toHaveLength(3);
    expect(family.filter((token) => token.retired_at === null)).toHaveLength(1);
    expect(family.every((token) => token.revoked_at === null)).toBe(true);
  });

  it('after the grace period the old token is refused, the family is revoked and a warning names it', async () => {
    const { owner, tokens } = await signedIn();
    const newer = await refreshed(tokens.RefreshToken);
    t.clock.advance(graceMs + 1000);

    expect((await phone.refresh(tokens.RefreshToken)).body).toEqual(invalid);
    // Whoever held the newer token, the user or the thief, is signed out too.
    expect((await phone.refresh(newer.RefreshToken)).body).toEqual(revoked);
    expect(await partnerDetails(newer.IdToken)).toBe(401);
    const sessionId = await sessionOf(tokens.IdToken);
    expect((await familyOf(sessionId)).every((token) => token.revoked_at !== null)).toBe(true);

    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'a retired refresh token was used again; its session was revoked',
        familyId: sessionId,
        userId: owner.userId,
      }),
    ]);
    const log = logLines.join('');
    for (const secret of [tokens.RefreshToken, newer.RefreshToken, owner.email]) {
      expect(log).not.toContain(secret);
    }
    // Signing in again starts a new family.
    expect((await phone.signIn(owner.email, owner.password)).status).toBe(200);
  });

  it('reuse of an older generation is caught too, and other sessions of the user are untouched', async () => {
    const { owner, tokens } = await signedIn();
    const laptop = newDevice(t);
    const onLaptop = (await laptop.signIn(owner.email, owner.password)).body.AuthenticationResult as Tokens;
    const second = await refreshed(tokens.RefreshToken);
    t.clock.advance(minutes(5));
    const third = await refreshed(second.RefreshToken);
    t.clock.advance(minutes(5));

    expect((await phone.refresh(tokens.RefreshToken)).body).toEqual(invalid);
    expect((await phone.refresh(third.RefreshToken)).body).toEqual(revoked);
    expect((await laptop.refresh(onLaptop.RefreshToken)).status).toBe(200);
  });

  it('within the grace period the old token still works, twice, and the family lives on', async () => {
    const { tokens } = await signedIn();
    const first = await refreshed(tokens.RefreshToken);
    t.clock.advance(graceMs / 2);
    const sibling = await refreshed(tokens.RefreshToken);
    t.clock.advance(graceMs / 2);
    const another = await refreshed(tokens.RefreshToken);

    const issued = [first, sibling, another];
    expect(new Set(issued.map((answer) => answer.RefreshToken)).size).toBe(3);
    for (const answer of issued) {
      expect(await sessionOf(answer.IdToken)).toBe(await sessionOf(tokens.IdToken));
      expect(await partnerDetails(answer.IdToken)).toBe(200);
      expect((await refreshed(answer.RefreshToken)).RefreshToken).toEqual(expect.any(String));
    }
    expect(warnings).toEqual([]);
    expect((await familyOf(await sessionOf(tokens.IdToken))).every((token) => !token.revoked_at)).toBe(true);
  });

  it('refreshes with one token at the same moment all succeed and the family stays alive', async () => {
    const { tokens } = await signedIn();
    // On PostgreSQL they run on separate connections: the conditional update decides who rotates.
    const answers = await Promise.all(Array.from({ length: 4 }, () => phone.refresh(tokens.RefreshToken)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const issued = answers.map((answer) => answer.body.AuthenticationResult as Tokens);
    expect(new Set(issued.map((answer) => answer.RefreshToken)).size).toBe(4);
    for (const answer of issued) {
      expect(await partnerDetails(answer.IdToken)).toBe(200);
      expect((await phone.refresh(answer.RefreshToken)).status).toBe(200);
    }
    const family = await familyOf(await sessionOf(tokens.IdToken));
    expect(family.every((token) => token.revoked_at === null)).toBe(true);
    // One rotation retired the token; the others got siblings.
    expect(family.filter((token) => token.retired_at !== null)).toHaveLength(1 + issued.length);
    expect(warnings).toEqual([]);
  });

  it('signing out with any token of the family ends the whole session', async () => {
    const { tokens } = await signedIn();
    const second = await refreshed(tokens.RefreshToken);
    const third = await refreshed(second.RefreshToken);
    expect(
      (await phone.call('RevokeToken', { ClientId: testClientId, Token: second.RefreshToken })).body,
    ).toEqual({});
    expect((await phone.refresh(third.RefreshToken)).body).toEqual(revoked);
    expect(await partnerDetails(third.IdToken)).toBe(401);
    // A refused token after sign-out is no theft: nothing more is logged.
    expect(warnings).toEqual([]);
  });

  it('signing out everywhere revokes every token, the rotated ones included', async () => {
    const { tokens } = await signedIn();
    const second = await refreshed(tokens.RefreshToken);
    await phone.call('GlobalSignOut', { AccessToken: second.AccessToken });
    expect((await phone.refresh(second.RefreshToken)).body).toEqual(revoked);
    expect((await phone.refresh(tokens.RefreshToken)).body).toEqual(revoked);
    expect((await familyOf(await sessionOf(tokens.IdToken))).every((token) => token.revoked_at)).toBe(true);
  });
});
