import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** An Indian mobile number: 10 digits starting 6–9, with an optional +91 or 0 in front. */
export const indianMobileSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(?:\+91|0)?[6-9]\d{9}$/, 'Please enter a valid 10-digit mobile number'))
  .transform((value) => value.slice(-10));

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);

/** The contact popup's fields, named as the spreadsheet web script receives them (spec §7 External). */
export const leadRequest = z.object({
  phoneNumber: indianMobileSchema,
  name: required('Name', 120),
  specialty: required('Specialty', 80),
  location: required('Location', 120),
});
export type LeadRequest = z.input<typeof leadRequest>;

export const leadResponse = dataEnvelope(z.object({ id: z.uuid() }));
export const leadThanks = 'Thank you! We will call you shortly.';
