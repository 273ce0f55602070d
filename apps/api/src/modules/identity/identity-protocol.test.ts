import { type IdentityAction, identityRequests } from '@vaidya/contract/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import { type Device, newDevice } from './identity-test-client';

describe('the Cognito JSON protocol', () => {
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

  const invalidParameter = (message: string | RegExp) => ({
    __type: 'InvalidParameterException',
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });

  it('answers errors as Cognito does: status 400, __type and message, and the error type header', async () => {
    const response = await device.send(
      'ForgotPassword',
      JSON.stringify({ ClientId: 'someone-elses-app', Username: 'a@b.in' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/x-amz-json-1\.1/);
    expect(response.headers['x-amzn-errortype']).toBe('ResourceNotFoundException:');
    expect(response.json()).toEqual({
      __type: 'ResourceNotFoundException',
      message: 'User pool client someone-elses-app does not exist.',
    });
  });

  const withClientId = (Object.keys(identityRequests) as IdentityAction[]).filter(
    (action) => 'ClientId' in identityRequests[action].shape,
  );
  const validRequests: Partial<Record<IdentityAction, object>> = {
    InitiateAuth: { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'a@b.in', PASSWORD: 'x' } },
    RespondToAuthChallenge: {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'session',
      ChallengeResponses: { USERNAME: 'a@b.in', NEW_PASSWORD: 'Some-new-password-1' },
    },
    ForgotPassword: { Username: 'a@b.in' },
    ConfirmForgotPassword: {
      Username: 'a@b.in',
      ConfirmationCode: '123456',
      Password: 'Some-new-password-1',
    },
    SignUp: { Username: 'a@b.in', Password: 'Some-new-password-1', UserAttributes: [] },
    ConfirmSignUp: { Username: 'a@b.in', ConfirmationCode: '123456' },
    ResendConfirmationCode: { Username: 'a@b.in' },
    RevokeToken: { Token: 'token' },
  };

  it.each(withClientId)('%s with an unknown ClientId answers ResourceNotFoundException', async (action) => {
    const response = await device.send(
      action,
      JSON.stringify({ ...validRequests[action], ClientId: 'nope' }),
    );
    expect(response.json()).toEqual({
      __type: 'ResourceNotFoundException',
      message: 'User pool client nope does not exist.',
    });
  });

  it('answers at /api/identity/ too, where the AWS SDKs post', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity/',
      remoteAddress: '10.200.0.2',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      payload: JSON.stringify({ ClientId: testClientId, Username: 'a@b.in' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      CodeDeliveryDetails: { Destination: 'a***@b***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
  });

  it('accepts plain application/json too', async () => {
    const response = await device.send(
      'ForgotPassword',
      JSON.stringify({ ClientId: testClientId, Username: 'a@b.in' }),
      { 'content-type': 'application/json' },
    );
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [
      'malformed JSON',
      'ForgotPassword',
      '{"ClientId": ',
      invalidParameter('The request body is not valid JSON'),
    ],
    ['an empty body', 'ForgotPassword', '', invalidParameter('The request body is not valid JSON')],
    ['a JSON array', 'ForgotPassword', '[]', invalidParameter('The request body must be a JSON object')],
    [
      'a JSON string',
      'ForgotPassword',
      '"hello"',
      invalidParameter('The request body must be a JSON object'),
    ],
    ['JSON null', 'ForgotPassword', 'null', invalidParameter('The request body must be a JSON object')],
    [
      'a missing ClientId',
      'ForgotPassword',
      '{"Username":"a@b.in"}',
      invalidParameter('Missing required parameter ClientId'),
    ],
    [
      'a number for Username',
      'ForgotPassword',
      `{"ClientId":"${testClientId}","Username":42}`,
      invalidParameter(/^1 validation error detected: Value at 'Username' failed to satisfy constraint: /),
    ],
    [
      'an unknown AuthFlow',
      'InitiateAuth',
      `{"ClientId":"${testClientId}","AuthFlow":"USER_SRP_AUTH","AuthParameters":{}}`,
      invalidParameter(/Value at 'AuthFlow'/),
    ],
    [
      'a missing nested parameter',
      'RespondToAuthChallenge',
      `{"ClientId":"${testClientId}","ChallengeName":"NEW_PASSWORD_REQUIRED","Session":"s","ChallengeResponses":{"USERNAME":"a@b.in"}}`,
      invalidParameter('Missing required parameter ChallengeResponses.NEW_PASSWORD'),
    ],
    [
      'a password over 256 characters',
      'ChangePassword',
      JSON.stringify({ AccessToken: 't', PreviousPassword: 'x', ProposedPassword: 'x'.repeat(257) }),
      invalidParameter(/Value at 'ProposedPassword'/),
    ],
    [
      'UserAttributes that are not a list',
      'SignUp',
      JSON.stringify({
        ClientId: testClientId,
        Username: 'a@b.in',
        Password: 'Some-new-password-1',
        UserAttributes: {},
      }),
      invalidParameter(/Value at 'UserAttributes'/),
    ],
    [
      'a refresh without the token',
      'InitiateAuth',
      JSON.stringify({ ClientId: testClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: {} }),
      invalidParameter('Missing required parameter REFRESH_TOKEN'),
    ],
  ])(
    '%s answers 400 InvalidParameterException naming the problem',
    async (_case, action, payload, expected) => {
      const response = await device.send(action, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
    },
  );

  it('a body of another content type answers InvalidParameterException, not 415 or 500', async () => {
    const response = await device.send('ForgotPassword', '<ForgotPassword/>', {
      'content-type': 'application/xml',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().__type).toBe('InvalidParameterException');
  });

  it('a body over 64 KiB is refused', async () => {
    const response = await device.send(
      'ForgotPassword',
      JSON.stringify({ ClientId: testClientId, Username: 'x'.repeat(70 * 1024) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().__type).toBe('InvalidParameterException');
  });

  it('a missing X-Amz-Target is named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity',
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      payload: '{}',
    });
    expect(response.json()).toEqual(invalidParameter('Missing required header X-Amz-Target'));
  });

  it.each([
    'AWSCognitoIdentityProviderService.AdminDeleteUser',
    'AWSCognitoIdentityProviderService.constructor',
    'AWSCognitoIdentityProviderService.__proto__',
    'SomeOtherService.InitiateAuth',
  ])('the unknown target %s answers UnknownOperationException', async (target) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identity',
      remoteAddress: '10.200.0.1',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      __type: 'UnknownOperationException',
      message: `Unknown operation ${target}`,
    });
  });

  it('one address sending more than 60 requests a minute is told to slow down; others are not', async () => {
    const busy = newDevice(t);
    const body = JSON.stringify({ ClientId: testClientId, Username: 'a@b.in' });
    for (let request = 0; request < 60; request += 1) {
      expect((await busy.send('ResendConfirmationCode', body)).statusCode).toBe(200);
    }
    const refused = await busy.send('ResendConfirmationCode', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ __type: 'TooManyRequestsException', message: 'Rate exceeded' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await device.send('ResendConfirmationCode', body)).statusCode).toBe(200);
  });
});
