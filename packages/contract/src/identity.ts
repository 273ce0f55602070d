import { z } from 'zod';
import { requiredText, text } from './text';

/**
 * The identity service speaks the AWS Cognito user-pool JSON protocol, so the
 * web app can point at real Cognito instead: POST with
 * `X-Amz-Target: AWSCognitoIdentityProviderService.<Action>` and
 * `Content-Type: application/x-amz-json-1.1`.
 */
export const identityTargetPrefix = 'AWSCognitoIdentityProviderService.';
export const identityContentType = 'application/x-amz-json-1.1';
export const defaultIdentityClientId = 'vaidya-web';

/**
 * What a password must be (decision 009). `minStrengthScore` is a zxcvbn score
 * (0 to 4, from @zxcvbn-ts/core with @zxcvbn-ts/language-common): the server
 * refuses a lower one, with `passwordUserInputs` counted against the password,
 * so a strength hint that scores the same way agrees with the server.
 */
export const passwordPolicy = { minLength: 12, maxLength: 256, minStrengthScore: 3 } as const;

/** Words of this product that people reach for in a password; zxcvbn counts them as known. */
const productWords = ['vaidya', 'clinic', 'doctor', 'dentist'];
/** Shorter pieces ("in", "dr") would make half the passwords in the world look guessable. */
const shortestPersonalWord = 3;

/**
 * What zxcvbn should treat as already known about the person: the email, its
 * parts, each name given (the person's, the clinic's) and its words, and this
 * product's own words. A password built from them is easy to guess for
 * anyone who knows who it belongs to.
 */
export function passwordUserInputs(email: string, names: readonly (string | undefined)[] = []): string[] {
  const wholes = [email, ...names].map((value) => value?.trim().toLowerCase() ?? '').filter(Boolean);
  const words = wholes.flatMap((whole) => whole.split(/[^\p{L}\p{N}]+/u));
  return [
    ...new Set([
      ...wholes,
      ...words.filter((word) => [...word].length >= shortestPersonalWord),
      ...productWords,
    ]),
  ];
}
export const idTokenLifetimeSeconds = 60 * 60;
export const refreshTokenLifetimeSeconds = 30 * 24 * 60 * 60;

/** Attribute names of SignUp's UserAttributes (Cognito's standard ones plus three custom). */
export const signUpAttributes = {
  name: 'name',
  phoneNumber: 'phone_number',
  clinicName: 'custom:clinic_name',
  speciality: 'custom:speciality',
  /** Optional: `starterListsChoice.yes` copies the speciality's starter lists into the new clinic (decision 017). */
  starterLists: 'custom:starter_lists',
  /** Optional: the code of the referral link the clinic came through (`/sign-up-secure?ref=<code>`). */
  referralCode: 'custom:referral_code',
} as const;

/** The values of the starter-lists attribute; leaving it out means no. */
export const starterListsChoice = { yes: '1', no: '0' } as const;

const clientId = z.string().min(1);
const username = requiredText({ label: 'Username', max: 320 });
const password = z.string().min(1).max(passwordPolicy.maxLength);
const code = z.string().min(1).max(16);
const attribute = z.object({ Name: z.string().min(1), Value: text({ label: 'Value', max: 2048 }) });
/** RevokeToken's Token, with Cognito's pattern and its wording of a refusal. */
const revocableToken = z
  .string()
  .min(1)
  .regex(/^[A-Za-z0-9\-_=.]+$/, 'Member must satisfy regular expression pattern: [A-Za-z0-9-_=.]+');

