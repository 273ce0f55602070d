import { z } from 'zod';

/** A number typed into a text field, blank meaning none; the server checks it again (contract/masters.ts). */
export const optionalNumberText = (message: string, max = 9_999_999_999.99) =>
  z
    .string()
    .trim()
    .refine(
      (text) => text === '' || (Number.isFinite(Number(text)) && Number(text) >= 0 && Number(text) <= max),
      message,
    )
    .transform((text) => (text === '' ? null : Number(text)));

export const numberToText = (value: number | null | undefined) => (value == null ? '' : String(value));

/**
 * What a phone shows for a number field: the keypad with a decimal point for money and
 * percentages, digits alone for counts. Given to the `<input>` itself (TextField's
 * `slotProps.htmlInput`): an `inputMode` on the TextField lands on its wrapper, where
 * the phone never sees it.
 */
export const decimalKeypad = { inputMode: 'decimal' } as const;
export const digitKeypad = { inputMode: 'numeric' } as const;
