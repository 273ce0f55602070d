import { passwordPolicy } from '@vaidya/contract/identity';
import { commonPasswordsText } from './common-passwords';

/**
 * OWASP ASVS L2 (after NIST SP 800-63B): length and a breached-password
 * check instead of composition rules, which only push people to
 * "Password1!". The list is bundled into the build, so it loads with the
 * module, once.
 */
const commonPasswords = new Set(
  commonPasswordsText
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

const refusal = (reason: string) => `Password did not conform with policy: ${reason}`;

/** Why a password is refused, in Cognito's words, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string): string | undefined {
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...password].length;
  if (length < passwordPolicy.minLength) return refusal('Password not long enough');
  if (length > passwordPolicy.maxLength) return refusal('Password is too long');
  const lowered = password.toLowerCase();
  if (lowered === email.toLowerCase()) return refusal('Password must not be the same as the email');
  if (commonPasswords.has(lowered)) return refusal('Password is too common');
  return undefined;
}
