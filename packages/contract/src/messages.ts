/** User-facing sentences of spec §4 and §8, defined once. */
export const messages = {
  insufficientBalance: 'Insufficient balance. Please recharge.',
  noRefreshToken: 'No refresh token or username found. Logging out.',
} as const;
