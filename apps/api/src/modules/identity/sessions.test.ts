import { identityMessages } from '@vaidya/contract/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import { createOwner, type Device, minutes, newDevice, setUser } from './identity-test-client';

describe('sessions: refresh, sign-out and password change', () => {
  let t: TestApp;
  let phone: Device;
  let laptop: Device;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    phone = newDevice(t);
    laptop = newDevice(t);
  });

  /** Signs in on a device and returns the three tokens. */
  const signedIn = async (device: Device, email: string, password: string) => {
    const { status, body } = await device.signIn(email, password);
    expect(status).toBe(200);
    return body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
  };
  const partnerDetails = (idToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/get-partner-details',
      headers: { authorization: `Bearer ${idToken}` },
    });

  describe('refreshing', () => {
    it('an hour later the app refreshes: new id and access tokens for the same session, and a new refresh token', async () => {
      const owner = await createOwner(t);
      const first = await signedIn(phone, owner.email, owner.password);
      const signedInAt = Math.floor(t.clock.now().getTime() / 1000);
      t.clock.advance(minutes(61));
      expect((await partnerDetails(first.IdToken)).statusCode).toBe(401);

      const { status, body } = await phone.refresh(first.RefreshToken);
      expect(status).toBe(200);
      expect(body).toEqual({
        AuthenticationResult: {
          IdToken: expect.any(String),
          AccessToken: expect.any(String),
          RefreshToken: expect.any(String),
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
        ChallengeParameters: {},
      });
      expect(body.AuthenticationResult.RefreshToken).not.toBe(first.RefreshToken);
      const claims = await t.tokens.verifyIdToken(body.AuthenticationResult.IdToken);
      const firstClaims = await t.tokens.verifyIdToken(first.IdToken).catch(() => undefined);
      expect(firstClaims).toBeUndefined();
      expect(claims.auth_time).toBe(signedInAt);
      expect(claims.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 3600);
      expect((await partnerDetails(body.AuthenticationResult.IdToken)).statusCode).toBe(200);
    });

    it('the refresh token carries the same session as the sign-in', async () => {
      const owner = await createOwner(t);
      const first = await signedIn(phone, owner.email, owner.password);
      const { body } = await phone.refresh(first.RefreshToken);
      const before = await t.tokens.verifyIdToken(first.IdToken);
      const after = await t.tokens.verifyIdToken(body.AuthenticationResult.IdToken);
      expect(after.origin_jti).toBe(before.origin_jti);
    });

    it('a refresh token stops working after thirty days', async () => {
      const owner = await createOwner(t);
      const { RefreshToken } = await signedIn(phone, owner.email, owner.password);
      t.clock.advance(minutes(30 * 24 * 60) - 1000);
      const refreshed = await phone.refresh(RefreshToken);
      expect(refreshed.status).toBe(200);
      t.clock.advance(1000);
      // Rotation does not lengthen the session: the new token ends with the sign-in's thirty days.
      expect((await phone.refresh(refreshed.body.AuthenticationResult.RefreshToken)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Refresh Token has expired',
      });
    });

    it('an unknown refresh token is refused', async () => {
      expect((await phone.refresh('bm90LWEtcmVmcmVzaC10b2tlbi1hdC1hbGwtcmVhbGx5')).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid Refresh Token',
      });
    });

    it('a disabled user cannot refresh', async () => {
      const owner = await createOwner(t);
      const { RefreshToken } = await signedIn(phone, owner.email, owner.password);
      await setUser(t, owner.userId, { disabled_at: t.clock.now() });
      expect((await phone.refresh(RefreshToken)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'User is disabled.',
      });
    });
  });

  describe('signing out', () => {
    const revoked = { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' };

    it('signing out on the phone revokes its refresh token; the laptop stays signed in', async () => {
      const owner = await createOwner(t);
      const onPhone = await signedIn(phone, owner.email, owner.password);
      const onLaptop = await signedIn(laptop, owner.email, owner.password);

      const { status, body } = await phone.call('RevokeToken', {
        ClientId: testClientId,
        Token: onPhone.RefreshToken,
      });
      expect(status).toBe(200);
      expect(body).toEqual({});
      expect((await phone.refresh(onPhone.RefreshToken)).body).toEqual(revoked);
      expect((await partnerDetails(onPhone.IdToken)).statusCode).toBe(401);
      expect((await laptop.refresh(onLaptop.RefreshToken)).status).toBe(200);
      expect((await partnerDetails(onLaptop.IdToken)).statusCode).toBe(200);
    });

    it('revoking ends only that sign-in, every rotation of it, and its id and access tokens at once', async () => {
      const owner = await createOwner(t);
      const first = await signedIn(phone, owner.email, owner.password);
      const onLaptop = await signedIn(laptop, owner.email, owner.password);
      const second = (await phone.refresh(first.RefreshToken)).body.AuthenticationResult;
      const third = (await phone.refresh(second.RefreshToken)).body.AuthenticationResult;

      expect(
        (await phone.call('RevokeToken', { ClientId: testClientId, Token: third.RefreshToken })).body,
      ).toEqual({});

      for (const token of [first, second, third]) {
        expect((await phone.refresh(token.RefreshToken)).body).toEqual(revoked);
        expect((await partnerDetails(token.IdToken)).statusCode).toBe(401);
      }
      // The phone's access token can no longer act for the user, not even to sign the laptop out.
      expect((await phone.call('GlobalSignOut', { AccessToken: third.AccessToken })).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
      const laptopRefreshed = await laptop.refresh(onLaptop.RefreshToken);
      expect(laptopRefreshed.status).toBe(200);
      expect((await partnerDetails(laptopRefreshed.body.AuthenticationResult.IdToken)).statusCode).toBe(200);
      expect((await partnerDetails(onLaptop.IdToken)).statusCode).toBe(200);
    });

    it('revoking a token twice, or one that has expired, quietly succeeds', async () => {
      const owner = await createOwner(t);
      const { RefreshToken } = await signedIn(phone, owner.email, owner.password);
      const revoke = (Token: string) => phone.call('RevokeToken', { ClientId: testClientId, Token });
      expect((await revoke(RefreshToken)).body).toEqual({});
      expect((await revoke(RefreshToken)).body).toEqual({});

      const expiring = await signedIn(phone, owner.email, owner.password);
      t.clock.advance(minutes(30 * 24 * 60));
      expect((await revoke(expiring.RefreshToken)).body).toEqual({});
    });

    it('a token never issued, a malformed one or another app’s client id is refused in Cognito’s words', async () => {
      const owner = await createOwner(t);
      const { RefreshToken } = await signedIn(phone, owner.email, owner.password);
      const revoke = (request: { ClientId: string; Token: string }) => phone.call('RevokeToken', request);

      const neverIssued = await revoke({ ClientId: testClientId, Token: 'bm90LWlzc3VlZC1ieS11cy1hdC1hbGw' });
      expect(neverIssued.status).toBe(400);
      expect(neverIssued.headers['x-amzn-errortype']).toBe('UnauthorizedException:');
      expect(neverIssued.body).toEqual({ __type: 'UnauthorizedException', message: 'Invalid Refresh Token' });

      const malformed = await revoke({ ClientId: testClientId, Token: 'not a token; <script>' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({
        __type: 'InvalidParameterException',
        message:
          "1 validation error detected: Value at 'Token' failed to satisfy constraint: Member must satisfy regular expression pattern: [A-Za-z0-9-_=.]+",
      });

      const otherApp = await revoke({ ClientId: 'someone-elses-app', Token: RefreshToken });
      expect(otherApp.status).toBe(400);
      expect(otherApp.body).toEqual({
        __type: 'ResourceNotFoundException',
        message: 'User pool client someone-elses-app does not exist.',
      });
      // None of them revoked anything.
      expect((await phone.refresh(RefreshToken)).status).toBe(200);
    });

    it('only a refresh token can be revoked', async () => {
      const owner = await createOwner(t);
      const { AccessToken, IdToken, RefreshToken } = await signedIn(phone, owner.email, owner.password);
      for (const Token of [AccessToken, IdToken]) {
        expect((await phone.call('RevokeToken', { ClientId: testClientId, Token })).body).toEqual({
          __type: 'UnsupportedTokenTypeException',
          message: 'Only a refresh token can be revoked.',
        });
      }
      expect((await phone.refresh(RefreshToken)).status).toBe(200);
    });

    it('signing out everywhere ends the sessions on every device', async () => {
      const owner = await createOwner(t);
      const onPhone = await signedIn(phone, owner.email, owner.password);
      const onLaptop = await signedIn(laptop, owner.email, owner.password);

      const { status, body } = await phone.call('GlobalSignOut', { AccessToken: onPhone.AccessToken });
      expect(status).toBe(200);
      expect(body).toEqual({});
      expect((await phone.refresh(onPhone.RefreshToken)).body).toEqual(revoked);
      expect((await laptop.refresh(onLaptop.RefreshToken)).body).toEqual(revoked);
      expect((await partnerDetails(onLaptop.IdToken)).statusCode).toBe(401);
      expect((await laptop.call('GlobalSignOut', { AccessToken: onLaptop.AccessToken })).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
      // Signing in again starts a new session.
      expect((await phone.signIn(owner.email, owner.password)).status).toBe(200);
    });

    it('an access token that is forged, expired or an id token cannot sign anyone out', async () => {
      const owner = await createOwner(t);
      const { AccessToken, IdToken } = await signedIn(phone, owner.email, owner.password);
      const signOut = (token: string) => phone.call('GlobalSignOut', { AccessToken: token });
      const invalid = { __type: 'NotAuthorizedException', message: 'Invalid Access Token' };
      expect((await signOut('not-a-token')).body).toEqual(invalid);
      expect((await signOut(IdToken)).body).toEqual(invalid);
      expect((await signOut(`${AccessToken.slice(0, -4)}AAAA`)).body).toEqual(invalid);
      t.clock.advance(minutes(60));
      expect((await signOut(AccessToken)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Access Token has expired',
      });
    });
  });

  describe('changing the password', () => {
    const newPassword = 'Lotus-pond-evening-42';

    it('changing the password keeps this device signed in and signs out every other one', async () => {
      const owner = await createOwner(t);
      const onPhone = await signedIn(phone, owner.email, owner.password);
      const onLaptop = await signedIn(laptop, owner.email, owner.password);

      const { status, body } = await phone.call('ChangePassword', {
        AccessToken: onPhone.AccessToken,
        PreviousPassword: owner.password,
        ProposedPassword: newPassword,
      });
      expect(status).toBe(200);
      expect(body).toEqual({});
      expect((await phone.refresh(onPhone.RefreshToken)).status).toBe(200);
      expect((await partnerDetails(onPhone.IdToken)).statusCode).toBe(200);
      expect((await laptop.refresh(onLaptop.RefreshToken)).body.message).toBe(
        'Refresh Token has been revoked',
      );
      expect((await partnerDetails(onLaptop.IdToken)).statusCode).toBe(401);

      expect((await laptop.signIn(owner.email, owner.password)).body.message).toBe(
        'Incorrect username or password.',
      );
      expect((await laptop.signIn(owner.email, newPassword)).status).toBe(200);
    });

    it('a wrong current password is refused and counts towards the lockout', async () => {
      const owner = await createOwner(t);
      const { AccessToken } = await signedIn(phone, owner.email, owner.password);
      const change = (PreviousPassword: string) =>
        phone.call('ChangePassword', { AccessToken, PreviousPassword, ProposedPassword: newPassword });
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await change(`Guessing-${attempt}-password`)).body).toEqual({
          __type: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        });
      }
      expect((await change(owner.password)).body.message).toBe('Password attempts exceeded');
      expect((await laptop.signIn(owner.email, owner.password)).body.message).toBe(
        'Password attempts exceeded',
      );
      t.clock.advance(minutes(1));
      expect((await change(owner.password)).status).toBe(200);
    });

    it('the new password must meet the policy', async () => {
      const owner = await createOwner(t);
      const { AccessToken } = await signedIn(phone, owner.email, owner.password);
      const change = (ProposedPassword: string) =>
        phone.call('ChangePassword', { AccessToken, PreviousPassword: owner.password, ProposedPassword });
      expect((await change('short-pass1')).body).toEqual({
        __type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      });
      expect((await change('Welcome@2025')).body).toEqual({
        __type: 'InvalidPasswordException',
        message: identityMessages.passwordEasyToGuess,
      });
      expect((await change(owner.email)).body.__type).toBe('InvalidPasswordException');
      expect((await phone.signIn(owner.email, owner.password)).status).toBe(200);
    });

    it('a signed-out session cannot change the password', async () => {
      const owner = await createOwner(t);
      const { AccessToken } = await signedIn(phone, owner.email, owner.password);
      await phone.call('GlobalSignOut', { AccessToken });
      expect(
        (
          await phone.call('ChangePassword', {
            AccessToken,
            PreviousPassword: owner.password,
            ProposedPassword: newPassword,
          })
        ).body.message,
      ).toBe('Access Token has been revoked');
    });

    it('a disabled user cannot change the password', async () => {
      const owner = await createOwner(t);
      const { AccessToken } = await signedIn(phone, owner.email, owner.password);
      await setUser(t, owner.userId, { disabled_at: t.clock.now() });
      expect(
        (
          await phone.call('ChangePassword', {
            AccessToken,
            PreviousPassword: owner.password,
            ProposedPassword: newPassword,
          })
        ).body,
      ).toEqual({ __type: 'NotAuthorizedException', message: 'User is disabled.' });
    });
  });
});
