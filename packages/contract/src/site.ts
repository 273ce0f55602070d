import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { locationSchema } from './partner';
import {
  availableSlotsQuery,
  availableSlotsResponse,
  bookableDatesQuery,
  bookableDatesResponse,
  queueSchema,
} from './schedule';
import { specialitySchema } from './specialities';
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

/** A patient opening the site and flicking between queues asks a few times a minute; a scraper stops here. */
const siteLookups = { max: 60, per: 'minute' } as const;

/**
 * The clinic's booking website: its public face and the open dates of its queues. Its page,
 * `/site/<name>`, is the web app's (and the API's redirect from a name given up, decision 030).
 */
export const siteEndpoints = {
  site: endpoint({
    method: 'GET',
    path: '/public/site',
    summary:
      'A clinic’s name, speciality, images, locations and queues, and whether it takes online bookings now, by its domain or custom host',
    tags: [],
    access: 'public',
    query: siteQuery,
    response: siteResponse,
    rateLimit: siteLookups,
    refusals: [404],
  }),
  openDates: endpoint({
    method: 'GET',
    path: '/public/get-dates',
    summary: 'The next open dates of a queue from today, with how many slots are free',
    tags: [],
    access: 'public',
    query: bookableDatesQuery,
    response: bookableDatesResponse,
    rateLimit: siteLookups,
    refusals: [404],
  }),
  /** Spec §6: anybody may ask; the clinic's own desk sends its token to see past the booking window. */
  freeSlots: endpoint({
    method: 'GET',
    path: '/public/get-available-slots',
    summary:
      "The free slots of a queue on a date within the clinic's booking window; its own signed-in staff see any date",
    tags: [],
    access: 'public-or-signed-in',
    query: availableSlotsQuery,
    response: availableSlotsResponse,
    rateLimit: siteLookups,
    // 403: the clinic takes no online bookings now; 422: a date outside the booking window.
    refusals: [403, 404, 422],
  }),
};
