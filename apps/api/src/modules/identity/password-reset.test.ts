import { identityMessages } from '@vaidya/contract/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import {
  createOwner,
  type Device,
  emailsTo,
  latestCode,
  minutes,
  newDevice,
  setUser,
} from './identity-test-client';

describe('forgetting the password', () => {
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

  const newPassword = 'Monsoon-over-Sinhagad-7';
  const forgot = (email: string) =>
    device.call('ForgotPassword', { ClientId: testClientId, Username: email });
  const reset = (email: string, code: string, password = newPassword) =>
    device.call('ConfirmForgotPassword', {
      ClientId: testClientId,
      Username: email,
      ConfirmationCode: code,
      Password: password,
    });
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const delivery = (destination: string) => ({
    CodeDeliveryDetails: { Destination: destination, DeliveryMedium: 'EMAIL', AttributeName: 'email' },
  });

  it('a doctor asks for a code, sets a new password with it, and every old session ends', async () => {
    const owner = await createOwner(t);
    const before = await device.signIn(owner.email, owner.password);

    const asked = await forgot(owner.email);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(delivery(`o***@c***.test`));
    const [mail] = await emailsTo(t, owner.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Vaidya password reset code' });

    expect(await reset(owner.email, await latestCode(t, owner.email))).toMatchObject({
      status: 200,
      body: {},
    });
    expect((await device.refresh(before.body.AuthenticationResult.RefreshToken)).body.message).toBe(
      'Refresh Token has been revoked',
    );
    expect((await device.signIn(owner.email, owner.password)).body.message).toBe(
      'Incorrect username or password.',
    );
    expect((await device.signIn(owner.email, newPassword)).status).toBe(200);
  });

  it('resetting the password lifts a lockout at once', async () => {
    const owner = await createOwner(t);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await device.signIn(owner.email, `Wrong-guess-${attempt}-x`);
    expect((await device.signIn(owner.email, owner.password)).body.message).toBe(
      'Password attempts exceeded',
    );
    await forgot(owner.email);
    await reset(owner.email, await latestCode(t, owner.email));
    expect((await device.signIn(owner.email, newPassword)).status).toBe(200);
  });

  it('a user who never confirmed her sign-up is confirmed by resetting, since the code proves the email', async () => {
    const owner = await createOwner(t);
    await setUser(t, owner.userId, { status: 'UNCONFIRMED' });
    await forgot(owner.email);
    await reset(owner.email, await latestCode(t, owner.email));
    expect((await device.signIn(owner.email, newPassword)).status).toBe(200);
  });

  it('an unknown email gets the same answer as a real one, and nothing is sent', async () => {
    const stranger = 'kiran@nowhere-clinic.in';
    expect((await forgot(stranger)).body).toEqual(delivery('k***@n***.in'));
    expect(await emailsTo(t, stranger)).toHaveLength(0);
    expect((await reset(stranger, '123456')).body).toEqual({
      __type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });

  it('a disabled user gets the same answer, and nothing is sent', async () => {
    const owner = await createOwner(t);
    await setUser(t, owner.userId, { disabled_at: t.clock.now() });
    expect((await forgot(owner.email)).status).toBe(200);
    expect(await emailsTo(t, owner.email)).toHaveLength(0);
  });

  it('a code works once', async () => {
    const owner = await createOwner(t);
    await forgot(owner.email);
    const code = await latestCode(t, owner.email);
    expect((await reset(owner.email, code)).status).toBe(200);
    expect((await reset(owner.email, code, 'Another-new-password-9')).body).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });

  it('a code expires after an hour', async () => {
    const owner = await createOwner(t);
    await forgot(owner.email);
    const code = await latestCode(t, owner.email);
    t.clock.advance(minutes(60));
    expect((await reset(owner.email, code)).body.__type).toBe('ExpiredCodeException');
    expect((await device.signIn(owner.email, owner.password)).status).toBe(200);
  });

  it('five wrong codes burn the code', async () => {
    const owner = await createOwner(t);
    await forgot(owner.email);
    const code = await latestCode(t, owner.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await reset(owner.email, otherThan(code))).body.__type).toBe('CodeMismatchException');
    }
    expect((await reset(owner.email, code)).body.__type).toBe('ExpiredCodeException');
  });

  it('many guesses at once still get only five tries', async () => {
    const owner = await createOwner(t);
    await forgot(owner.email);
    const code = await latestCode(t, owner.email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, n) => reset(owner.email, otherThan(String(Number(code) + n)))),
    );
    const kinds = guesses.map((guess) => guess.body.__type);
    expect(kinds.filter((kind) => kind === 'CodeMismatchException')).toHaveLength(5);
    expect(kinds.filter((kind) => kind === 'ExpiredCodeException')).toHaveLength(7);
  });

  it('asking again sends a new code and the old one stops working', async () => {
    const owner = await createOwner(t);
    await forgot(owner.email);
    const first = await latestCode(t, owner.email);
    await forgot(owner.email);
    const second = await latestCode(t, owner.email);
    if (first !== second) expect((await reset(owner.email, first)).body.__type).toBe('CodeMismatchException');
    expect((await reset(owner.email, second)).status).toBe(200);
  });

  it('at most five codes an hour', async () => {
    const owner = await createOwner(t);
    for (let asked = 0; asked < 5; asked += 1) expect((await forgot(owner.email)).status).toBe(200);
    expect((await forgot(owner.email)).body).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect(await emailsTo(t, owner.email)).toHaveLength(5);
    t.clock.advance(minutes(60));
    expect((await forgot(owner.email)).status).toBe(200);
  });

  it('a new password that breaks the policy is refused without spending the code', async () => {
    const owner = await createOwner(t);
    await forgot(owner.email);
    const code = await latestCode(t, owner.email);
    expect((await reset(owner.email, code, 'abc123abc123')).body).toEqual({
      __type: 'InvalidPasswordException',
      message: identityMessages.passwordEasyToGuess,
    });
    expect((await reset(owner.email, code, owner.email)).body.__type).toBe('InvalidPasswordException');
    expect((await reset(owner.email, code)).status).toBe(200);
  });
});
