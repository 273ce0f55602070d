import { z } from 'zod';
import { type PatientGender, patientGenderSchema, patientNameMaxLength, slotStatusSchema } from './bookings';
import { endpoint } from './endpoint';
import { dataEnvelope, paginationSchema } from './envelope';
import { indianMobileSchema } from './mobile';
import { outboxStatuses, paymentModes } from './record-states';
import { calendarDateSchema } from './schedule';
import { requiredText, text } from './text';

/**
 * The clinic's patient registry (issue 21): the whole record of a patient, the list the
 * desk searches, and adding and editing a patient. The patients module answers it.
 */

export const patientMessages = {
  added: 'Patient added successfully',
  updated: 'Patient updated successfully',
  recordLabel: 'Patient',
  ageOrBirthDate: 'Give either a date of birth or an age, not both',
  birthDateInFuture: 'Date of birth cannot be in the future',
  invalidAge: 'Age must be a whole number from 0 to 130',
  invalidBloodGroup: 'Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+ and O-',
  invalidEmail: 'Email must be an email address, like asha@example.com',
  tooManyAllergies: 'A patient can have at most 20 allergies',
  numberTaken: (number: string) => `Patient number ${number} already belongs to another patient`,
  /** The same mobile and name is the same patient; a family's others have other names. */
  alreadyOnMobile: (name: string) => `${name} is already a patient on this mobile number`,
  pickedPatientDiffers: 'The name and mobile number must be those of the patient picked',
} as const;

/**
 * A name as "same patient" compares it: case and repeated or surrounding spaces do not matter,
 * so "asha  Patil" on a mobile is Asha Patil, and her son on the same phone is another patient.
 * The database keeps the same key (`patients.name_key`).
 */
export function patientNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export const bloodGroups = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const bloodGroupSchema = z.enum(bloodGroups, { error: patientMessages.invalidBloodGroup });
export type BloodGroup = z.infer<typeof bloodGroupSchema>;

/** The medical alerts a clinic ticks, in the words the screens show; anything else goes in `alert_notes`. */
export const medicalAlertLabels = {
  diabetic: 'Diabetic',
  hypertensive: 'Hypertensive',
  blood_thinners: 'On blood thinners',
  pregnant: 'Pregnant',
  pacemaker: 'Pacemaker',
  asthma: 'Asthma',
  epilepsy: 'Epilepsy',
  heart_disease: 'Heart disease',
  kidney_disease: 'Kidney disease',
  bleeding_disorder: 'Bleeding disorder',
} as const;
export type MedicalAlert = keyof typeof medicalAlertLabels;
export const medicalAlerts = Object.keys(medicalAlertLabels) as [MedicalAlert, ...MedicalAlert[]];
export const medicalAlertSchema = z.enum(medicalAlerts);

/** A patient's alerts as the editor and the printed prescription list them: those ticked, in words, then the clinic's own note. */
export const alertsInWords = (patient: {
  medical_alerts: readonly MedicalAlert[];
  alert_notes: string | null;
}) => [
  ...patient.medical_alerts.map((alert) => medicalAlertLabels[alert]),
  ...(patient.alert_notes ? [patient.alert_notes] : []),
];

export const patientNumberMaxLength = 30;
export const allergyMaxLength = 100;
export const maxAllergies = 20;

