import type { AuditAction, AuditRecordType } from '@vaidya/contract/audit';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents, partners, patients, users } from '../../db/schema';

/** Which acts of a clinic's trail: every filter optional but the clinic's. */
export interface AuditSelection {
  partnerId: string;
  /** The patient's acts, with those on the records merged into them. */
  patientId?: string;
  userId?: string;
  action?: AuditAction;
  recordType?: AuditRecordType;
  /** The clinic's calendar dates, both included. */
  from?: string;
  to?: string;
}

/** Whether `patientId` is a patient of the clinic, merged away or not. */
export async function isClinicPatient(db: Db, ids: { partnerId: string; patientId: string }) {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.partner_id, ids.partnerId), eq(patients.id, ids.patientId)));
  return row !== undefined;
}

/** The start of the clinic's calendar date `date`, as an instant. */
const clinicDayStart = (partnerId: string, date: SQL) =>
  sql`(${date})::timestamp at time zone (select clinic.time_zone from ${partners} as clinic where clinic.id = ${partnerId})`;

/**
 * The selection as a condition on `audit_events`, so each filter meets its index: the clinic's
 * (partner_id, at), a patient's (patient_id, at), a person's (user_id, at).
 */
function selected(selection: AuditSelection): SQL {
  const { partnerId, patientId, userId, action, recordType, from, to } = selection;
  const mergedIn = patientId
    ? inArray(
        auditEvents.patient_id,
        sql`(select ${patients.id} from ${patients} where ${patients.partner_id} = ${partnerId} and (${patients.id} = ${patientId} or ${patients.merged_into_id} = ${patientId}))`,
      )
    : undefined;
  return and(
    eq(auditEvents.partner_id, partnerId),
    mergedIn,
    userId ? eq(auditEvents.user_id, userId) : undefined,
    action ? eq(auditEvents.action, action) : undefined,
    recordType ? eq(auditEvents.record_type, recordType) : undefined,
    from ? sql`${auditEvents.at} >= ${clinicDayStart(partnerId, sql`${from}::date`)}` : undefined,
    to ? sql`${auditEvents.at} < ${clinicDayStart(partnerId, sql`${to}::date + 1`)}` : undefined,
  ) as SQL;
}

/** An act as the trail shows it: who and which patient joined in, the moment in the clinic's time too. */
function eventColumns(partnerId: string) {
  return {
    id: auditEvents.id,
    at: sql<string>`to_json(${auditEvents.at})#>>'{}'`,
    clinic_at: sql<string>`to_char(${auditEvents.at} at time zone (select clinic.time_zone from ${partners} as clinic where clinic.id = ${partnerId}), 'YYYY-MM-DD HH24:MI:SS')`,
    user_id: auditEvents.user_id,
    user_name: sql<string>`coalesce(${users.name}, '')`,
    action: auditEvents.action,
    record_type: auditEvents.record_type,
    record_id: auditEvents.record_id,
    patient_id: auditEvents.patient_id,
    patient_name: patients.name,
    location_id: auditEvents.location_id,
    address: auditEvents.address,
    changes: auditEvents.changes,
  };
}

/** The selected acts, newest first, with who did them and the patient's name, in one query. */
function selectEvents(db: Db, selection: AuditSelection) {
  return db
    .select(eventColumns(selection.partnerId))
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.user_id))
    .leftJoin(patients, eq(patients.id, auditEvents.patient_id))
    .where(selected(selection))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
}

/** A page of the selected acts, newest first, and how many there are in all. */
export async function listAuditEvents(
  db: Db,
  selection: AuditSelection,
  page: { limit: number; page: number },
) {
  const [rows, [counted]] = await Promise.all([
    selectEvents(db, selection)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(auditEvents).where(selected(selection)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every selected act, newest first: the export's rows. */
export async function listAllAuditEvents(db: Db, selection: AuditSelection) {
  return selectEvents(db, selection);
}
