import { z } from 'zod';
import { outboxMessageResponse } from './documents';
import { endpoint } from './endpoint';
import { dataEnvelope, paginationSchema } from './envelope';
import { calendarDateSchema } from './schedule';
import { text } from './text';

/**
 * The owner's and doctors' reports (issue 24): collections, dues and their ageing, patients and
 * visits, treatments and medicines. Every figure is a sum of records computed in integer paise
 * (rupees with at most two decimals on the wire); every day boundary is the clinic's time zone.
 * Without `location_id` a report covers every location the caller works at.
 */

export const reportMessages = {
  fromAfterTo: 'From date cannot be after To date',
  rangeTooLong: (days: number) => `A report covers at most ${days} days`,
  /** A collections group of bills no doctor was chosen on and no prescription names. */
  noDoctor: 'No doctor',
  reminderSentToday: 'A reminder went to this patient today already',
  noDues: 'This patient owes nothing at this location',
  /** The dues reminder as the outbox keeps it: the dues_reminder template's body with its {{1}} … {{3}}. */
  duesReminder: (words: { patientName: string; clinicName: string; amount: string }) =>
    `Hello ${words.patientName}, this is a reminder from ${words.clinicName} that ${words.amount} is due on your bills. Please pay at your next visit.`,
  reminderFailed: 'Some error occured',
  selectLocation: 'Select a location',
} as const;

/** The longest range one report covers: three years, a month chart's worth. */
export const maxReportDays = 1100;

export const reportPeriods = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const collectionSplits = ['mode', 'doctor', 'location'] as const;
export type CollectionSplit = (typeof collectionSplits)[number];

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** A date range, both days included, in the clinic's calendar; at most `maxReportDays` days. */
const rangeQuery = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    location_id: z.uuid({ error: reportMessages.selectLocation }).optional(),
  })
  .refine((query) => query.from <= query.to, { message: reportMessages.fromAfterTo, path: ['from'] })
  .refine((query) => daysBetween(query.from, query.to) < maxReportDays, {
    message: reportMessages.rangeTooLong(maxReportDays),
    path: ['to'],
  });

export const collectionsQuery = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    location_id: z.uuid({ error: reportMessages.selectLocation }).optional(),
    period: z.enum(reportPeriods, { error: 'Period must be day, week or month' }).default('day'),
    by: z.enum(collectionSplits, { error: 'By must be mode, doctor or location' }).optional(),
  })
  .refine((query) => query.from <= query.to, { message: reportMessages.fromAfterTo, path: ['from'] })
  .refine((query) => daysBetween(query.from, query.to) < maxReportDays, {
    message: reportMessages.rangeTooLong(maxReportDays),
    path: ['to'],
  });
export type CollectionsQuery = z.output<typeof collectionsQuery>;

export const visitsQuery = rangeQuery;
export type VisitsQuery = z.output<typeof visitsQuery>;
export const treatmentsQuery = rangeQuery;
export type TreatmentsQuery = z.output<typeof treatmentsQuery>;

export const duesAgeingQuery = z.object({
  location_id: z.uuid({ error: reportMessages.selectLocation }).optional(),
  /** A patient's name or mobile number, from its start. */
  query: text({ label: 'Search', max: 100 }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type DuesAgeingQuery = z.output<typeof duesAgeingQuery>;

export const sendDuesReminderBody = z.object({
  patientId: z.uuid({ error: 'Select a patient' }),
  locationId: z.uuid({ error: reportMessages.selectLocation }),
});
export type SendDuesReminderPayload = z.input<typeof sendDuesReminderBody>;

// ── Collections ──────────────────────────────────────────────────────────────

/**
 * One part of a period's money: a payment mode (`billed` null: a bill is not made in a mode), a
 * doctor (`key` the user id, or 'none') or a location.
 */
export const collectionGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  billed: z.number().nullable(),
  received: z.number(),
});
export type CollectionGroup = z.infer<typeof collectionGroupSchema>;

/**
 * One period: bills made (their final amounts, by bill date) and money received (payments, by
 * the day they were made) — they differ when old dues are paid. `groups` is empty without `by`.
 */
export const collectionRowSchema = z.object({
  /** The period's first day: the day, the Monday of the week or the 1st of the month. */
  period_start: z.string(),
  billed: z.number(),
  received: z.number(),
  groups: z.array(collectionGroupSchema),
});
export type CollectionRow = z.infer<typeof collectionRowSchema>;

export const collectionsSchema = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(reportPeriods),
  by: z.enum(collectionSplits).nullable(),
  /** Every period of the range, empty ones too, oldest first. */
  rows: z.array(collectionRowSchema),
  /** The rows added up, groups too. */
  totals: z.object({ billed: z.number(), received: z.number(), groups: z.array(collectionGroupSchema) }),
});
export type Collections = z.infer<typeof collectionsSchema>;
export const collectionsResponse = dataEnvelope(collectionsSchema);

// ── Dues and ageing ──────────────────────────────────────────────────────────

export const ageingBuckets = ['days_0_30', 'days_31_60', 'days_61_90', 'days_91_plus'] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];

