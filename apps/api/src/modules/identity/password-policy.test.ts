import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

describe('the password policy', () => {
  const email = 'meera.joshi@shanti-clinic.in';
  const refusal = (reason: string) => `Password did not conform with policy: ${reason}`;

  it('accepts any twelve characters that are not common, with no composition rules', () => {
    expect(passwordProblem('tea at four with ajji', email)).toBeUndefined();
    expect(passwordProblem('ऑक्सिजन सिलिंडर', email)).toBeUndefined();
    expect(passwordProblem('x'.repeat(256), email)).toBeUndefined();
  });

  it('counts characters as people see them, not UTF-16 units', () => {
    expect(passwordProblem('🦷'.repeat(11), email)).toBe(refusal('Password not long enough'));
    expect(passwordProblem('🦷'.repeat(12), email)).toBeUndefined();
    expect(passwordProblem('🦷'.repeat(256), email)).toBeUndefined();
    expect(passwordProblem('🦷'.repeat(257), email)).toBe(refusal('Password is too long'));
  });

  it.each([
    '123456789012',
    'qwertyuiopasdf',
    'passwordpassword',
    'iloveyou1234',
    'Password@123',
    'P@ssw0rd1234',
    '1qaz2wsx3edc',
    'welcome12345',
    'vaidya123456',
    'jaishreeram123',
    'sachin123456',
  ])('refuses the well-known %s, whatever its capitals', (common) => {
    expect(passwordProblem(common, email)).toBe(refusal('Password is too common'));
    expect(passwordProblem(common.toUpperCase(), email)).toBe(refusal('Password is too common'));
  });

  it('refuses the email as the password', () => {
    expect(passwordProblem('Meera.Joshi@Shanti-Clinic.in', email)).toBe(
      refusal('Password must not be the same as the email'),
    );
  });
});
