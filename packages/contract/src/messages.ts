/** User-facing sentences of spec §4 and §8, defined once. */
export const messages = {
  insufficientBalance: 'Insufficient balance. Please recharge.',
  noRefreshToken: 'No refresh token or username found. Logging out.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  cannotReachServer: 'Cannot reach the server. Check your connection.',
} as const;
