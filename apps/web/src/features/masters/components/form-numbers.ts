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