export const identityRequests = {
  InitiateAuth: z.object({
    AuthFlow: z.enum(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH']),
    ClientId: clientId,
    AuthParameters: z.record(z.string(), text({ label: 'AuthParameters', max: 8192, trim: false })),
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
  RevokeToken: z.object({ ClientId: clientId, Token: revocableToken }),
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
  'UnauthorizedException',
  'UnknownOperationException',
  'InternalErrorException',
] as const;
export type IdentityErrorKind = (typeof identityErrorKinds)[number];

export const identityErrorSchema = z.object({ __type: z.string(), message: z.string() });
export type IdentityErrorBody = z.infer<typeof identityErrorSchema>;
/** What an action answers: Cognito's own JSON for that action (an empty object for some). */
export const identityAnswerSchema = z.record(z.string(), z.unknown());

const policyRefusalPrefix = 'Password did not conform with policy: ';
const policyRefusal = (reason: string) => `${policyRefusalPrefix}${reason}`;

/** A password policy refusal's reason without Cognito's prefix, to show to a person. */
export function passwordRefusalReason(message: string): string | undefined {
  return message.startsWith(policyRefusalPrefix) ? message.slice(policyRefusalPrefix.length) : undefined;
}
const schemaRefusal = (reason: string) => `Attributes did not conform to the schema: ${reason}`;

/**
 * The identity service's sentences. Where Cognito has one, it is Cognito's
 * word for word, so clients that match on them keep working against either.
 */
export const identityMessages = {
  incorrectCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  userDisabled: 'User is disabled.',
  userNotConfirmed: 'User is not confirmed.',
  passwordResetRequired: 'Password reset required for the user',
  /** Cognito's words for a one-time password an owner issued that is past its `temporaryPasswordDays`. */
  temporaryPasswordExpired: 'Temporary password has expired and must be reset by an administrator.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  usernameExists: 'An account with the given email already exists.',
  invalidRefreshToken: 'Invalid Refresh Token',
  refreshTokenRevoked: 'Refresh Token has been revoked',
  refreshTokenExpired: 'Refresh Token has expired',
  invalidAccessToken: 'Invalid Access Token',
  accessTokenExpired: 'Access Token has expired',
  accessTokenRevoked: 'Access Token has been revoked',
  invalidSession: 'Invalid session for the user.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  sessionUsed: 'Invalid session for the user, session can only be used once.',
  usernameNotEmail: 'Username should be an email.',
  alreadyConfirmed: 'User is already confirmed.',
  rateExceeded: 'Rate exceeded',
  onlyRefreshTokensRevoked: 'Only a refresh token can be revoked.',
  invalidPhoneNumber: 'Invalid phone number format.',
  passwordTooShort: policyRefusal('Password not long enough'),
  passwordTooLong: policyRefusal('Password is too long'),
  passwordEasyToGuess: policyRefusal(
    'Password is too easy to guess. Use a longer phrase of three or four unrelated words, without your name, email or clinic name.',
  ),
  missingTarget: 'Missing required header X-Amz-Target',
  bodyNotJson: 'The request body is not valid JSON',
  bodyNotObject: 'The request body must be a JSON object',
  internalError: 'An internal error occurred. Please try again.',
  unknownClient: (clientId: string) => `User pool client ${clientId} does not exist.`,
  missingParameter: (name: string) => `Missing required parameter ${name}`,
  invalidParameter: (path: string, constraint: string) =>
    `1 validation error detected: Value at '${path}' failed to satisfy constraint: ${constraint}`,
  unknownOperation: (target: string) => `Unknown operation ${target}`,
  cannotConfirm: (status: string) => `User cannot be confirmed. Current status is ${status}`,
  unknownAttribute: (name: string) => schemaRefusal(`Type for attribute {${name}} could not be determined`),
  attributeTooLong: (name: string, maxLength: number) =>
    schemaRefusal(`${name}: String must be no longer than ${maxLength} characters`),
  attributeRequired: (name: string) => schemaRefusal(`${name}: The attribute is required`),
  attributeNotUsername: (name: string) =>
    schemaRefusal(`${name}: The attribute must be the same as the Username`),
  attributeNotOneOf: (name: string, values: readonly string[]) =>
    schemaRefusal(`${name}: The attribute must be one of ${values.join(', ')}`),
  notAnEmail: (value: string) => `${value} is not an email address`,
  noSuchOwner: (email: string) => `No clinic owner has the email ${email}`,
} as const;

const tooManyAttempts = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * What the web app shows for each kind of identity failure (Cognito's exception names),
 * where the service's own wording is not meant for a receptionist.
 */
export const identitySentences = {
  UserNotFoundException: 'No account uses this email address. Check it, or create an account.',
  UserNotConfirmedException: 'Please confirm your email address first. Enter the code we emailed you.',
  CodeMismatchException: 'That code is not right. Please check it and try again.',
  ExpiredCodeException: 'That code has expired. Please ask for a new one.',
  InvalidPasswordException: `Use at least ${passwordPolicy.minLength} characters, hard to guess: three or four unrelated words work well.`,
  PasswordHistoryPolicyViolationException: 'Choose a password you have not used before.',
  UsernameExistsException: 'An account with this email already exists. Please sign in.',
  LimitExceededException: tooManyAttempts,
  TooManyRequestsException: tooManyAttempts,
  TooManyFailedAttemptsException: 'Too many failed attempts. Please wait a few minutes and try again.',
  PasswordResetRequiredException:
    'Your password needs to be reset. Enter the code we emailed you and choose a new password.',
} as const;

/** The emails that carry a code; each says what to do if it was not expected. */
export const codeEmails = {
  SIGN_UP: {
    subject: 'Your Vaidya confirmation code',
    text: (code: string) =>
      `Your Vaidya confirmation code is ${code}. It expires in 24 hours. If you did not sign up for Vaidya, ignore this email.`,
  },
  RESET_PASSWORD: {
    subject: 'Your Vaidya password reset code',
    text: (code: string) =>
      `Your Vaidya password reset code is ${code}. It expires in 1 hour. If you did not ask to reset your password, ignore this email: your password stays as it is.`,
  },
} as const;
