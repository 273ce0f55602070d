import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { specialitySchema } from './identity';

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
