import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { userRoles } from './roles';
import { specialitySchema } from './specialities';

export const subscriptionTypes = ['standard', 'wallet'] as const;
export const subscriptionTypeSchema = z.enum(subscriptionTypes);

/** How the dental chart numbers teeth on screen (issue 22): FDI, the API's own, or Universal (display only). */
export const toothNumberings = ['FDI', 'UNIVERSAL'] as const;
export type ToothNumbering = (typeof toothNumberings)[number];
export const userRoleSchema = z.enum(userRoles);

/** A place where the partner sees patients (spec §3 "Location"). */
export const locationSchema = z.object({
  id: z.uuid(),
  location_name: z.string(),
  address: z.string(),
  contact_no: z.string(),
  location_images: z.array(z.string()),
});
export type Location = z.infer<typeof locationSchema>;

/** Partner info of spec §3, with the locations and who is signed in. */
export const partnerDetailsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  wallet_balance: z.number(),
  /**
   * Rupees a wallet clinic owes for patients of online bookings seen while its balance
   * could not pay (decision 027); the next recharge pays it first. 0 when nothing is owed.
   */
  wallet_owed: z.number(),
  charge_per_booking: z.number(),
  subscription_type: subscriptionTypeSchema,
  profile_images: z.array(z.string()),
  qr_code_domain: z.string().nullable(),
  domain_url: z.string().nullable(),
  speciality_type: specialitySchema,
  /** IANA time zone of the clinic: its "today", and every date and time it shows. */
  time_zone: z.string(),
  /** How many days ahead of the clinic's today its booking website offers dates and takes bookings. */
  booking_window_days: z.number().int(),
  /** How the dental chart numbers teeth on screen (issue 22). */
  tooth_numbering: z.enum(toothNumberings),
  /** Whether the printed prescription carries the dental chart as it stood on the form's date. */
  print_dental_chart: z.boolean(),
  /** The clinic's locations; a member of staff who is not an owner is given only those they work at. */
  locations: z.array(locationSchema),
  /** Who is signed in; `role` says what the screens offer (issue 23), the server deciding on every call. */
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: userRoleSchema,
    /** Their doctor profile (update-doctor-profile), printed on the prescriptions they write. */
    qualification: z.string().nullable(),
    registration_council: z.string().nullable(),
    registration_number: z.string().nullable(),
    signature_url: z.string().nullable(),
  }),
  /** The clinic's active doctors and owners, for choosing a bill's or a queue's doctor. */
  doctors: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type PartnerDetails = z.infer<typeof partnerDetailsSchema>;

export const partnerDetailsResponse = dataEnvelope(partnerDetailsSchema);

/** The call every dashboard page starts from (decision 039); Settings' own are in partner-settings.ts. */
export const partnerEndpoints = {
  details: endpoint({
    method: 'GET',
    path: '/get-partner-details',
    summary: 'The signed-in partner, its locations and the user',
    tags: ['partner'],
    access: 'signed-in',
    response: partnerDetailsResponse,
    refusals: [404],
  }),
};

/** Spec §4: a wallet partner whose balance is below the charge per booking is blocked from bookings, schedule and settings. */
export function hasInsufficientBalance(
  partner: Pick<PartnerDetails, 'subscription_type' | 'wallet_balance' | 'charge_per_booking'>,
) {
  return partner.subscription_type === 'wallet' && partner.wallet_balance < partner.charge_per_booking;
}

/** The host of the clinic's own domain, read as the server reads it: with or without a scheme, path or port. */
const domainHost = (domainUrl: string) =>
  (domainUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/)[0] ?? '').split(':')[0]?.toLowerCase() ??
  '';

/**
 * The clinic's booking website: its own domain when it has one, otherwise `/site/<website name>`
 * on the app's address (PUBLIC_URL serves the app); null without either. The QR code, Settings'
 * Copy link and the dashboard's navigation all open this one.
 */
export function websiteAddress(
  partner: Pick<PartnerDetails, 'qr_code_domain' | 'domain_url'>,
  appOrigin: string,
): string | null {
  if (partner.domain_url) return `https://${domainHost(partner.domain_url)}`;
  if (partner.qr_code_domain) return `${appOrigin}/site/${encodeURIComponent(partner.qr_code_domain)}`;
  return null;
}

// ── Clinic profile and images (spec §7 "v2" calls) ───────────────────────────

/** How many images a clinic profile or a location keeps. */
export const maxImagesPerRecord = 10;

/** The days ahead a clinic's booking website may offer (partners.booking_window_days). */
export const bookingWindowDaysRange = { min: 1, max: 365 } as const;

export const partnerMessages = {
  detailsUpdated: 'Clinic details updated successfully',
  imageAdded: 'Image added successfully',
  imageDeleted: 'Image deleted successfully',
  tooManyImages: `A clinic profile or a location holds at most ${maxImagesPerRecord} images. Please delete one first.`,
  imageAlreadyAdded: 'This image has already been added',
  imageNotListed: 'This image is not on the list',
  invalidQrCodeDomain:
    'Website name may hold only lower-case letters, digits and dashes, in parts separated by dots, like smile-dental',
  invalidDomainUrl: 'Website address must be a domain name with no path, like https://smile-dental.in',
  domainUrlNotPublic:
    'Website address must be a domain on the internet, like https://smile-dental.in: not localhost, an IP address or a name without a dot',
  domainUrlIsAppAddress:
    'Website address cannot be the address of this app. Please enter your clinic’s own domain, like https://smile-dental.in',
  invalidBookingWindow: `Online booking window must be a whole number of days from ${bookingWindowDaysRange.min} to ${bookingWindowDaysRange.max}`,
  qrCodeDomainTaken: 'This website name is already taken. Please choose another.',
  domainUrlTaken: 'This website address is already used by another clinic.',
} as const;

export const locationWithImagesResponse = dataEnvelope(locationSchema);
