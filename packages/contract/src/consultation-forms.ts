import { z } from 'zod';
import { patientGenderSchema, patientNameMaxLength } from './bookings';
import { publicDocumentPaths } from './document-paths';
import {
  documentAuthorSchema,
  documentLocationSchema,
  documentPartnerSchema,
  layoutElementsResponse,
  outboxMessageResponse,
  outboxMessageSchema,
} from './documents';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { masterNameMaxLength, medicineDays, productTextMaxLength } from './masters';
import { indianMobileSchema } from './mobile';
import { requiredText, text } from './text';
import { uploadKeySchema } from './uploads';

/** The documents' outbox, WhatsApp answers and layout images, as the web app still names them from here. */
export {
  type LayoutElements,
  layoutElementsResponse,
  type OutboxMessage,
  type OutboxStatus,
  outboxMessageResponse,
  whatsAppLimitMessages,
  whatsAppSendMessage,
  whatsAppSendMessages,
} from './documents';

/**
 * Consultation forms (spec §7 "Consultation forms"): what the doctor writes for one
 * visit, and the prescription printed from it (spec §2 "Prescription view", §3
 * "Prescription payload"). Every item keeps its own copy of the name and dosage it
 * prints, so a later change to a master never alters an issued prescription.
 */

export const consultationFormMessages = {
  added: 'Prescription saved successfully',
  updated: 'Prescription updated successfully',
  deleted: 'Prescription deleted successfully',
  slotHasForm: 'This booking already has a prescription. Please open it to make changes.',
  invalidAge: 'Age must be a whole number from 0 to 130',
  invalidToothNumber: 'Tooth number must be an FDI tooth number, like 16 or 55',
  tooManyItems: (label: string, max: number) => `${label} may hold at most ${max} entries`,
  /** Spec §4/§8: a send WhatsApp refused (the answers of a send that ended are whatsAppSendMessages). */
  messageFailed: 'Some error occured',
  /** The outbox's readable copy of a prescription message (the template's words with its link). */
  prescriptionMessage: (message: { patientName: string; partnerName: string; date: string; link: string }) =>
    `Prescription for ${message.patientName} from ${message.partnerName}, ${message.date}: ${message.link}`,
  layoutImageSaved: 'Image saved successfully',
  layoutImagesDeleted: 'Image deleted successfully',
  layoutNothingToDelete: 'Choose header, footer or signature to delete',
} as const;

/** What "Prescription not found" and the other 404s call a form. */
export const consultationFormRecordLabel = 'Prescription';

/** How many entries one list of a form may hold: far above any real visit. */
export const maxItemsPerList = 50;

// ── FDI (ISO 3950) tooth numbers ──────────────────────────────────────────────

/** Permanent 11–18, 21–28, 31–38, 41–48; primary 51–55, 61–65, 71–75, 81–85. */
export const permanentTeeth = [1, 2, 3, 4].flatMap((quadrant) =>
  [1, 2, 3, 4, 5, 6, 7, 8].map((tooth) => quadrant * 10 + tooth),
);
export const primaryTeeth = [5, 6, 7, 8].flatMap((quadrant) =>
  [1, 2, 3, 4, 5].map((tooth) => quadrant * 10 + tooth),
);
const fdiTeeth = new Set([...permanentTeeth, ...primaryTeeth]);
export const isFdiTooth = (tooth: number) => fdiTeeth.has(tooth);

// ── Vitals and suggestions (spec §9) ─────────────────────────────────────────

/** The vitals the editor offers as ready rows; any other type may be typed. */
export const metricTypes = ['BP', 'Pulse', 'Temperature', 'Weight', 'SpO2'] as const;
/** Spec §9 "Instruction suggestions". */
export const instructionSuggestions = ['After meal', 'Before meal'] as const;
/** Steps a dental treatment on one tooth commonly records; any other may be typed. */
export const dentalOperationSuggestions = [
  'Access opening',
  'Cleaning and shaping',
  'Obturation',
  'Crown preparation',
  'Impression',
  'Crown cementation',
  'Scaling',
  'Polishing',
  'Restoration',
  'Extraction',
] as const;

