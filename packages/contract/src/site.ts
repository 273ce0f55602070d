import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { specialitySchema } from './identity';
import { locationSchema } from './partner';
import { queueSchema } from './schedule';
import { text } from './text';

/** What the not-found answer calls a partner the address names: "Clinic not found". */
export const siteRecordLabel = 'Clinic';

/** The longest host name DNS allows. */
const hostMaxLength = 253;

export const siteMessages = {
  domainOrHost: 'Give the clinic’s domain or host, not both',
} as const;

/**
 * Which clinic's booking website to show: by the partner's QR-code domain (the
 * `/site/<domain>` address), or by the host the page was opened on when the
 * partner has a custom domain. Exactly one of the two.
 */
export const siteQuery = z
  .object({
    domain: text({ label: 'Domain', max: hostMaxLength }).optional(),
    host: text({ label: 'Host', max: hostMaxLength }).optional(),
  })
  .refine((query) => Boolean(query.domain) !== Boolean(query.host), {
    message: siteMessages.domainOrHost,
    path: ['domain'],
  });
export type SiteQuery = z.infer<typeof siteQuery>;

/** `/site/<domain>`, the booking website's page: any text, as the page says itself when no clinic has it. */
export const sitePageParams = z.object({ domain: z.string() });

/** A queue as a patient sees it: no location id, as it sits inside its location. */
export const siteQueueSchema = queueSchema.pick({ id: true, queue_name: true, slot_size: true });
export type SiteQueue = z.infer<typeof siteQueueSchema>;

export const siteLocationSchema = locationSchema.extend({ queues: z.array(siteQueueSchema) });
export type SiteLocation = z.infer<typeof siteLocationSchema>;

/** The clinic's public face: what its booking website shows before a patient picks a slot. */
export const siteSchema = z.object({
  name: z.string(),
  /**
   * The clinic's website name now (`/site/<name>`), null when it has none. Opened by an old name
   * the clinic gave up, the page moves its address to this one (decision 030).
   */
  qr_code_domain: z.string().nullable(),
  speciality_type: specialitySchema,
  profile_images: z.array(z.string()),
  locations: z.array(siteLocationSchema),
  /**
   * False while the clinic's wallet cannot pay for another booking: the page asks the
   * visitor to call before they fill the form. Only this yes or no, never the balance.
   */
  taking_online_bookings: z.boolean(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteResponse = dataEnvelope(siteSchema);
