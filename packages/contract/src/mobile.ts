import { z } from 'zod';
import { indianMobileDigits, phoneNumberMessages, typedMobilePattern } from './phone-numbers';

/**
 * Every mobile number field: the ten digits of an Indian mobile (starting 6–9), however
 * it was pasted ("98123 45678", "+91 98123 45678", "098123-45678"). The pattern is what
 * the API's document tells a client; the digits are read by the same rule.
 */
export const indianMobileSchema = z
  .string({ error: phoneNumberMessages.invalidMobile })
  .regex(typedMobilePattern, phoneNumberMessages.invalidMobile)
  .transform((typed, context) => {
    const digits = indianMobileDigits(typed);
    if (digits !== null) return digits;
    context.addIssue({ code: 'custom', message: phoneNumberMessages.invalidMobile });
    return z.NEVER;
  });
