import { indianMobileDigits, phoneInputMaxLength } from '@vaidya/contract/phone-numbers';

/**
 * What a mobile field keeps of what was typed or pasted: the ten digits as soon as it
 * is a mobile ("+91 98123 45678", "098123-45678" → "9812345678"), else the text as typed,
 * so a number still being typed is not cut.
 */
export function typedMobile(typed: string): string {
  return indianMobileDigits(typed) ?? typed;
}

/** The input attributes of every mobile field: the phone's dial pad (it has +), and room for a pasted form. */
export const mobileInputAttributes = { inputMode: 'tel', maxLength: phoneInputMaxLength } as const;