/** A patient as the registry lists it: enough to tell one from another at a glance. */
export const patientSummarySchema = z.object({
  id: z.uuid(),
  patient_number: z.string(),
  name: z.string(),
  mobile: z.string(),
  gender: patientGenderSchema.nullable(),
  /** Whole years today, from the date of birth (approximate when only an age was given). */
  age: z.number().int().nullable(),
  /**
   * The last date the patient came: the latest of their bookings that showed up, was called or
   * completed (a booking ahead, or missed, is not a visit); null before the first.
   */
  last_visit_date: z.string().nullable(),
  /** What the patient's bills still owe, in rupees. */
  balance: z.number(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

/** The whole record of a patient. */
export const patientRecordSchema = patientSummarySchema.extend({
  date_of_birth: z.string().nullable(),
  /** True when the date of birth was worked out from an age. */
  date_of_birth_approximate: z.boolean(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  blood_group: bloodGroupSchema.nullable(),
  allergies: z.array(z.string()),
  medical_alerts: z.array(medicalAlertSchema),
  alert_notes: z.string().nullable(),
  notes: z.string().nullable(),
  first_seen_on: z.string(),
  /**
   * The patient this record was merged into (`merge-patients`), whose page now holds its
   * history; null for a patient of the registry.
   */
  merged_into_id: z.uuid().nullable(),
  /** The other patients on the same mobile (a family shares a phone), by name. */
  family: z.array(
    patientSummarySchema.pick({ id: true, patient_number: true, name: true, gender: true, age: true }),
  ),
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;

/** The registry's list: `query` matches a patient number, 3 or more digits of a mobile, or the start of a name's word. */
export const patientListQuery = z.object({
  query: text({ label: 'Search', max: 100 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export type PatientListQuery = z.infer<typeof patientListQuery>;
/**
 * How many patients match, counted up to 1,000 or just past the page asked, whichever is
 * further (decision 043): with `total_capped` true more match than `total` says, and the list
 * shows "1,000+" and lets the desk page on.
 */
export const patientListPaginationSchema = paginationSchema.extend({ total_capped: z.boolean() });
export const patientListSchema = z.object({
  results: z.array(patientSummarySchema),
  pagination: patientListPaginationSchema,
});
export type PatientList = z.infer<typeof patientListSchema>;
export const patientListResponse = dataEnvelope(patientListSchema);

export const patientIdQuery = z.object({ patient_id: z.uuid() });
export const patientRecordResponse = dataEnvelope(patientRecordSchema);

const age = z
  .number({ error: patientMessages.invalidAge })
  .int(patientMessages.invalidAge)
  .min(0, patientMessages.invalidAge)
  .max(130, patientMessages.invalidAge);

const allergy = requiredText({ label: 'Allergy', max: allergyMaxLength });

/** What the desk types about a patient; a date of birth, or an age the server turns into one. */
const patientFields = z.object({
  name: requiredText({ label: 'Name', max: patientNameMaxLength }),
  mobile: indianMobileSchema,
  gender: patientGenderSchema.nullable().optional(),
  dateOfBirth: calendarDateSchema.nullable().optional(),
  age: age.nullable().optional(),
  /** A number from another system ("SDC-0042"); blank gives the clinic's next number. */
  patientNumber: text({ label: 'Patient number', max: patientNumberMaxLength }).optional(),
  address: text({ label: 'Address', max: 500, multiline: true }).optional(),
  email: text({ label: 'Email', max: 254 })
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), patientMessages.invalidEmail)
    .optional(),
  bloodGroup: bloodGroupSchema.nullable().optional(),
  allergies: z.array(allergy).max(maxAllergies, patientMessages.tooManyAllergies).optional(),
  medicalAlerts: z.array(medicalAlertSchema).optional(),
  alertNotes: text({ label: 'Other alerts', max: 500, multiline: true }).optional(),
  notes: text({ label: 'Notes', max: 2000, multiline: true }).optional(),
});

const oneOfAgeAndBirthDate = (fields: { dateOfBirth?: string | null; age?: number | null }) =>
  fields.dateOfBirth == null || fields.age == null;

export const addPatientBody = patientFields.refine(oneOfAgeAndBirthDate, {
  message: patientMessages.ageOrBirthDate,
  path: ['age'],
});
export type AddPatientBody = z.input<typeof addPatientBody>;

/** Editing names the patient by `id`; a field left out keeps what is there. */
export const updatePatientBody = patientFields
  .partial()
  .extend({ id: z.uuid() })
  .refine(oneOfAgeAndBirthDate, { message: patientMessages.ageOrBirthDate, path: ['age'] });
export type UpdatePatientBody = z.input<typeof updatePatientBody>;

/**
 * A patient's timeline (issue 21): everything that happened to them at the clinic, newest
 * first, each item a discriminated `type` with its moment `at` (an ISO instant, to the
 * millisecond) and what the patient page shows of it. A booking's moment is its slot's start
 * in the clinic's time zone, so a booking ahead of today stands first.
 */
const timelineItem = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), id: z.uuid(), at: z.string(), ...shape });

export const timelineBookingSchema = timelineItem('booking', {
  date: z.string(),
  start_time: z.string(),
  token_number: z.number().int(),
  queue_name: z.string(),
  status: slotStatusSchema,
});
export const timelinePrescriptionSchema = timelineItem('prescription', {
  date: z.string(),
  diagnoses: z.array(z.string()),
  medicines: z.number().int().nonnegative(),
});
export const timelineBillSchema = timelineItem('bill', {
  date: z.string(),
  bill_number: z.string(),
  /** In rupees, like every amount the API answers. */
  total: z.number(),
  balance: z.number(),
});
/**
 * Money the patient paid: at a bill or against it later (`bill` names it), or through Record
 * payment (`receipt_id`, the receipt it printed; its shares over the bills are not repeated).
 */
export const timelinePaymentSchema = timelineItem('payment', {
  amount: z.number(),
  mode: z.enum(paymentModes),
  bill: z.object({ id: z.uuid(), bill_number: z.string() }).nullable(),
  receipt_id: z.uuid().nullable(),
});
/** A message about one of the patient's bookings, prescriptions, bills or treatment plans' estimates (`reference_id`). */
export const timelineMessageSchema = timelineItem('message', {
  channel: z.enum(['email', 'sms', 'whatsapp']),
  template: z.enum(['prescription', 'bill', 'estimate', 'booking_cancelled']).nullable(),
  status: z.enum(outboxStatuses),
  reference_id: z.uuid(),
});
/** A sitting of a dental treatment plan (issue 22): its note of what was done, materials, next step. */
export const timelineSittingSchema = timelineItem('sitting', {
  date: z.string(),
  plan_id: z.uuid(),
  plan_title: z.string(),
  sitting: z.number().int(),
  note: z.string(),
});
export const timelineItemSchema = z.discriminatedUnion('type', [
  timelineBookingSchema,
  timelinePrescriptionSchema,
  timelineBillSchema,
  timelinePaymentSchema,
  timelineMessageSchema,
  timelineSittingSchema,
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export type TimelineItemType = TimelineItem['type'];

export const patientTimelineMessages = {
  invalidBefore: 'Before must be a moment, like 2026-11-02T10:00:00.000Z',
} as const;

/** A page of the timeline: the items before `before` (from the newest without it), `limit` at most. */
export const patientTimelineQuery = patientIdQuery.extend({
  before: z.iso.datetime({ offset: true, error: patientTimelineMessages.invalidBefore }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PatientTimelineQuery = z.infer<typeof patientTimelineQuery>;
/**
 * `next_before` is the `before` of the next page, null after the last. Items of one moment
 * (a bill and the payment made with it) never straddle two pages: a page ending on a moment
 * also holds that moment's other items, so it may run past `limit`.
 */
export const patientTimelineResponse = dataEnvelope(
  z.object({ results: z.array(timelineItemSchema), next_before: z.string().nullable() }),
);
export type PatientTimeline = z.infer<typeof patientTimelineResponse>['data'];

/** The gender a summary shows beside the age: "34 F". */
export const genderInitial: Record<PatientGender, string> = { male: 'M', female: 'F', other: 'O' };

/** The patients module's calls in the OpenAPI document, the registry's and the merge's. */
export const patientTags = ['patients'];

/** The registry's calls, under /api/patient (decision 039). */
export const patientRegistryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/patient/get-patients',
    summary:
      'The clinic’s patients: by patient number, digits of the mobile or the start of a name’s word, best matches first',
    tags: patientTags,
    access: 'signed-in',
    query: patientListQuery,
    response: patientListResponse,
  }),
  byId: endpoint({
    method: 'GET',
    path: '/patient/get-by-id',
    summary: 'A patient’s whole record',
    tags: patientTags,
    access: 'signed-in',
    query: patientIdQuery,
    response: patientRecordResponse,
    refusals: [404],
  }),
  add: endpoint({
    method: 'POST',
    path: '/patient/add-patient',
    summary: 'Adds a patient, with the clinic’s next patient number unless one is given',
    tags: patientTags,
    access: 'signed-in',
    body: addPatientBody,
    response: patientRecordResponse,
    status: 201,
    refusals: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/patient/update-patient',
    summary: 'Edits a patient’s record',
    tags: patientTags,
    access: 'signed-in',
    body: updatePatientBody,
    response: patientRecordResponse,
    refusals: [404, 409],
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/patient/get-timeline',
    summary:
      'A patient’s bookings, prescriptions, bills, payments and messages, newest first, a page before a moment',
    tags: patientTags,
    access: 'signed-in',
    query: patientTimelineQuery,
    response: patientTimelineResponse,
    refusals: [404],
  }),
};

/**
 * The registry as a spreadsheet (issue 21, "Import and export"): the columns the export
 * writes, the columns an import reads (headers matched case-insensitively, in any order,
 * others ignored), and the sentences of an import's rows.
 */
export const patientExportColumns = [
  'Patient number',
  'Name',
  'Mobile',
  'Gender',
  'Age',
  'Date of birth',
  'Email',
  'Address',
  'First seen',
  'Last visit',
  'Balance',
] as const;

/** An exported file imports again: its extra columns are ignored and its date of birth wins over its age. */
export const patientImportColumns = {
  name: 'Name',
  mobile: 'Mobile',
  gender: 'Gender',
  age: 'Age',
  dateOfBirth: 'Date of birth',
  patientNumber: 'Patient number',
  email: 'Email',
  address: 'Address',
} as const;

/** The rows one import call may hold; a larger file goes through `npm run cli -- import-patients`. */
export const maxImportRows = 5000;
/** The characters of CSV one import call may send (the API's 1 MB body limit, less the JSON around it). */
export const maxImportCsvLength = 1_000_000;

export const patientImportMessages = {
  noRows: 'The file has no patients: a header row and at least one row are needed',
  missingColumns: 'The file needs a Name column and a Mobile column in its header row',
  tooManyRows: `A file can have at most ${maxImportRows} patients; import a larger one from the command line`,
  tooLarge: 'The file is too large to import here; import it from the command line',
  unclosedQuote: (line: number) => `Row ${line} opens a quote that is never closed`,
  invalidGender: 'Gender must be male, female or other (or M, F, O)',
  samePatientThere: (name: string) => `Already there: ${name} on this mobile`,
  numberThere: (number: string) => `Already there: patient number ${number} is taken`,
  imported: (added: number) => `${added} ${added === 1 ? 'patient' : 'patients'} imported`,
  checked: 'File checked: nothing was saved',
  changedMeanwhile: 'Another change added some of these patients meanwhile; import the file again',
} as const;

/** Import sends the file's text as it is; the server reads it, so the web app and the CLI read files alike. */
export const importPatientsBody = z.object({
  csv: z.string().max(maxImportCsvLength, patientImportMessages.tooLarge),
  /** True checks every row and saves nothing: the preview. */
  dryRun: z.boolean(),
});
export type ImportPatientsBody = z.input<typeof importPatientsBody>;

/** What came of one row of the file: `line` is its line in the file (the header is line 1). */
export const importRowResultSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  status: z.enum(['ok', 'error', 'skipped']),
  /** Why the row is refused (naming the field) or skipped; absent for a good row. */
  message: z.string().optional(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importPatientsResultSchema = z.object({
  /** True when nothing was saved. */
  dryRun: z.boolean(),
  /** Good rows: added, or that a real run would add. */
  added: z.number().int(),
  skipped: z.number().int(),
  errors: z.number().int(),
  rows: z.array(importRowResultSchema),
});
export type ImportPatientsResult = z.infer<typeof importPatientsResultSchema>;

/** The registry as a spreadsheet; the export answers `text/csv`, not JSON. */
export const patientCsvEndpoints = {
  exportCsv: endpoint({
    method: 'GET',
    path: '/patient/export-patients',
    summary: 'The clinic’s whole patient list as a CSV file (text/csv), cells safe to open in a spreadsheet',
    tags: patientTags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    response: z.string(),
  }),
  importCsv: endpoint({
    method: 'POST',
    path: '/patient/import-patients',
    summary:
      'Checks (dryRun) or imports a CSV file of patients, answering each row: ok, an error naming the field, or skipped as already there',
    tags: patientTags,
    access: 'signed-in',
    permission: 'clinicAdministration',
    body: importPatientsBody,
    response: dataEnvelope(importPatientsResultSchema),
    refusals: [409],
  }),
};