// ── The items of a form: record shapes of spec §3, an id when picked from a master ──

const itemId = z.uuid().optional();
const itemName = (label: string) => requiredText({ label, max: masterNameMaxLength });
const listOf = <T extends z.ZodType>(label: string, item: T) =>
  z
    .array(item, { error: `${label} must be a list` })
    .max(maxItemsPerList, consultationFormMessages.tooManyItems(label, maxItemsPerList))
    .default([]);

export const metricInput = z.object({
  type: requiredText({ label: 'Vital', max: 60 }),
  value: requiredText({ label: 'Vital value', max: 60 }),
});
export const complaintInput = z.object({ id: itemId, complaint_name: itemName('Complaint') });
export const observationInput = z.object({ id: itemId, observation_name: itemName('Clinical finding') });
export const diagnosisInput = z.object({ id: itemId, diagnosis_name: itemName('Diagnosis') });
export const investigationInput = z.object({ id: itemId, investigation_name: itemName('Investigation') });
export const operationInput = z.object({ id: itemId, operation_name: itemName('Operation') });
export const treatmentInput = z.object({
  id: itemId,
  treatment_name: itemName('Treatment'),
  tooth_number: z
    .number({ error: consultationFormMessages.invalidToothNumber })
    .int(consultationFormMessages.invalidToothNumber)
    .refine(isFdiTooth, consultationFormMessages.invalidToothNumber)
    .nullable()
    .optional(),
  operations: listOf('Operations', operationInput),
});
export const productInput = z.object({
  id: itemId,
  product_name: requiredText({ label: 'Medicine name', max: masterNameMaxLength }),
  composition: text({ label: 'Composition', max: productTextMaxLength.composition }).default(''),
  dosage_qty: text({ label: 'Dosage', max: productTextMaxLength.dosageQty }).default(''),
  is_morning: z.boolean().default(false),
  is_afternoon: z.boolean().default(false),
  is_evening: z.boolean().default(false),
  is_sos: z.boolean().default(false),
  days: medicineDays.nullable().default(null),
  instructions: text({ label: 'Instructions', max: productTextMaxLength.instructions }).default(''),
});

const customerAge = z
  .number({ error: consultationFormMessages.invalidAge })
  .int(consultationFormMessages.invalidAge)
  .min(0, consultationFormMessages.invalidAge)
  .max(130, consultationFormMessages.invalidAge);

/**
 * add-consultation-form; update-consultation-form takes the same plus `id`. With a
 * `slotId` the form belongs to that booking (one form per booking); without one it is a
 * walk-in's, printed with `locationId` (the dashboard's selected location) or else the
 * clinic's first location.
 */
export const consultationFormBody = z.object({
  slotId: z.uuid().nullable().optional(),
  locationId: z.uuid().nullable().optional(),
  customerName: requiredText({ label: 'Patient name', max: patientNameMaxLength }),
  customerAge: customerAge.nullable().optional(),
  customerGender: patientGenderSchema.nullable().optional(),
  customerMobile: indianMobileSchema,
  metrics: listOf('Vitals', metricInput),
  complaints: listOf('Chief complaints', complaintInput),
  observations: listOf('Clinical findings', observationInput),
  diagnoses: listOf('Diagnoses', diagnosisInput),
  investigations: listOf('Investigations', investigationInput),
  treatments: listOf('Treatments', treatmentInput),
  products: listOf('Medicines', productInput),
});
export type ConsultationFormBody = z.input<typeof consultationFormBody>;
export type ConsultationFormPayload = z.output<typeof consultationFormBody>;

export const updateConsultationFormBody = consultationFormBody.extend({ id: z.uuid() });
export type UpdateConsultationFormBody = z.input<typeof updateConsultationFormBody>;

export const consultationFormIdQuery = z.object({ id: z.uuid() });
export const consultationFormBySlotQuery = z.object({ slot_id: z.uuid() });
export const patientPrescriptionsQuery = z.object({ customer_mobile: indianMobileSchema });

