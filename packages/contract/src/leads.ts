import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { indianMobileSchema } from './mobile';
import { requiredText } from './text';

/** The longest values of the contact popup's text fields; the form uses them as its maxLength. */
export const leadTextMaxLength = { name: 120, specialty: 80, location: 120 } as const;

/** The contact popup's fields, named as the spreadsheet web script receives them (spec §7 External). */
export const leadRequest = z.object({
  phoneNumber: indianMobileSchema,
  name: requiredText({ label: 'Name', max: leadTextMaxLength.name }),
  specialty: requiredText({ label: 'Speciality', max: leadTextMaxLength.specialty }),
  location: requiredText({ label: 'Location', max: leadTextMaxLength.location }),
});
export type LeadRequest = z.input<typeof leadRequest>;

export const leadResponse = dataEnvelope(z.object({ id: z.uuid() }));
export const leadThanks = 'Thank you! We will call you shortly.';

export const leadEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/public/leads',
    summary: 'A clinic asks to be called back (landing page contact popup)',
    tags: [],
    access: 'public',
    body: leadRequest,
    response: leadResponse,
    status: 201,
    // Enough for a clinic that mistyped its number a few times; a flood from one network stops here.
    rateLimit: { max: 10, per: 'hour' },
  }),
};
