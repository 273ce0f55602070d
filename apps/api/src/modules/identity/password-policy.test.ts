import { identityMessages, passwordPolicy, passwordUserInputs } from '@vaidya/contract/identity';
import { describe, expect, it } from 'vitest';
import { demoSignIn } from '../../seed/demo-seed';
import { passwordProblem } from './password-policy';

describe('the password policy', () => {
  const meera = { email: 'meera.joshi@shanti-clinic.in' };
  const easyToGuess = identityMessages.passwordEasyToGuess;

  it('accepts a phrase that is hard to guess, with no composition rules', () => {
    expect(passwordProblem('tea at four with ajji', meera)).toBeUndefined();
    expect(passwordProblem('ऑक्सिजन सिलिंडर', meera)).toBeUndefined();
    expect(passwordProblem('🦷🪥😁🩺💊🌿🍵📅🏥🧴🪷🌧', meera)).toBeUndefined();
  });

  it('counts characters as people see them, not UTF-16 units', () => {
    expect(passwordProblem('🦷🪥😁🩺💊🌿🍵📅🏥🧴🪷', meera)).toBe(identityMessages.passwordTooShort);
    const phrase = 'A quiet walk by the river at dawn, chai, then the first patient at nine. ';
    const longest = [...phrase.repeat(4)].slice(0, passwordPolicy.maxLength - 1).join('');
    expect(passwordProblem(`${longest}🦷`, meera)).toBeUndefined();
    expect(passwordProblem(`${longest}🦷🦷`, meera)).toBe(identityMessages.passwordTooLong);
  });

  it('tells the person what to do instead', () => {
    expect(easyToGuess).toMatch(
      /^Password did not conform with policy: Password is too easy to guess\. Use /,
    );
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
    'Welcome@2025',
    'letmein12345',
    'sachin123456',
    'abc123abc123',
    'vaidya123456',
  ])('refuses the well-known %s, whatever its capitals', (common) => {
    expect(passwordProblem(common, meera)).toBe(easyToGuess);
    expect(passwordProblem(common.toUpperCase(), meera)).toBe(easyToGuess);
  });

  it('refuses a long password that is only a repeat', () => {
    expect(passwordProblem('x'.repeat(passwordPolicy.maxLength), meera)).toBe(easyToGuess);
    expect(passwordProblem('🦷'.repeat(12), meera)).toBe(easyToGuess);
  });

  it('refuses the email as the password, whatever its capitals', () => {
    expect(passwordProblem('Meera.Joshi@Shanti-Clinic.in', meera)).toBe(easyToGuess);
  });

  it('counts the names it is given against the password', () => {
    expect(passwordProblem('Kothrud12345678', meera)).toBeUndefined();
    expect(passwordProblem('Kothrud12345678', { ...meera, names: ['Shanti Clinic, Kothrud'] })).toBe(
      easyToGuess,
    );
    expect(passwordProblem('Meera12345678', { email: 'm@clinic.test', names: ['Dr. Meera Joshi'] })).toBe(
      easyToGuess,
    );
  });

  it('the demo clinic’s password passes', () => {
    expect(
      passwordProblem(demoSignIn.password, {
        email: demoSignIn.email,
        names: ['Dr. Anjali Kulkarni', 'Sushrut Dental Care'],
      }),
    ).toBeUndefined();
  });
});

describe('what counts as known about the person', () => {
  it('is the email, the names, their words of three or more characters, and the product’s words', () => {
    expect(passwordUserInputs(' Meera.Joshi@Shanti-Clinic.in', ['Dr. Meera Joshi', undefined, ''])).toEqual([
      'meera.joshi@shanti-clinic.in',
      'dr. meera joshi',
      'meera',
      'joshi',
      'shanti',
      'clinic',
      'vaidya',
      'doctor',
      'dentist',
    ]);
  });
});
