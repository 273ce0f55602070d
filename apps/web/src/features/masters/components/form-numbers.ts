import { z } from 'zod';

/**
 * A number typed into a text field, blank meaning none, checked by the contract's own rule
 * for the field (contract/masters.ts), so the form says what the server would, in its words.
 */
export const optionalNumberText = (rule: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(rule.nullable());

export const numberToText = (value: number | null | undefined) => (value == null ? '' : String(value));

/**
 * What a phone shows for a number field: the keypad with a decimal point for money and
 * percentages, digits alone for counts. Given to the `<input>` itself (TextField's
 * `slotProps.htmlInput`): an `inputMode` on the TextField lands on its wrapper, where
 * the phone never sees it.
 */
export const decimalKeypad = { inputMode: 'decimal' } as const;
export const digitKeypad = { inputMode: 'numeric' } as const;
