import { identityMessages } from '@vaidya/contract/identity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import { users } from '../../db/schema';
import { createOwner, createStaff, type Device, minutes, newDevice } from './identity-test-client';

describe('a new staff member chooses her own password', () => {
  let t: TestApp;
  let device: Device;
  let ownerEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    ownerEmail = (await createOwner(t)).email;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    device = newDevice(t);
  });

  const ownPassword = 'Jasmine-at-the-front-desk';
  const respond = (Session: string, USERNAME: string, NEW_PASSWORD = ownPassword) =>
    device.call('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: testClientId,
      Session,
      ChallengeResponses: { USERNAME, NEW_PASSWORD },
    });
  /** The receptionist's first sign-in: the challenge's Session. */
  const challenged = async () => {
    const staff = await createStaff(t, ownerEmail);
    const { body } = await device.signIn(staff.email, staff.temporaryPassword);
    return { ...staff, session: body.Session as string };
  };

  it('the temporary password leads to the NEW_PASSWORD_REQUIRED challenge, then to tokens', async () => {
    const staff = await createStaff(t, ownerEmail);
    const { status, body } = await device.signIn(staff.email, staff.temporaryPassword);
    expect(status).toBe(200);
    expect(body).toEqual({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: expect.any(String),
      ChallengeParameters: {
        USER_ID_FOR_SRP: staff.email,
        requiredAttributes: '[]',
        userAttributes: expect.any(String),
      },
    });
    expect(JSON.parse(body.ChallengeParameters.userAttributes)).toMatchObject({
      email: staff.email,
      name: 'Kavita Shinde',
    });

    const answered = await respond(body.Session, staff.email);
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({
      AuthenticationResult: {
        IdToken: expect.any(String),
        AccessToken: expect.any(String),
        RefreshToken: expect.any(String),
        ExpiresIn: 3600,
        TokenType: 'Bearer',
      },
      ChallengeParameters: {},
    });
    const claims = await t.tokens.verifyIdToken(answered.body.AuthenticationResult.IdToken);
    expect(claims.sub).toBe(staff.userId);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, staff.userId));
    expect(user?.status).toBe('CONFIRMED');

    expect((await device.signIn(staff.email, ownPassword)).body.AuthenticationResult).toBeDefined();
    expect((await device.signIn(staff.email, staff.temporaryPassword)).body.message).toBe(
      'Incorrect username or password.',
    );
  });

  it('a wrong temporary password gets no challenge', async () => {
    const staff = await createStaff(t, ownerEmail);
    expect((await device.signIn(staff.email, 'Temporary-pass-0000')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('the Session works once', async () => {
    const staff = await challenged();
    expect((await respond(staff.session, staff.email)).status).toBe(200);
    expect((await respond(staff.session, staff.email, 'Second-try-password-1')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
  });

  it('the Session expires after three minutes', async () => {
    const staff = await challenged();
    t.clock.advance(minutes(3) + 1000);
    expect((await respond(staff.session, staff.email)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('a made-up Session, an id token or another user’s Session is refused', async () => {
    const staff = await challenged();
    const colleague = await challenged();
    const invalid = { __type: 'NotAuthorizedException', message: 'Invalid session for the user.' };
    expect((await respond('AYABeC1hbGdvcml0aG0tbWFkZS11cA', staff.email)).body).toEqual(invalid);
    expect((await respond(colleague.session, staff.email)).body).toEqual(invalid);
    const owner = await createOwner(t);
    const { body } = await device.signIn(owner.email, owner.password);
    expect((await respond(body.AuthenticationResult.IdToken, owner.email)).body).toEqual(invalid);
    // Both Sessions still work for their own users.
    expect((await respond(staff.session, staff.email)).status).toBe(200);
    expect((await respond(colleague.session, colleague.email)).status).toBe(200);
  });

  it('a new password that breaks the policy is refused, and the Session stays usable', async () => {
    const staff = await challenged();
    expect((await respond(staff.session, staff.email, 'too-short')).body).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect((await respond(staff.session, staff.email, 'letmein12345')).body.message).toBe(
      identityMessages.passwordEasyToGuess,
    );
    // Her name (Kavita Shinde) counts against it.
    expect((await respond(staff.session, staff.email, 'Kavita@123456')).body.message).toBe(
      identityMessages.passwordEasyToGuess,
    );
    expect((await respond(staff.session, staff.email)).status).toBe(200);
  });

  it('two answers with one Session at the same moment: only one gets tokens', async () => {
    const staff = await challenged();
    const answers = await Promise.all([
      respond(staff.session, staff.email, 'First-choice-password-1'),
      respond(staff.session, staff.email, 'Other-choice-password-2'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });
});
