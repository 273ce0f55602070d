import type { AddressInfo } from 'node:net';
import {
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  InvalidPasswordException,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  type SignUpCommandInput,
  UnauthorizedException,
  UnsupportedTokenTypeException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { identityMessages, signUpAttributes } from '@vaidya/contract/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import { createOwner, createStaff, latestCode } from './identity-test-client';

/**
 * AWS's own Cognito client against the server on a real port: proof that
 * the wire protocol (path, content type, target header, error shape) is the
 * one the SDKs speak, not only the one our web client speaks.
 */
describe('the AWS SDK’s Cognito client', () => {
  let t: TestApp;
  let cognito: CognitoIdentityProviderClient;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    cognito = new CognitoIdentityProviderClient({
      region: 'ap-south-1',
      endpoint: `http://127.0.0.1:${port}/api/identity`,
      // The SDK signs its requests; our server does not read the signature.
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-secret' },
      maxAttempts: 1,
    });
  });
  afterAll(async () => {
    cognito?.destroy();
    await t.close();
  });

  const signIn = (email: string, password: string) =>
    cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: testClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
  const refresh = (refreshToken: string) =>
    cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: testClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );

  it('signs in with a password, refreshes, and is refused a wrong password', async () => {
    const owner = await createOwner(t);
    const signedIn = await signIn(owner.email, owner.password);
    expect(signedIn.AuthenticationResult).toMatchObject({
      IdToken: expect.any(String),
      AccessToken: expect.any(String),
      RefreshToken: expect.any(String),
      ExpiresIn: 3600,
      TokenType: 'Bearer',
    });
    const claims = await t.tokens.verifyIdToken(signedIn.AuthenticationResult?.IdToken as string);
    expect(claims).toMatchObject({ sub: owner.userId, email: owner.email });

    const refreshed = await refresh(signedIn.AuthenticationResult?.RefreshToken as string);
    expect(refreshed.AuthenticationResult?.IdToken).toEqual(expect.any(String));
    // Rotated (decision 025): a new refresh token, which the SDK hands over like Cognito's.
    const rotated = refreshed.AuthenticationResult?.RefreshToken;
    expect(rotated).toEqual(expect.any(String));
    expect(rotated).not.toBe(signedIn.AuthenticationResult?.RefreshToken);
    expect((await refresh(rotated as string)).AuthenticationResult?.IdToken).toEqual(expect.any(String));

    const wrong = signIn(owner.email, 'Not-the-password-123');
    await expect(wrong).rejects.toBeInstanceOf(NotAuthorizedException);
    await expect(wrong).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: identityMessages.incorrectCredentials,
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('answers the NEW_PASSWORD_REQUIRED challenge of a new staff member', async () => {
    const owner = await createOwner(t);
    const staff = await createStaff(t, owner.email);
    const challenge = await signIn(staff.email, staff.temporaryPassword);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.AuthenticationResult).toBeUndefined();

    const respond = (newPassword: string) =>
      cognito.send(
        new RespondToAuthChallengeCommand({
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          ClientId: testClientId,
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: staff.email, NEW_PASSWORD: newPassword },
        }),
      );
    await expect(respond('letmein12345')).rejects.toBeInstanceOf(InvalidPasswordException);
    const answered = await respond('Jasmine-at-the-front-desk');
    expect(answered.AuthenticationResult?.RefreshToken).toEqual(expect.any(String));
    expect((await signIn(staff.email, 'Jasmine-at-the-front-desk')).AuthenticationResult).toBeDefined();
  });

  it('signs up a clinic and confirms it with the emailed code; the same email cannot sign up twice', async () => {
    const email = 'anjali@smile-dental-sdk.in';
    const request: SignUpCommandInput = {
      ClientId: testClientId,
      Username: email,
      Password: 'Molar-and-canine-2026',
      UserAttributes: [
        { Name: signUpAttributes.name, Value: 'Dr. Anjali Deshpande' },
        { Name: signUpAttributes.phoneNumber, Value: '+919822012345' },
        { Name: signUpAttributes.clinicName, Value: 'Smile Dental, Aundh' },
        { Name: signUpAttributes.speciality, Value: 'DENTIST' },
      ],
    };
    const signedUp = await cognito.send(new SignUpCommand(request));
    expect(signedUp).toMatchObject({
      UserConfirmed: false,
      UserSub: expect.any(String),
      CodeDeliveryDetails: { Destination: 'a***@s***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    await expect(cognito.send(new SignUpCommand(request))).rejects.toBeInstanceOf(UsernameExistsException);

    const confirm = (ConfirmationCode: string) =>
      cognito.send(new ConfirmSignUpCommand({ ClientId: testClientId, Username: email, ConfirmationCode }));
    const code = await latestCode(t, email);
    await expect(confirm(code === '000000' ? '111111' : '000000')).rejects.toBeInstanceOf(
      CodeMismatchException,
    );
    await confirm(code);
    expect((await signIn(email, 'Molar-and-canine-2026')).AuthenticationResult).toBeDefined();
  });

  it('resets a forgotten password with the emailed code', async () => {
    const owner = await createOwner(t);
    const sent = await cognito.send(
      new ForgotPasswordCommand({ ClientId: testClientId, Username: owner.email }),
    );
    expect(sent.CodeDeliveryDetails).toEqual({
      Destination: expect.stringMatching(/^o\*\*\*@c\*\*\*\.test$/),
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const reset = (Password: string) =>
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: testClientId,
          Username: owner.email,
          ConfirmationCode: code,
          Password,
        }),
      );
    const code = await latestCode(t, owner.email);
    await expect(reset('password1234')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: identityMessages.passwordEasyToGuess,
    });
    await reset('Monsoon-over-Sinhagad-7');
    await expect(signIn(owner.email, owner.password)).rejects.toBeInstanceOf(NotAuthorizedException);
    expect((await signIn(owner.email, 'Monsoon-over-Sinhagad-7')).AuthenticationResult).toBeDefined();
  });

  it('revokes one device’s refresh token, and only that one', async () => {
    const owner = await createOwner(t);
    const phone = (await signIn(owner.email, owner.password)).AuthenticationResult;
    const laptop = (await signIn(owner.email, owner.password)).AuthenticationResult;
    const revoke = (Token: string | undefined) =>
      cognito.send(new RevokeTokenCommand({ ClientId: testClientId, Token }));

    expect((await revoke(phone?.RefreshToken)).$metadata.httpStatusCode).toBe(200);
    await expect(refresh(phone?.RefreshToken as string)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: identityMessages.refreshTokenRevoked,
    });
    expect((await refresh(laptop?.RefreshToken as string)).AuthenticationResult?.IdToken).toEqual(
      expect.any(String),
    );
    await expect(revoke('bm90LWlzc3VlZC1ieS11cy1hdC1hbGw')).rejects.toBeInstanceOf(UnauthorizedException);
    await expect(revoke(laptop?.AccessToken)).rejects.toBeInstanceOf(UnsupportedTokenTypeException);
  });

  it('signs out everywhere, after which the refresh token is refused', async () => {
    const owner = await createOwner(t);
    const { AuthenticationResult: tokens } = await signIn(owner.email, owner.password);
    await cognito.send(new GlobalSignOutCommand({ AccessToken: tokens?.AccessToken }));
    await expect(refresh(tokens?.RefreshToken as string)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: identityMessages.refreshTokenRevoked,
    });
  });
});
