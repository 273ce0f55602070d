import { z } from 'zod';
import { endpoint } from './endpoint';
import { listEnvelope } from './envelope';
import { calendarDateSchema } from './schedule';

/**
 * The audit trail (issue 23, decision 047): every write to a patient's records and every read
 * of a prescription or bill by staff, append-only. `record_type` names what was touched,
 * `action` what was done to it.
 */
export const auditRecordTypes = [
  'patient',
  'booking',
  'prescription',
  'dental_chart',
  'treatment_plan',
  'bill',
  'payment',
  'message',
  'staff',
  'day',
] as const;
export type AuditRecordType = (typeof auditRecordTypes)[number];

export const auditActions = [
  'created',
  'updated',
  'deleted',
  'read',
  'merged',
  'sent',
  'status_changed',
  'accepted',
  'completed',
  'disabled',
  'enabled',
  'password_reset',
  'closed',
  'reopened',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One act of the trail as the owner reads it. */
export const auditEventSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  user_id: z.uuid().nullable(),
  /** Who did it, as the clinic knows them now; empty for an act of the system. */
  user_name: z.string(),
  action: z.enum(auditActions),
  record_type: z.enum(auditRecordTypes),
  record_id: z.uuid().nullable(),
  patient_id: z.uuid().nullable(),
  /** The patient's name, when the act was on a patient's record. */
  patient_name: z.string().nullable(),
  location_id: z.uuid().nullable(),
  /** The caller's address. */
  address: z.string().nullable(),
  /** Of an edit: the fields that changed, before and after. */
  changes: z.object({ before: z.unknown().optional(), after: z.unknown().optional() }).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditMessages = {
  fromAfterTo: 'From date cannot be after To date',
  /** Who an act of nobody signed in was: an online booking, or the clinic's TV calling the next. */
  noUser: 'Online booking or clinic TV',
} as const;

/** The columns of the exported trail, in order: times are the clinic's own. */
export const auditExportColumns = [
  'When',
  'Who',
  'Action',
  'Record',
  'Patient',
  'Address',
  'Changes',
] as const;

/** The trail's filters; a doctor's answer is always their own acts, whatever `user_id` says. */
const auditFilters = z.object({
  /** The patient's acts, with those on records since merged into them. */
  patient_id: z.uuid().optional(),
  user_id: z.uuid().optional(),
  action: z.enum(auditActions).optional(),
  record_type: z.enum(auditRecordTypes).optional(),
  /** The clinic's calendar dates, in its own time zone, both included. */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});

const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const fromAfterTo = { message: auditMessages.fromAfterTo, path: ['from'] };

export const auditEventsQuery = auditFilters
  .extend({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    page: z.coerce.number().int().min(1).default(1),
  })
  .refine(fromNotAfterTo, fromAfterTo);
export type AuditEventsQuery = z.input<typeof auditEventsQuery>;

export const auditEventsResponse = listEnvelope(auditEventSchema);

/** The same filters without the page: the CSV export holds every row they select. */
export const auditExportQuery = auditFilters.refine(fromNotAfterTo, fromAfterTo);
export type AuditExportQuery = z.input<typeof auditExportQuery>;

const auditTags = ['audit'] as const;

export const auditEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/audit/get-events',
    summary:
      'The audit trail, newest first: by patient, person, action and date range (a doctor sees their own acts)',
    tags: auditTags,
    access: 'signed-in',
    permission: 'auditTrail',
    query: auditEventsQuery,
    response: auditEventsResponse,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/audit/export-events',
    summary:
      'The audit trail the filters select as a CSV file (text/csv), cells safe to open in a spreadsheet',
    tags: auditTags,
    access: 'signed-in',
    permission: 'auditTrail',
    query: auditExportQuery,
    response: z.string(),
  }),
};
