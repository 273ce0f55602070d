import { z } from 'zod';
import { type PatientGender, patientGenderSchema, patientNameMaxLength } from './bookings';
import { endpoint } from './endpoint';
import { dataEnvelope, listEnvelope } from './envelope';
import { indianMobileSchema } from './mobile';
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
  mobileTaken: (name: string) => `This mobile number already belongs to ${name}`,
} as const;

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
  /** The last date the patient had a booking (any state but cancelled); null before the first. */
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
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;

/** The registry's list: `query` matches a patient number, 3 or more digits of a mobile, or the start of a name's word. */
export const patientListQuery = z.object({
  query: text({ label: 'Search', max: 100 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export type PatientListQuery = z.infer<typeof patientListQuery>;
export const patientListResponse = listEnvelope(patientSummarySchema);

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

/** The gender a summary shows beside the age: "34 F". */
export const genderInitial: Record<PatientGender, string> = { male: 'M', female: 'F', other: 'O' };

const tags = ['patients'];

/** The registry's calls, under /api/patient (decision 039). */
export const patientRegistryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/patient/get-patients',
    summary:
      'The clinic’s patients: by patient number, digits of the mobile or the start of a name’s word, best matches first',
    tags,
    access: 'signed-in',
    query: patientListQuery,
    response: patientListResponse,
  }),
  byId: endpoint({
    method: 'GET',
    path: '/patient/get-by-id',
    summary: 'A patient’s whole record',
    tags,
    access: 'signed-in',
    query: patientIdQuery,
    response: patientRecordResponse,
    refusals: [404],
  }),
  add: endpoint({
    method: 'POST',
    path: '/patient/add-patient',
    summary: 'Adds a patient, with the clinic’s next patient number unless one is given',
    tags,
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
    tags,
    access: 'signed-in',
    body: updatePatientBody,
    response: patientRecordResponse,
    refusals: [404, 409],
  }),
};
