import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { type OutboxStatus, outboxStatuses } from './record-states';
import { specialitySchema } from './specialities';

/**
 * What every clinic document (prescription, bill, receipt) shares: the clinic's head printed on
 * it, its layout images, and its WhatsApp messages with the outbox they are kept in.
 */

// ── The document's head ──────────────────────────────────────────────────────

/** Where a document was made, as it prints at its head. */
export const documentLocationSchema = z.object({
  location_name: z.string(),
  address: z.string(),
  contact_no: z.string(),
});

/** What a document shows of its clinic; nothing else of the partner leaves: no wallet, no users, no domains. */
export const documentPartnerSchema = z.object({
  name: z.string(),
  speciality: specialitySchema,
  authorised_signature_url: z.string().nullable(),
  consultation_form_header_url: z.string().nullable(),
  consultation_form_footer_url: z.string().nullable(),
  /** The clinic's IANA time zone: a document dates and times what it shows there, wherever it is read. */
  time_zone: z.string(),
});
export type DocumentPartner = z.infer<typeof documentPartnerSchema>;

/**
 * The doctor who wrote a prescription (issue 23), as its footer prints them (NMC): their
 * name, qualification, registration council and number, and signature image, each null
 * until their doctor profile has it.
 */
export const documentAuthorSchema = z.object({
  name: z.string(),
  qualification: z.string().nullable(),
  registration_council: z.string().nullable(),
  registration_number: z.string().nullable(),
  signature_url: z.string().nullable(),
});
export type DocumentAuthor = z.infer<typeof documentAuthorSchema>;

/** A bill's doctor (issue 23), as the bill and a receipt print them. */
export const documentDoctorSchema = documentAuthorSchema.pick({ name: true, registration_number: true });
export type DocumentDoctor = z.infer<typeof documentDoctorSchema>;

/** The partner's layout images (header, footer, signature) as the settings screen and the documents show them. */
export const layoutElementsSchema = z.object({
  consultation_form_header_url: z.string().nullable(),
  consultation_form_footer_url: z.string().nullable(),
  authorised_signature_url: z.string().nullable(),
});
export type LayoutElements = z.infer<typeof layoutElementsSchema>;
export const layoutElementsResponse = dataEnvelope(layoutElementsSchema);

// ── WhatsApp and the outbox ──────────────────────────────────────────────────

export { type OutboxStatus, outboxStatuses } from './record-states';
export const outboxStatusSchema = z.enum(outboxStatuses);

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  recipient: z.string(),
  status: outboxStatusSchema,
  error: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxMessageResponse = dataEnvelope(outboxMessageSchema);

/** Why WhatsApp did not take a message: an outbox row's `error`, for the clinic's staff. */
export const whatsAppFailureReasons = {
  refused: (code: number, detail: string) => `WhatsApp refused the message (${code}): ${detail}`,
  answeredWithoutReason: (status: number) => `WhatsApp answered ${status} without a reason`,
  answeredWithoutId: 'WhatsApp answered without a message id',
  unreachable: (cause: string) => `WhatsApp could not be reached (${cause})`,
  noAnswer: (seconds: number) => `WhatsApp did not answer within ${seconds} s`,
} as const;

/** Why a WhatsApp send was refused (429): each names its limit. */
export const whatsAppLimitMessages = {
  /** `document` as a sentence names it: 'prescription', 'bill'. */
  documentSentTooOften: (document: string, times: number) =>
    `This ${document} has already been sent on WhatsApp ${times} times today, the most one day allows.`,
  locationBusy: (max: number) =>
    `This location has already sent ${max} WhatsApp messages this hour, the most one hour allows. Please try again later.`,
} as const;

/**
 * What a send of a document by the staff answers when it ended without a refusal: it was
 * either accepted by WhatsApp ('sent') or, no WhatsApp account being configured, kept in
 * the outbox ('recorded'). A refused one is a 502, and a staff send never waits (past a
 * limit it is a 429).
 */
export const whatsAppSendMessages = {
  /** Spec §8, only once WhatsApp accepted the message. */
  sent: 'Message sent successfully',
  notSent: 'Not sent: WhatsApp is not set up; the message is kept in the outbox.',
} as const;

/** The send's answer for the stored status of its message: the spec's success text only for 'sent'. */
export const whatsAppSendMessage = (status: OutboxStatus): string =>
  status === 'sent' ? whatsAppSendMessages.sent : whatsAppSendMessages.notSent;
