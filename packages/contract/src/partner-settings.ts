import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  bookingWindowDaysRange,
  locationWithImagesResponse,
  partnerDetailsResponse,
  partnerMessages,
  toothNumberings,
} from './partner';
import { specialitySchema } from './specialities';
import { requiredText, text } from './text';
import { uploadKeySchema } from './uploads';
import { hostPattern, websiteNameMaxLength } from './website-name';

/*
 * What a clinic edits about itself in Settings: its details, its own domain and its images.
 * Apart from partner.ts, which every dashboard page loads, so only Settings pays for it.
 */

/**
 * The WHATWG URL parser, which browsers and Node.js share; the contract's ES library does not
 * declare it, so only what is read here is.
 */
declare const URL: new (
  address: string,
) => Readonly<
  Record<'protocol' | 'username' | 'password' | 'hostname' | 'pathname' | 'search' | 'hash', string>
>;

/** An address read as a browser's address bar reads it: `https://` when it names no scheme. */
function parseAddress(address: string) {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

/** The host an address or a Host header names: lower-case, without scheme, port or path. */
export function addressHost(address: string): string | undefined {
  return parseAddress(address)?.hostname || undefined;
}

/** A host without its leading `www.`: `www.smile.in` and `smile.in` are one website (decision 028). */
export function siteHost(host: string): string {
  return host.replace(/^www\./, '');
}

/**
 * Whether a host can be a domain on the internet: not this machine (`localhost`, `*.localhost`),
 * not a name without a dot, not an IP address. A URL parser reads any host whose last label is
 * a number (`127.1`, `0x7f.1`, `2130706433`) as IPv4 and writes IPv6 in brackets.
 */
function isInternetDomain(host: string): boolean {
  const lastLabel = host.slice(host.lastIndexOf('.') + 1);
  return (
    host.includes('.') &&
    !host.endsWith('.localhost') &&
    !host.startsWith('[') &&
    !/^(?:\d+|0x[0-9a-f]*)$/i.test(lastLabel)
  );
}

/**
 * The clinic's own domain an address names (decision 028), or the sentence refusing it. Scheme
 * (http or https), letter case, port and a trailing slash do not matter; a path, query, fragment
 * or user name is refused, as is any host that cannot be a clinic's domain on the internet. The
 * server also refuses the app's own host, which only it knows.
 */
export function readClinicDomain(address: string): { host: string } | { refusal: string } {
  const url = parseAddress(address);
  const namesOnlyAHost =
    url !== undefined &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '';
  if (!namesOnlyAHost) return { refusal: partnerMessages.invalidDomainUrl };
  if (!isInternetDomain(url.hostname)) return { refusal: partnerMessages.domainUrlNotPublic };
  if (!hostPattern.test(url.hostname)) return { refusal: partnerMessages.invalidDomainUrl };
  return { host: url.hostname };
}

/** Whole days from 1 to 365: how far ahead of its today a clinic's booking website takes bookings. */
export const bookingWindowDaysSchema = z
  .number({ error: partnerMessages.invalidBookingWindow })
  .int(partnerMessages.invalidBookingWindow)
  .min(bookingWindowDaysRange.min, partnerMessages.invalidBookingWindow)
  .max(bookingWindowDaysRange.max, partnerMessages.invalidBookingWindow);

export const editPartnerDetailsBody = z.object({
  name: requiredText({ label: 'Clinic name', max: 200 }),
  specialityType: specialitySchema,
  /** The clinic's booking website name (`/site/<name>`); absent keeps it, null clears it. */
  qrCodeDomain: text({ label: 'Website name', max: websiteNameMaxLength })
    .refine((value) => hostPattern.test(value), partnerMessages.invalidQrCodeDomain)
    .nullable()
    .optional(),
  /**
   * The clinic's own domain that serves its booking website, stored as `https://<host>`;
   * absent keeps it, null or blank clears it.
   */
  domainUrl: text({ label: 'Website address', max: 261 })
    .transform((address, context) => {
      if (address === '') return address;
      const domain = readClinicDomain(address);
      if ('host' in domain) return `https://${domain.host}`;
      context.issues.push({ code: 'custom', message: domain.refusal, input: address });
      return z.NEVER;
    })
    .nullable()
    .optional(),
  /** How many days ahead the booking website takes bookings; absent keeps it. */
  bookingWindowDays: bookingWindowDaysSchema.optional(),
  /** How the dental chart numbers teeth on screen (issue 22); absent keeps it. */
  toothNumbering: z.enum(toothNumberings, { error: 'Tooth numbering must be FDI or UNIVERSAL' }).optional(),
  /** Whether the printed prescription carries the dental chart; absent keeps it. */
  printDentalChart: z.boolean({ error: 'Print dental chart must be true or false' }).optional(),
});
export type EditPartnerDetailsBody = z.infer<typeof editPartnerDetailsBody>;

export const locationImageBody = z.object({
  locationId: z.uuid(),
  locationImage: uploadKeySchema('Location image'),
});
export type LocationImageBody = z.infer<typeof locationImageBody>;

export const profileImageBody = z.object({ profileImage: uploadKeySchema('Profile image') });
export type ProfileImageBody = z.infer<typeof profileImageBody>;

/** Deleting takes any value on the list, so an image stored before uploads had keys can still go. */
const listedImage = (label: string) => requiredText({ label, max: 300 });
export const deleteLocationImageBody = z.object({
  locationId: z.uuid(),
  locationImage: listedImage('Location image'),
});
export const deleteProfileImageBody = z.object({ profileImage: listedImage('Profile image') });

/*
 * Settings' calls (decision 039), behind the wallet guard (spec §4: 402 when a wallet clinic's
 * balance is below its charge per booking). Adding an image takes a key of the caller's (404),
 * uploaded for this use and arrived (422), a complete image of its type (415) within the
 * clinic's storage (413), not on the list yet (409) and not past the list's size (422).
 */
const addedImageRefusals = [404, 409, 413, 415, 422] as const;

export const partnerSettingsEndpoints = {
  editDetails: endpoint({
    method: 'PUT',
    path: '/v2/edit-partner-details',
    summary: 'Edits the clinic profile: name, speciality, booking website name and address',
    tags: ['partner'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: editPartnerDetailsBody,
    response: partnerDetailsResponse,
    refusals: [404, 409],
  }),
  addProfileImage: endpoint({
    method: 'POST',
    path: '/v2/add-profile-image',
    summary: 'Adds an uploaded image to the clinic profile',
    tags: ['partner'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: profileImageBody,
    response: partnerDetailsResponse,
    refusals: addedImageRefusals,
  }),
  deleteProfileImage: endpoint({
    method: 'PUT',
    path: '/v2/delete-profile-image',
    summary: 'Takes an image off the clinic profile',
    tags: ['partner'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: deleteProfileImageBody,
    response: partnerDetailsResponse,
    refusals: [404],
  }),
  addLocationImage: endpoint({
    method: 'POST',
    path: '/v2/add-location-image',
    summary: 'Adds an uploaded image to a location',
    tags: ['partner'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: locationImageBody,
    response: locationWithImagesResponse,
    refusals: addedImageRefusals,
  }),
  deleteLocationImage: endpoint({
    method: 'PUT',
    path: '/v2/delete-location-image',
    summary: 'Takes an image off a location',
    tags: ['partner'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: deleteLocationImageBody,
    response: locationWithImagesResponse,
    refusals: [404],
  }),
};