// ── The record (spec §3 "Prescription payload": consultation_form_data) ─────────

const withId = <T extends z.ZodRawShape>(shape: T) => z.object({ id: z.uuid(), ...shape });

export const metricSchema = withId({ type: z.string(), value: z.string() });
export const formComplaintSchema = withId({ complaint_name: z.string() });
export const formObservationSchema = withId({ observation_name: z.string() });
export const formDiagnosisSchema = withId({ diagnosis_name: z.string() });
export const formInvestigationSchema = withId({ investigation_name: z.string() });
export const formOperationSchema = withId({ operation_name: z.string() });
export const formTreatmentSchema = withId({
  treatment_name: z.string(),
  tooth_number: z.number().int().nullable(),
  operations: z.array(formOperationSchema),
});
export const formProductSchema = withId({
  product_name: z.string(),
  composition: z.string(),
  dosage_qty: z.string(),
  is_morning: z.boolean(),
  is_afternoon: z.boolean(),
  is_evening: z.boolean(),
  is_sos: z.boolean(),
  days: z.number().int().nullable(),
  instructions: z.string(),
});
export type FormProduct = z.infer<typeof formProductSchema>;
export type FormTreatment = z.infer<typeof formTreatmentSchema>;

/** The printed content of a form: every name and dosage as it was written. */
export const consultationContentSchema = z.object({
  metrics: z.array(metricSchema),
  complaints: z.array(formComplaintSchema),
  observations: z.array(formObservationSchema),
  diagnoses: z.array(formDiagnosisSchema),
  investigations: z.array(formInvestigationSchema),
  treatments: z.array(formTreatmentSchema),
  products: z.array(formProductSchema),
});
export type ConsultationContent = z.infer<typeof consultationContentSchema>;

export const consultationFormSchema = consultationContentSchema.extend({
  id: z.uuid(),
  slot_id: z.uuid().nullable(),
  location_id: z.uuid(),
  /** The patient the form is for (the registry's; staff only, never on the public prescription). */
  patient_id: z.uuid(),
  customer_name: z.string(),
  customer_age: z.number().int().nullable(),
  customer_gender: patientGenderSchema.nullable(),
  customer_mobile: z.string(),
  /** The clinic's date of the visit, 'YYYY-MM-DD'. */
  prescribed_date: z.string(),
  /** ISO instant of the last change. */
  updated_at: z.string(),
  version: z.number().int().positive(),
  /** The doctor who saved it last (issue 23), or null for a form written before authors were kept. */
  author: documentAuthorSchema.nullable(),
});
export type ConsultationForm = z.infer<typeof consultationFormSchema>;
export const consultationFormResponse = dataEnvelope(consultationFormSchema);
/** get-by-slot-id: the booking's form, or null when it has none yet. */
export const consultationFormOrNullResponse = dataEnvelope(consultationFormSchema.nullable());

/** One of a patient's earlier prescriptions, for the editor's history list. */
export const prescriptionSummarySchema = z.object({
  id: z.uuid(),
  prescribed_date: z.string(),
  customer_name: z.string(),
  diagnoses: z.array(z.string()),
  medicines: z.number().int().nonnegative(),
});
export type PrescriptionSummary = z.infer<typeof prescriptionSummarySchema>;
export const patientPrescriptionsResponse = dataEnvelope(z.array(prescriptionSummarySchema));

// ── The public prescription (GET /api/public/prescription/{id}) ───────────────

export const publicPrescriptionParams = z.object({ id: z.uuid() });

