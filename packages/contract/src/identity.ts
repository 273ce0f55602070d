import { z } from 'zod';

/**
 * The identity service speaks the AWS Cognito user-pool JSON protocol, so the
 * web app can point at real Cognito instead: POST with
 * `X-Amz-Target: AWSCognitoIdentityProviderService.<Action>` and
 * `Content-Type: application/x-amz-json-1.1`.
 */
export const identityTargetPrefix = 'AWSCognitoIdentityProviderService.';
export const identityContentType = 'application/x-amz-json-1.1';
export const defaultIdentityClientId = 'vaidya-web';

export const passwordPolicy = { minLength: 12, maxLength: 256 } as const;
export const idTokenLifetimeSeconds = 60 * 60;
export const refreshTokenLifetimeSeconds = 30 * 24 * 60 * 60;

/** Attribute names of SignUp's UserAttributes (Cognito's standard ones plus two custom). */
export const signUpAttributes = {
  name: 'name',
  phoneNumber: 'phone_number',
  clinicName: 'custom:clinic_name',
  speciality: 'custom:speciality',
} as const;

export const specialities = [
  'DOCTOR',
  'DENTIST',
  'PHYSIOTHERAPIST',
  'DERMATOLOGIST',
  'PAEDIATRICIAN',
  'GYNAECOLOGIST',
  'OTHER',
] as const;
export const specialitySchema = z.enum(specialities);
export type Speciality = z.infer<typeof specialitySchema>;

const clientId = z.string().min(1);
const username = z.string().min(1).max(320);
const password = z.string().min(1).max(passwordPolicy.maxLength);
const code = z.string().min(1).max(16);
const attribute = z.object({ Name: z.string().min(1), Value: z.string() });

export const identityRequests = {
  InitiateAuth: z.object({
    AuthFlow: z.enum(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH']),
    ClientId: clientId,
    AuthParameters: z.record(z.string(), z.string()),
  }),
  RespondToAuthChallenge: z.object({
    ChallengeName: z.literal('NEW_PASSWORD_REQUIRED'),
    ClientId: clientId,
    Session: z.string().min(1),
    ChallengeResponses: z.object({ USERNAME: username, NEW_PASSWORD: password }).loose(),
  }),
  ForgotPassword: z.object({ ClientId: clientId, Username: username }),
  ConfirmForgotPassword: z.object({
    ClientId: clientId,
    Username: username,
    ConfirmationCode: code,
    Password: password,
  }),
  SignUp: z.object({
    ClientId: clientId,
    Username: username,
    Password: password,
    UserAttributes: z.array(attribute).default([]),
  }),
  ConfirmSignUp: z.object({ ClientId: clientId, Username: username, ConfirmationCode: code }),
  ResendConfirmationCode: z.object({ ClientId: clientId, Username: username }),
  GlobalSignOut: z.object({ AccessToken: z.string().min(1) }),
  RevokeToken: z.object({ ClientId: clientId, Token: z.string().min(1) }),
  ChangePassword: z.object({
    AccessToken: z.string().min(1),
    PreviousPassword: password,
    ProposedPassword: password,
  }),
} as const;

export type IdentityAction = keyof typeof identityRequests;
export type IdentityRequest<A extends IdentityAction> = z.input<(typeof identityRequests)[A]>;

export const authenticationResultSchema = z.object({
  AuthenticationResult: z.object({
    IdToken: z.string(),
    AccessToken: z.string(),
    RefreshToken: z.string().optional(),
    ExpiresIn: z.number(),
    TokenType: z.literal('Bearer'),
  }),
  ChallengeParameters: z.record(z.string(), z.string()).optional(),
});
export type AuthenticationResult = z.infer<typeof authenticationResultSchema>;

export const challengeSchema = z.object({
  ChallengeName: z.literal('NEW_PASSWORD_REQUIRED'),
  Session: z.string(),
  ChallengeParameters: z.record(z.string(), z.string()),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const codeDeliverySchema = z.object({
  CodeDeliveryDetails: z.object({
    Destination: z.string(),
    DeliveryMedium: z.enum(['EMAIL', 'SMS']),
    AttributeName: z.string(),
  }),
});

export const signUpResultSchema = codeDeliverySchema.extend({
  UserConfirmed: z.boolean(),
  UserSub: z.string(),
});

/** Cognito's exception kinds this service answers with: `{ __type: "<Kind>Exception", message }`, status 400. */
export const identityErrorKinds = [
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'InvalidPasswordException',
  'InvalidParameterException',
  'UsernameExistsException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
  'LimitExceededException',
  'PasswordResetRequiredException',
  'ResourceNotFoundException',
  'UnsupportedOperationException',
  'UnsupportedTokenTypeException',
  'UnknownOperationException',
  'InternalErrorException',
] as const;
export type IdentityErrorKind = (typeof identityErrorKinds)[number];

export const identityErrorSchema = z.object({ __type: z.string(), message: z.string() });
export type IdentityErrorBody = z.infer<typeof identityErrorSchema>;
