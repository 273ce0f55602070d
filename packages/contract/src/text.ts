import { z } from 'zod';

/**
 * The one rule for every text field a request carries (decision 014).
 *
 * Text is trimmed, then refused when it is longer than its field allows or when
 * it holds a character that is not text: the C0 controls (NUL always, because
 * PostgreSQL cannot store it), DEL, the C1 controls, and halves of a surrogate
 * pair. Multi-line fields keep tab, line feed and carriage return. Joiners and
 * other format characters stay allowed: Indian scripts need ZWJ and ZWNJ.
 */
const notTextInLine = /\p{Cc}|\p{Cs}/u;
const notTextInParagraph = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** The sentences of the rule; each names its field, so a server shows it as is. */
export const textMessages = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  notAllowed: (label: string) =>
    `${label} contains an invisible character that is not allowed. Please retype it.`,
  notText: (label: string) => `${label} must be text`,
} as const;

export interface TextOptions {
  /** How sentences name the field: "Complaint name must be at most 200 characters". */
  label: string;
  /** The longest value accepted, after trimming; forms use it as their maxLength. */
  max: number;
  /** Allows tab and line breaks (notes, instructions). */
  multiline?: boolean;
  /** False takes the value exactly as typed: a password or token with a space at its end is another one. */
  trim?: boolean;
}

/** Optional text: absent, blank or a string within the rule. */
export function text(options: TextOptions) {
  return withinRule(z.string({ error: textMessages.notText(options.label) }), options);
}

/**
 * Text that must be filled in. `requiredMessage` replaces "<Label> is required"
 * where the spec words it differently ("Please fill in all required fields");
 * it also answers a missing field or one that is not text.
 */
export function requiredText(options: TextOptions & { requiredMessage?: string }) {
  const required = options.requiredMessage ?? textMessages.required(options.label);
  return withinRule(z.string({ error: required }), options).min(1, required);
}

/** Every check carries its own sentence: one left without would borrow the string's "required" one. */
function withinRule(string: z.ZodString, { label, max, multiline = false, trim = true }: TextOptions) {
  const notText = multiline ? notTextInParagraph : notTextInLine;
  return (trim ? string.trim() : string)
    .max(max, textMessages.tooLong(label, max))
    .refine((value) => !notText.test(value), textMessages.notAllowed(label));
}
