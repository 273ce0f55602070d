import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { specialitySchema } from './identity';
import { requiredText, text } from './text';
import { uploadKeySchema } from './uploads';

export const subscriptionTypes = ['standard', 'wallet'] as const;
export const subscriptionTypeSchema = z.enum(subscriptionTypes);

export const userRoles = ['owner', 'staff'] as const;
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
  charge_per_booking: z.number(),
  subscription_type: subscriptionTypeSchema,
  profile_images: z.array(z.string()),
  qr_code_domain: z.string().nullable(),
  domain_url: z.string().nullable(),
  speciality_type: specialitySchema,
  /** IANA time zone of the clinic: its "today", and every date and time it shows. */
  time_zone: z.string(),
  locations: z.array(locationSchema),
  user: z.object({ email: z.string(), name: z.string(), role: userRoleSchema }),
});
export type PartnerDetails = z.infer<typeof partnerDetailsSchema>;

export const partnerDetailsResponse = dataEnvelope(partnerDetailsSchema);

/** Spec §4: a wallet partner whose balance is below the charge per booking is blocked from bookings, schedule and settings. */
export function hasInsufficientBalance(
  partner: Pick<PartnerDetails, 'subscription_type' | 'wallet_balance' | 'charge_per_booking'>,
) {
  return partner.subscription_type === 'wallet' && partner.wallet_balance < partner.charge_per_booking;
}

// ── Clinic profile and images (spec §7 "v2" calls) ───────────────────────────

/** How many images a clinic profile or a location keeps. */
export const maxImagesPerRecord = 10;

export const partnerMessages = {
  detailsUpdated: 'Clinic details updated successfully',
  imageAdded: 'Image added successfully',
  imageDeleted: 'Image deleted successfully',
  tooManyImages: `A clinic profile or a location holds at most ${maxImagesPerRecord} images. Please delete one first.`,
  imageAlreadyAdded: 'This image has already been added',
  imageNotListed: 'This image is not on the list',
  invalidQrCodeDomain:
    'Website name may hold only lower-case letters, digits and dashes, in parts separated by dots, like smile-dental',
  invalidDomainUrl: 'Website address must be an https address with no path, like https://smile-dental.in',
  qrCodeDomainTaken: 'This website name is already taken. Please choose another.',
  domainUrlTaken: 'This website address is already used by another clinic.',
} as const;

/** A host name's labels: lower-case letters, digits and inner dashes, 1–63 each, 253 in all. */
const hostPattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const editPartnerDetailsBody = z.object({
  name: requiredText({ label: 'Clinic name', max: 200 }),
  specialityType: specialitySchema,
  /** The clinic's booking website name (`/site/<name>`); absent keeps it, null clears it. */
  qrCodeDomain: text({ label: 'Website name', max: 253 })
    .refine((value) => hostPattern.test(value), partnerMessages.invalidQrCodeDomain)
    .nullable()
    .optional(),
  /** The clinic's own domain that serves its booking website; absent keeps it, null clears it. */
  domainUrl: text({ label: 'Website address', max: 261 })
    .refine(
      (value) => value.startsWith('https://') && hostPattern.test(value.slice('https://'.length)),
      partnerMessages.invalidDomainUrl,
    )
    .nullable()
    .optional(),
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

export const locationWithImagesResponse = dataEnvelope(locationSchema);
