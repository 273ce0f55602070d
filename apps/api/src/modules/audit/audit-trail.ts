import type { AuditAction, AuditRecordType } from '@vaidya/contract/audit';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditEvents, queues, slots } from '../../db/schema';

/**
 * Who did it: the signed-in caller (`Caller` has these), or the system (`userId` null). The
 * address is absent only where no request is behind the act (the demo seed).
 */
export interface AuditActor {
  partnerId: string;
  userId: string | null;
  address?: string | null;
}

/** One act on a patient's records, or a read of a prescription or bill (issue 23, decision 047). */
export interface AuditEntry {
  action: AuditAction;
  recordType: AuditRecordType;
  recordId?: string | null;
  patientId?: string | null;
  locationId?: string | null;
  /** Of an edit: the fields that changed, as they were and as they are. */
  changes?: { before?: unknown; after?: unknown } | null;
}

/**
 * Appends acts to the audit trail, the one writer of `audit_events`: called by each module in
 * the transaction of the change it records, so the act and its record stand or fall together.
 */
export async function recordAuditEvents(
  db: Db,
  actor: AuditActor,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEvents).values(
    entries.map((entry) => ({
      partner_id: actor.partnerId,
      user_id: actor.userId,
      address: actor.address ?? null,
      action: entry.action,
      record_type: entry.recordType,
      record_id: entry.recordId ?? null,
      patient_id: entry.patientId ?? null,
      location_id: entry.locationId ?? null,
      changes: entry.changes ?? null,
      // The moment of the act itself, not its transaction's start: acts of one change keep their order.
      at: sql`clock_timestamp()`,
    })),
  );
}

/** Appends one act to the audit trail (`recordAuditEvents` of one). */
export async function recordAuditEvent(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAuditEvents(db, actor, [entry]);
}

/** An act on a booking: its patient and location are the booking's own. */
export interface BookingAuditEntry {
  slotId: string;
  action: AuditAction;
  changes?: AuditEntry['changes'];
}

/**
 * Appends acts on bookings (`record_type` 'booking'), each with its booking's patient and its
 * queue's location as they are in `db`'s transaction, read in one query.
 */
export async function recordBookingAuditEvents(
  db: Db,
  actor: AuditActor,
  entries: readonly BookingAuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const booked = await db
    .select({ id: slots.id, patientId: slots.patient_id, locationId: queues.location_id })
    .from(slots)
    .innerJoin(queues, eq(queues.id, slots.queue_id))
    .where(inArray(slots.id, [...new Set(entries.map((entry) => entry.slotId))]));
  const of = new Map(booked.map((row) => [row.id, row]));
  await recordAuditEvents(
    db,
    actor,
    entries.map((entry) => ({
      action: entry.action,
      recordType: 'booking',
      recordId: entry.slotId,
      patientId: of.get(entry.slotId)?.patientId,
      locationId: of.get(entry.slotId)?.locationId,
      changes: entry.changes,
    })),
  );
}

/** Bookings' status moves as acts: each booking's status as it became. */
export const statusMoves = (moves: readonly { slotId: string; kind: string }[]): BookingAuditEntry[] =>
  moves.map(({ slotId, kind }) => ({
    slotId,
    action: 'status_changed',
    changes: { after: { status: kind } },
  }));

/**
 * An edit's changes: the top-level fields of `after` whose value differs from `before`'s, as
 * they were and as they are; null when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return Object.keys(is).length === 0 ? null : { before: was, after: is };
}
