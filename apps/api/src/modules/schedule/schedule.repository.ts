import { and, asc, eq, gt, gte, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { locations, offDays, partners, queues, queueTimings } from '../../db/schema';

/** PostgreSQL gives a `time` as 'HH:mm:ss'; the contract speaks 'HH:mm'. */
const hhmm = (column: PgColumn) => sql<string>`to_char(${column}, 'HH24:MI')`;
const optionalHhmm = (column: PgColumn) => sql<string | null>`to_char(${column}, 'HH24:MI')`;

const locationColumns = {
  id: locations.id,
  location_name: locations.location_name,
  address: locations.address,
  contact_no: locations.contact_no,
  location_images: locations.location_images,
};

const queueColumns = {
  id: queues.id,
  location_id: queues.location_id,
  queue_name: queues.queue_name,
  slot_size: queues.slot_size,
  doctor_user_id: queues.doctor_user_id,
};

const timingColumns = {
  id: queueTimings.id,
  queue_id: queueTimings.queue_id,
  weekday: queueTimings.weekday,
  start_time: hhmm(queueTimings.start_time),
  end_time: hhmm(queueTimings.end_time),
};

const offDayColumns = {
  id: offDays.id,
  queue_id: offDays.queue_id,
  date: offDays.date,
  start_time: optionalHhmm(offDays.start_time),
  end_time: optionalHhmm(offDays.end_time),
};

/** The row is the partner's own: another partner's id matches nothing. */
const own = (table: { id: PgColumn; partner_id: PgColumn }, ids: { partnerId: string; id: string }) =>
  and(eq(table.id, ids.id), eq(table.partner_id, ids.partnerId));

// ── Locations ────────────────────────────────────────────────────────────────

type LocationValues = { location_name: string; address: string; contact_no: string };

export async function insertLocation(db: Db, row: { partnerId: string; values: LocationValues }) {
  const [saved] = await db
    .insert(locations)
    .values({ ...row.values, partner_id: row.partnerId })
    .returning(locationColumns);
  return saved;
}

/** Undefined when the partner has no such location. */
export async function updateLocation(db: Db, row: { partnerId: string; id: string; values: LocationValues }) {
  const [saved] = await db
    .update(locations)
    .set({ ...row.values, updated_at: sql`now()` })
    .where(own(locations, row))
    .returning(locationColumns);
  return saved;
}

export async function findLocation(db: Db, ids: { partnerId: string; id: string }) {
  const [row] = await db.select(locationColumns).from(locations).where(own(locations, ids));
  return row;
}

// ── Queues ───────────────────────────────────────────────────────────────────

/** A location's queues in the order they were added. */
export function listQueues(db: Db, ids: { partnerId: string; locationId: string }) {
  return db
    .select(queueColumns)
    .from(queues)
    .where(and(eq(queues.location_id, ids.locationId), eq(queues.partner_id, ids.partnerId)))
    .orderBy(asc(queues.created_at), asc(queues.id));
}

export async function insertQueue(
  db: Db,
  row: {
    partnerId: string;
    values: { location_id: string; queue_name: string; slot_size: number; doctor_user_id: string | null };
  },
) {
  const [saved] = await db
    .insert(queues)
    .values({ ...row.values, partner_id: row.partnerId })
    .returning(queueColumns);
  return saved;
}

/** Undefined when the partner has no such queue. */
export async function updateQueue(
  db: Db,
  row: {
    partnerId: string;
    id: string;
    values: { queue_name: string; doctor_user_id?: string | null } | { slot_size: number };
  },
) {
  const [saved] = await db
    .update(queues)
    .set({ ...row.values, updated_at: sql`now()` })
    .where(own(queues, row))
    .returning(queueColumns);
  return saved;
}

/**
 * A queue with what cutting it into slots needs: its slot size and its partner's time
 * zone, and what the partner's booking website may offer (disabled or not, its booking
 * window). Without a partner (the public booking site) any queue is found.
 */
export async function findQueueForSlots(db: Db, ids: { id: string; partnerId?: string }) {
  const [row] = await db
    .select({
      id: queues.id,
      partner_id: queues.partner_id,
      slot_size: queues.slot_size,
      doctor_user_id: queues.doctor_user_id,
      time_zone: partners.time_zone,
      disabledAt: partners.disabled_at,
      bookingWindowDays: partners.booking_window_days,
    })
    .from(queues)
    .innerJoin(partners, eq(partners.id, queues.partner_id))
    .where(
      and(
        eq(queues.id, ids.id),
        ids.partnerId === undefined ? undefined : eq(queues.partner_id, ids.partnerId),
      ),
    );
  return row;
}

// ── Weekly timings ───────────────────────────────────────────────────────────

type TimingValues = { queue_id: string; weekday: number; start_time: string; end_time: string };

/** A queue's weekly sessions, by weekday and start. */
export function listTimings(db: Db, ids: { partnerId: string; queueId: string }) {
  return db
    .select(timingColumns)
    .from(queueTimings)
    .where(and(eq(queueTimings.queue_id, ids.queueId), eq(queueTimings.partner_id, ids.partnerId)))
    .orderBy(asc(queueTimings.weekday), asc(queueTimings.start_time));
}

/** The first other session of the queue on that weekday that shares any minute with start–end. */
export async function findOverlappingTiming(
  db: Db,
  session: TimingValues & { partnerId: string; exceptId?: string },
) {
  const [row] = await db
    .select(timingColumns)
    .from(queueTimings)
    .where(
      and(
        eq(queueTimings.partner_id, session.partnerId),
        eq(queueTimings.queue_id, session.queue_id),
        eq(queueTimings.weekday, session.weekday),
        lt(queueTimings.start_time, session.end_time),
        gt(queueTimings.end_time, session.start_time),
        session.exceptId === undefined ? undefined : ne(queueTimings.id, session.exceptId),
      ),
    )
    .orderBy(asc(queueTimings.start_time))
    .limit(1);
  return row;
}

/** One session of the partner's queue as it stands; undefined when there is none. */
export async function findTiming(db: Db, ids: { partnerId: string; id: string; queueId: string }) {
  const [row] = await db
    .select(timingColumns)
    .from(queueTimings)
    .where(and(own(queueTimings, ids), eq(queueTimings.queue_id, ids.queueId)));
  return row;
}

export async function insertTiming(db: Db, row: { partnerId: string; values: TimingValues }) {
  const [saved] = await db
    .insert(queueTimings)
    .values({ ...row.values, partner_id: row.partnerId })
    .returning(timingColumns);
  return saved;
}

/** Undefined when the partner has no such session on that queue. */
export async function updateTiming(db: Db, row: { partnerId: string; id: string; values: TimingValues }) {
  const [saved] = await db
    .update(queueTimings)
    .set({ ...row.values, updated_at: sql`now()` })
    .where(and(own(queueTimings, row), eq(queueTimings.queue_id, row.values.queue_id)))
    .returning(timingColumns);
  return saved;
}

/** The queue a session or an off-day belongs to, with its doctor; undefined when the partner has no such entry. */
export async function findQueueOfEntry(
  db: Db,
  entry: { kind: 'timing' | 'offDay'; partnerId: string; id: string },
) {
  const table = entry.kind === 'timing' ? queueTimings : offDays;
  const [row] = await db
    .select({ id: queues.id, doctor_user_id: queues.doctor_user_id })
    .from(table)
    .innerJoin(queues, eq(queues.id, table.queue_id))
    .where(own(table, entry));
  return row;
}

/** The deleted session; undefined when the partner has no such session. */
export async function deleteTiming(db: Db, ids: { partnerId: string; id: string }) {
  const [deleted] = await db.delete(queueTimings).where(own(queueTimings, ids)).returning(timingColumns);
  return deleted;
}

// ── Off-days ─────────────────────────────────────────────────────────────────

/** A queue's off-days between two dates (both included, either end open), by date and start. */
export function listOffDays(
  db: Db,
  range: { partnerId: string; queueId: string; from?: string; to?: string },
) {
  const conditions: (SQL | undefined)[] = [
    eq(offDays.queue_id, range.queueId),
    eq(offDays.partner_id, range.partnerId),
    range.from === undefined ? undefined : gte(offDays.date, range.from),
    range.to === undefined ? undefined : lte(offDays.date, range.to),
  ];
  return db
    .select(offDayColumns)
    .from(offDays)
    .where(and(...conditions))
    .orderBy(asc(offDays.date), sql`${offDays.start_time} asc nulls first`, asc(offDays.id));
}

export async function insertOffDay(
  db: Db,
  row: {
    partnerId: string;
    values: { queue_id: string; date: string; start_time: string | null; end_time: string | null };
  },
) {
  const [saved] = await db
    .insert(offDays)
    .values({ ...row.values, partner_id: row.partnerId })
    .returning(offDayColumns);
  return saved;
}

/** The deleted off-day; undefined when the partner has no such off-day. */
export async function deleteOffDay(db: Db, ids: { partnerId: string; id: string }) {
  const [deleted] = await db.delete(offDays).where(own(offDays, ids)).returning(offDayColumns);
  return deleted;
}