export const publicPrescriptionSchema = z.object({
  consultation_form_data: consultationContentSchema.extend({
    id: z.uuid(),
    customer_name: z.string(),
    customer_age: z.number().int().nullable(),
    customer_gender: patientGenderSchema.nullable(),
    customer_mobile: z.string(),
    prescribed_date: z.string(),
    updated_at: z.string(),
  }),
  /**
   * What the registry holds now of the patient's allergies and medical alerts (the
   * alerts in the screens' words, then the clinic's own note), printed in red by the
   * patient's name (issue 21).
   */
  patient_safety: z.object({ allergies: z.array(z.string()), alerts: z.array(z.string()) }),
  location: documentLocationSchema,
  partner: documentPartnerSchema,
  /** Who wrote it, printed in its footer; null (an older form) prints the clinic's name and signature. */
  author: documentAuthorSchema.nullable(),
});
export type PublicPrescription = z.infer<typeof publicPrescriptionSchema>;
export const publicPrescriptionResponse = dataEnvelope(publicPrescriptionSchema);

// ── WhatsApp (spec §7 "WhatsApp prescription message") ───────────────────────

/**
 * The spec's payload: mobileNumber, patientName, partnerName and date are still accepted,
 * and ignored. The message goes to the mobile number on the prescription, with the patient's
 * and the clinic's names and the date as the records hold them, so an account cannot send the
 * clinic's messages to anyone, or put its own words in them.
 */
export const sendPrescriptionMessageBody = z.object({
  mobileNumber: indianMobileSchema.optional(),
  patientName: requiredText({ label: 'Patient name', max: patientNameMaxLength }).optional(),
  partnerName: requiredText({ label: 'Clinic name', max: 200 }).optional(),
  /** en-GB, as the preview shows it: 23/11/2026. */
  date: z
    .string({ error: 'Date must be written like 23/11/2026' })
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Date must be written like 23/11/2026')
    .optional(),
  prescriptionId: z.uuid(),
});
export type SendPrescriptionMessageBody = z.infer<typeof sendPrescriptionMessageBody>;

/** get-messages?id: the WhatsApp messages of one prescription, newest first. */
export const prescriptionMessagesResponse = dataEnvelope(z.array(outboxMessageSchema));

// ── Layout images (header, footer, authorised signature) ─────────────────────

export const uploadHeaderBody = z.object({ header: uploadKeySchema('Header image') });
export const uploadFooterBody = z.object({ footer: uploadKeySchema('Footer image') });
export const uploadSignatureBody = z.object({ signature: uploadKeySchema('Signature image') });

/** delete-layout-elements?header&footer&signature: each present and not 'false' is deleted. */
const flag = z
  .enum(['true', 'false', '1', '0', ''], { error: 'Use true or false' })
  .optional()
  .transform((value) => value !== undefined && value !== 'false' && value !== '0');
export const deleteLayoutElementsQuery = z
  .object({ header: flag, footer: flag, signature: flag })
  .refine((query) => query.header || query.footer || query.signature, {
    message: consultationFormMessages.layoutNothingToDelete,
    path: ['header'],
  });

/** delete-consultation-form: the id of the form marked deleted. */
export const deletedConsultationFormResponse = z.object({
  data: z.object({ id: z.uuid() }),
  message: z.string(),
});

// ── The endpoints (decision 039) ─────────────────────────────────────────────

const tags = ['consultation-forms'];
/**
 * What keeping a layout image can refuse beyond the wallet guard (as every clinic setting,
 * spec §4): an image key not the caller's (404), the clinic's storage full (413), bytes that
 * are no complete image of their type (415), or bytes that never arrived or an image uploaded
 * for another purpose (422).
 */
const layoutImageRefusals = [404, 413, 415, 422] as const;

