import { passwordPolicy } from './identity';

/**
 * The strength hint under a new-password field. The server's check is the authority
 * (`passwordPolicy`): "weak" is what it refuses as too easy to guess, "good" and
 * "strong" are what it accepts.
 */
export type PasswordStrength = 'tooShort' | 'weak' | 'good' | 'strong';

/** The hint's accessible name. */
export const passwordStrengthName = 'Password strength';

export const passwordStrengthLabels: Record<PasswordStrength, string> = {
  tooShort: 'Too short',
  weak: 'Weak',
  good: 'Good',
  strong: 'Strong',
};

export const passwordStrengthAdvice = {
  tooShort: (missing: number) =>
    `${missing} more ${missing === 1 ? 'character' : 'characters'}: at least ${passwordPolicy.minLength} in all.`,
  weak: 'Easy to guess. Try three or four unrelated words, without your name, email or clinic name.',
  good: 'Good enough. One more unrelated word would make it strong.',
  strong: 'Hard to guess. Keep it somewhere safe.',
} as const;

export const passwordStrengthChecking = 'Checking how easy it is to guess…';
