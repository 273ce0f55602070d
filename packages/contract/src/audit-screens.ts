/**
 * What the audit trail's screens say (issue 23, decision 047): the clinic-wide page, the
 * patient page's Audit view, the navigation item, the filters, the table and its changes,
 * the CSV export. The sentences the API answers are in audit.ts. No zod here: the
 * navigation and the patient page read their words from this file.
 */

import { pageTitles } from './app-screens';
import type { AuditAction, AuditRecordType } from './audit';

/** The navigation item and the page's title in the browser tab. */
export const auditTrailTitle = pageTitles.auditTrail;

/** The patient page's view of the patient's own acts; its address ends in `/audit`. */
export const patientAuditViewLabel = 'Audit';

/** An action alone, as the Action filter offers it. */
export const auditActionLabels: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Changed',
  deleted: 'Deleted',
  read: 'Viewed',
  merged: 'Merged',
  sent: 'Sent',
  status_changed: 'Status changed',
  accepted: 'Accepted',
  completed: 'Completed',
  disabled: 'Disabled',
  enabled: 'Enabled',
  password_reset: 'Password reset',
  closed: 'Closed',
  reopened: 'Reopened',
};

/** A record type alone, as the Record filter offers it. */
export const auditRecordTypeLabels: Record<AuditRecordType, string> = {
  patient: 'Patient record',
  booking: 'Booking',
  prescription: 'Prescription',
  dental_chart: 'Dental chart',
  treatment_plan: 'Treatment plan',
  bill: 'Bill',
  payment: 'Payment',
  message: 'Message',
  staff: 'Staff member',
  day: 'Day close',
};

/** The action as the start of a sentence about the record: "Changed the status of" a booking. */
const actionVerbs: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Changed',
  deleted: 'Deleted',
  read: 'Viewed',
  merged: 'Merged',
  sent: 'Sent',
  status_changed: 'Changed the status of',
  accepted: 'Accepted',
  completed: 'Completed',
  disabled: 'Disabled',
  enabled: 'Enabled',
  password_reset: 'Reset the password of',
  closed: 'Closed',
  reopened: 'Reopened',
};

/** The record as the end of that sentence. */
const recordNouns: Record<AuditRecordType, string> = {
  patient: 'a patient record',
  booking: 'a booking',
  prescription: 'a prescription',
  dental_chart: 'the dental chart',
  treatment_plan: 'a treatment plan',
  bill: 'a bill',
  payment: 'a payment',
  message: 'a message',
  staff: 'a staff member',
  day: 'a day',
};

export const auditScreenWords = {
  title: auditTrailTitle,
  description: 'Who did what to patients’ records, and when and from where, newest first.',
  doctorDescription: 'What you did to patients’ records, and when and from where, newest first.',
  patientDescription: 'Who did what to this patient’s records, newest first.',
  patientDoctorDescription: 'What you did to this patient’s records, newest first.',
  filters: 'Filters',
  person: 'Person',
  everyone: 'Everyone',
  action: 'Action',
  anyAction: 'Any action',
  recordType: 'Record',
  anyRecordType: 'Any record',
  from: 'From',
  to: 'To',
  clearFilters: 'Clear filters',
  headers: {
    when: 'When',
    who: 'Who',
    what: 'What',
    patient: 'Patient',
    address: 'Address',
    changes: 'Changes',
  },
  /** Who did an act of the system (a reminder sent on its own): no person. */
  system: 'Vaidya (automatic)',
  noPatient: '—',
  noAddress: '—',
  showChanges: 'Show changes',
  hideChanges: 'Hide changes',
  /** The changes of an act, as a table. */
  changesOf: (what: string) => `Changes: ${what}`,
  field: 'Field',
  before: 'Before',
  after: 'After',
  /** A field that had no value, or has none now. */
  noValue: '—',
  yes: 'Yes',
  no: 'No',
  /** The one row of a change that is not a set of fields. */
  value: 'Value',
  empty: 'No activity yet',
  emptyFiltered: 'No activity matches these filters',
  loading: 'Loading the audit trail',
  fetchFailed: 'Could not load the audit trail. Check the connection and try again.',
  staffFailed: 'Could not load the staff list, so the Person filter shows no one.',
  retry: 'Retry',
  exportCsv: 'Export CSV',
  exportFailed: 'Could not export the audit trail. Try again.',
  exportFileName: 'audit-trail.csv',
} as const;

/** What was done, in words: "Changed the status of a booking". */
export function auditWhat(action: AuditAction, recordType: AuditRecordType): string {
  return `${actionVerbs[action]} ${recordNouns[recordType]}`;
}

/** A field's name as a person reads it: `date_of_birth` is "Date of birth". */
export function auditFieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
