import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { demoIds, demoSignIn, seedDemoClinic } from '../../seed/demo-seed';
import { newDevice } from './identity-test-client';

describe('the demo clinic’s owner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoClinic(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with the credentials printed at start, as the owner of Sushrut Dental Care', async () => {
    const { status, body } = await newDevice(t).signIn(demoSignIn.email, demoSignIn.password);
    expect(status).toBe(200);
    const claims = await t.tokens.verifyIdToken(body.AuthenticationResult.IdToken);
    expect(claims.sub).toBe(demoIds.owner);
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/get-partner-details',
      headers: { authorization: `Bearer ${body.AuthenticationResult.IdToken}` },
    });
    expect(details.json().data).toMatchObject({
      name: 'Sushrut Dental Care',
      user: { email: demoSignIn.email, name: 'Dr. Anjali Kulkarni', role: 'owner' },
    });
  });

  it('keeps a password the owner changed when the seed runs again', async () => {
    const device = newDevice(t);
    const { body } = await device.signIn(demoSignIn.email, demoSignIn.password);
    const changed = await device.call('ChangePassword', {
      AccessToken: body.AuthenticationResult.AccessToken,
      PreviousPassword: demoSignIn.password,
      ProposedPassword: 'A-password-of-my-own-7',
    });
    expect(changed.status).toBe(200);
    await seedDemoClinic(t.database.db);
    expect((await device.signIn(demoSignIn.email, 'A-password-of-my-own-7')).status).toBe(200);
  });
});