/** A patient's balance at one location, by the age of the bills it is owed on (bill date to today). */
export const dueRowSchema = z.object({
  patient_id: z.uuid(),
  patient_name: z.string(),
  mobile: z.string(),
  location_id: z.uuid(),
  location_name: z.string(),
  days_0_30: z.number(),
  days_31_60: z.number(),
  days_61_90: z.number(),
  days_91_plus: z.number(),
  total: z.number(),
  oldest_bill_date: z.string(),
  last_payment_at: z.string().nullable(),
  last_payment_amount: z.number().nullable(),
  /** When a reminder last went to the patient about these dues. */
  last_reminder_at: z.string().nullable(),
});
export type DueRow = z.infer<typeof dueRowSchema>;

/** The page of patients who owe, largest balance first, and the whole report's totals. */
export const duesAgeingResponse = dataEnvelope(
  z.object({
    results: z.array(dueRowSchema),
    pagination: paginationSchema,
    totals: z.object({
      days_0_30: z.number(),
      days_31_60: z.number(),
      days_61_90: z.number(),
      days_91_plus: z.number(),
      total: z.number(),
      patients: z.number().int(),
    }),
  }),
);
export type DuesAgeing = z.infer<typeof duesAgeingResponse>['data'];

// ── Patients and visits ──────────────────────────────────────────────────────

/**
 * One day's tokens: visits (completed), new patients (their first visit at the clinic) and
 * returning ones, bookings made online and at the desk, no-shows and cancellations.
 */
export const visitDaySchema = z.object({
  date: z.string(),
  visits: z.number().int(),
  new_patients: z.number().int(),
  returning_patients: z.number().int(),
  online: z.number().int(),
  desk: z.number().int(),
  no_shows: z.number().int(),
  cancelled: z.number().int(),
});
export type VisitDay = z.infer<typeof visitDaySchema>;

/** Minutes between two queue times: their average and 90th percentile over `count` tokens. */
export const durationSchema = z.object({
  count: z.number().int(),
  average_minutes: z.number().nullable(),
  p90_minutes: z.number().nullable(),
});

export const visitsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, empty ones too. */
  days: z.array(visitDaySchema),
  totals: visitDaySchema.omit({ date: true }).extend({
    /** No-shows over tokens that were due (completed plus no-show), 0 to 1; null when none were. */
    no_show_rate: z.number().nullable(),
  }),
  /** Arrived (showed up) to called. */
  wait: durationSchema,
  /** Called to done. */
  consultation: durationSchema,
  /** Visits by weekday (0 Monday … 6 Sunday) and hour of arrival, in the clinic's time zone; cells with visits only. */
  busiest_hours: z.array(
    z.object({ weekday: z.number().int(), hour: z.number().int(), visits: z.number().int() }),
  ),
});
export type Visits = z.infer<typeof visitsSchema>;
export const visitsResponse = dataEnvelope(visitsSchema);

// ── Treatments and medicines ─────────────────────────────────────────────────

export const treatmentsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The most billed treatments (bill lines of live bills dated in the range), by revenue. */
  treatments: z.array(
    z.object({ name: z.string(), quantity: z.number().int(), bills: z.number().int(), revenue: z.number() }),
  ),
  /** The most prescribed medicines (prescriptions of visits in the range), by how many prescribed them. */
  medicines: z.array(z.object({ name: z.string(), prescriptions: z.number().int() })),
});
export type TreatmentsReport = z.infer<typeof treatmentsReportSchema>;
export const treatmentsReportResponse = dataEnvelope(treatmentsReportSchema);

/** How many rows of treatments and of medicines the report lists. */
export const treatmentsReportSize = 20;

const reportTags = ['reports'] as const;

export const reportEndpoints = {
  collections: endpoint({
    method: 'GET',
    path: '/reports/get-collections',
    summary:
      'Bills made and money received per day, week (from Monday) or month over a range, each period split by payment mode, doctor or location when `by` is given',
    tags: reportTags,
    access: 'signed-in',
    permission: 'reports',
    query: collectionsQuery,
    response: collectionsResponse,
    refusals: [404],
  }),
  duesAgeing: endpoint({
    method: 'GET',
    path: '/reports/get-dues-ageing',
    summary:
      'Every patient who owes, per location: the balance by bill age (0–30, 31–60, 61–90, 91+ days), the last payment and reminder; largest first',
    tags: reportTags,
    access: 'signed-in',
    permission: 'reports',
    query: duesAgeingQuery,
    response: duesAgeingResponse,
    refusals: [404],
  }),
  sendDuesReminder: endpoint({
    method: 'POST',
    path: '/reports/send-dues-reminder',
    summary:
      'Sends a patient a WhatsApp reminder of what they owe at a location (kept in the outbox); 429 after one that day',
    tags: reportTags,
    access: 'signed-in',
    permission: 'reports',
    body: sendDuesReminderBody,
    response: outboxMessageResponse,
    status: 201,
    refusals: [404, 409, 429, 502],
  }),
  visits: endpoint({
    method: 'GET',
    path: '/reports/get-visits',
    summary:
      'Visits per day, new and returning patients, online and desk bookings, no-shows, waiting and consultation times, and the busiest hours',
    tags: reportTags,
    access: 'signed-in',
    permission: 'reports',
    query: visitsQuery,
    response: visitsResponse,
    refusals: [404],
  }),
  treatments: endpoint({
    method: 'GET',
    path: '/reports/get-treatments',
    summary: 'The most billed treatments with their revenue and the most prescribed medicines over a range',
    tags: reportTags,
    access: 'signed-in',
    permission: 'reports',
    query: treatmentsQuery,
    response: treatmentsReportResponse,
    refusals: [404],
  }),
};
