import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { requiredText } from './text';

/** An Indian mobile number: 10 digits starting 6–9, with an optional +91 or 0 in front. */
export const indianMobileSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(?:\+91|0)?[6-9]\d{9}$/, 'Please enter a valid 10-digit mobile number'))
  .transform((value) => value.slice(-10));

/** The longest values of the contact popup's text fields; the form uses them as its maxLength. */
export const leadTextMaxLength = { name: 120, specialty: 80, location: 120 } as const;

/** The contact popup's fields, named as the spreadsheet web script receives them (spec §7 External). */
export const leadRequest = z.object({
  phoneNumber: indianMobileSchema,
  name: requiredText({ label: 'Name', max: leadTextMaxLength.name }),
  specialty: requiredText({ label: 'Specialty', max: leadTextMaxLength.specialty }),
  location: requiredText({ label: 'Location', max: leadTextMaxLength.location }),
});
export type LeadRequest = z.input<typeof leadRequest>;

export const leadResponse = dataEnvelope(z.object({ id: z.uuid() }));
export const leadThanks = 'Thank you! We will call you shortly.';
