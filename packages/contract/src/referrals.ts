import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { indianMobileSchema } from './mobile';
import { specialities, specialitySchema } from './specialities';
import { requiredText } from './text';

/**
 * Referrals (issue 12): a clinic refers another one (spec §7 `new-client-request`),
 * follows it from invited to signed up to active, and shares its own referral link,
 * which pre-fills sign-up. Once a referred clinic's Razorpay recharges add up to the
 * reward, the referrer's wallet is credited once.
 */

export const referralMessages = {
  sent: 'Referral sent successfully',
  alreadyReferred: 'You have already referred this number',
  chooseSpeciality: 'Please choose a speciality',
  codeUnavailable: 'Your referral link could not be made. Please try again.',
  referralCodeLabel: 'Referral code',
} as const;

export const referralStatuses = ['invited', 'signed_up', 'active'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

/** The longest values of the referral form's text fields; the form uses them as its maxLength. */
export const referralTextMaxLength = { name: 120, city: 120 } as const;

/** POST /api/new-client-request: the clinic being referred. */
export const newClientRequestBody = z.object({
  name: requiredText({ label: 'Clinic name', max: referralTextMaxLength.name }),
  mobile: indianMobileSchema,
  speciality: z.enum(specialities, { error: referralMessages.chooseSpeciality }),
  city: requiredText({ label: 'City', max: referralTextMaxLength.city }),
});
export type NewClientRequestBody = z.input<typeof newClientRequestBody>;

export const referralSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mobile: z.string(),
  speciality: specialitySchema,
  city: z.string(),
  status: z.enum(referralStatuses),
  created_at: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;
export const referralResponse = dataEnvelope(referralSchema);

/** GET /api/referrals: the clinic's referrals, newest first. */
export const referralListResponse = dataEnvelope(z.object({ results: z.array(referralSchema) }));

/** GET /api/referral-link: the clinic's own code and the sign-up address that carries it. */
export const referralLinkSchema = z.object({ code: z.string(), url: z.string() });
export type ReferralLink = z.infer<typeof referralLinkSchema>;
export const referralLinkResponse = dataEnvelope(referralLinkSchema);

/** The query parameter of the sign-up page that carries a referral code. */
export const referralCodeParam = 'ref';
export const referralCodeLength = 8;
/** Letters and digits easy to read back from a link (no 0/O, 1/I/L). */
export const referralCodeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** GET /api/public/referral/:code: whose link this is, for the sign-up page to say. */
export const referralCodeParams = z.object({
  code: z.string().regex(/^[a-z0-9]{8}$/, 'Referral code must be 8 letters and digits'),
});
export const referrerResponse = dataEnvelope(z.object({ clinic_name: z.string() }));

/** The sign-up page a referral link opens (the web app's `paths.signUp`). */
export const referralSignUpPath = '/sign-up-secure';

/** The referral calls (decision 039). */
export const referralEndpoints = {
  refer: endpoint({
    method: 'POST',
    path: '/new-client-request',
    summary: 'Refers another clinic (name, mobile, speciality, city); once per mobile',
    tags: ['referrals'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: newClientRequestBody,
    response: referralResponse,
    status: 201,
    refusals: [409],
  }),
  list: endpoint({
    method: 'GET',
    path: '/referrals',
    summary: "The clinic's referrals with their status, newest first",
    tags: ['referrals'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    response: referralListResponse,
  }),
  link: endpoint({
    method: 'GET',
    path: '/referral-link',
    summary: "The clinic's personal referral link to sign-up, its code made on the first ask",
    tags: ['referrals'],
    access: 'signed-in',
    permission: 'clinicAdministration',
    response: referralLinkResponse,
    refusals: [503],
  }),
  referrer: endpoint({
    method: 'GET',
    path: '/public/referral/:code',
    summary: 'The name of the clinic whose referral link carries this code',
    tags: ['referrals'],
    access: 'public',
    params: referralCodeParams,
    response: referrerResponse,
    // Enough for people opening referral links; a walk through codes from one network stops here.
    rateLimit: { max: 30, per: 'minute' },
  }),
};
