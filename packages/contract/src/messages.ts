/** User-facing sentences of spec §4 and §8, defined once. */
export const messages = {
  insufficientBalance: 'Insufficient balance. Please recharge.',
  noRefreshToken: 'No refresh token or username found. Logging out.',
  tooManyRequests: 'Too many requests from this network. Please try again later.',
  /** A disabled person or clinic, on their next call (a disabled member's sessions end at once). */
  accountDisabled: 'This account is disabled. Please contact your clinic administrator.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  cannotReachServer: 'Cannot reach the server. Check your connection.',
  /** Signed in at an external user pool (IDENTITY_ISSUER) as someone no clinic account is linked to. */
  identityNotLinked:
    'Your sign-in is not linked to a clinic account. Please ask your clinic administrator to link it.',
  /** The external user pool's keys could not be fetched, so no token can be checked for now. */
  signInCheckUnavailable: 'Signing in cannot be checked right now. Please try again in a minute.',
} as const;
