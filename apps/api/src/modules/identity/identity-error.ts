import type { IdentityErrorKind } from '@vaidya/contract/identity';

/**
 * The one error the identity service throws. The identity routes answer it in
 * Cognito's shape, `{ "__type": kind, "message": message }`, so a client
 * written for Cognito (or the AWS SDK) reads it unchanged.
 */
export class IdentityError extends Error {
  constructor(
    readonly kind: IdentityErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Cognito's sentences, so clients that match on them keep working. */
export const identityMessages = {
  incorrectCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  userDisabled: 'User is disabled.',
  userNotConfirmed: 'User is not confirmed.',
  passwordResetRequired: 'Password reset required for the user',
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
} as const;

export const incorrectCredentials = () =>
  new IdentityError('NotAuthorizedException', identityMessages.incorrectCredentials);