export const consultationFormEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/consultation-form/add-consultation-form',
    summary:
      "Writes a visit's form: for a booking (one per booking) or a walk-in; typed names join the masters",
    tags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: consultationFormBody,
    response: consultationFormResponse,
    status: 201,
    // 404: the booking, location or master item named is not the clinic's; 409: the booking has a form.
    refusals: [404, 409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/consultation-form/update-consultation-form',
    summary: 'Replaces a form with a new version; the earlier ones stay in its audit trail',
    tags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    body: updateConsultationFormBody,
    response: consultationFormResponse,
    refusals: [404, 409],
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/consultation-form/delete-consultation-form',
    summary: 'Deletes a form; its audit trail stays and its booking may get a new one',
    tags,
    access: 'signed-in',
    permission: 'clinicalRecords',
    query: consultationFormIdQuery,
    response: deletedConsultationFormResponse,
    refusals: [404],
  }),
  ofSlot: endpoint({
    method: 'GET',
    path: '/consultation-form/get-by-slot-id',
    summary: "A booking's form, or null when it has none yet",
    tags,
    access: 'signed-in',
    query: consultationFormBySlotQuery,
    response: consultationFormOrNullResponse,
    refusals: [404],
  }),
  byId: endpoint({
    method: 'GET',
    path: '/consultation-form/get-by-id',
    summary: 'One form of the clinic',
    tags,
    access: 'signed-in',
    query: consultationFormIdQuery,
    response: consultationFormResponse,
    refusals: [404],
  }),
  patientPrescriptions: endpoint({
    method: 'GET',
    path: '/consultation-form/get-patient-prescriptions',
    summary: "A patient's earlier prescriptions at the clinic by mobile, newest first",
    tags,
    access: 'signed-in',
    query: patientPrescriptionsQuery,
    response: patientPrescriptionsResponse,
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/consultation-form/send-message',
    summary:
      'Sends the prescription link on WhatsApp to the mobile number on the prescription, with the names on record (the body’s number and names are ignored); 429 past 5 sends of one prescription a day or the location’s hourly limit; every attempt is kept in the outbox with how it ended',
    tags,
    access: 'signed-in',
    body: sendPrescriptionMessageBody,
    response: outboxMessageResponse,
    // 429: the prescription's or the location's sending limit; 502: WhatsApp did not take it.
    refusals: [404, 429, 502],
  }),
  messages: endpoint({
    method: 'GET',
    path: '/consultation-form/get-messages',
    summary: "A prescription's WhatsApp messages, newest first",
    tags,
    access: 'signed-in',
    query: consultationFormIdQuery,
    response: prescriptionMessagesResponse,
    refusals: [404],
  }),
  layout: endpoint({
    method: 'GET',
    path: '/consultation-form/get-layout-elements',
    summary: "The header, footer and signature images of the clinic's prescriptions",
    tags,
    access: 'signed-in',
    response: layoutElementsResponse,
    refusals: [404],
  }),
  uploadHeader: endpoint({
    method: 'PUT',
    path: '/consultation-form/upload-header',
    summary: 'Prints an uploaded image at the top of the prescriptions',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: uploadHeaderBody,
    response: layoutElementsResponse,
    refusals: layoutImageRefusals,
  }),
  uploadSignature: endpoint({
    method: 'PUT',
    path: '/consultation-form/upload-authorised-signature',
    summary: "Prints an uploaded image as the practitioner's signature",
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: uploadSignatureBody,
    response: layoutElementsResponse,
    refusals: layoutImageRefusals,
  }),
  uploadFooter: endpoint({
    method: 'PUT',
    path: '/consultation-form/upload-footer',
    summary: 'Prints an uploaded image at the foot of the prescriptions',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    body: uploadFooterBody,
    response: layoutElementsResponse,
    refusals: layoutImageRefusals,
  }),
  deleteLayout: endpoint({
    method: 'DELETE',
    path: '/consultation-form/delete-layout-elements',
    summary: 'Takes the chosen layout images off the prescriptions',
    tags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    guard: 'wallet',
    query: deleteLayoutElementsQuery,
    response: layoutElementsResponse,
    refusals: [404],
  }),
  publicPrescription: endpoint({
    method: 'GET',
    path: publicDocumentPaths.prescription,
    summary: 'A prescription as printed: the form, its location and the clinic’s name, speciality and images',
    tags: [],
    access: 'public',
    params: publicPrescriptionParams,
    response: publicPrescriptionResponse,
    // A patient opening their prescription a few times, or a pharmacy checking it, stays far below this; a scraper stops here.
    rateLimit: { max: 60, per: 'minute' },
  }),
};
