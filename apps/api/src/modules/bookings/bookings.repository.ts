import { openSlotStatuses } from '@vaidya/contract/bookings';
import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  locations,
  offDays,
  partners,
  patientAge,
  patientNameKey,
  patients,
  queues,
  queueTimings,
  slots,
} from '../../db/schema';
import type { Period } from '../queue-time/slot-arithmetic';

export type SlotStatus = (typeof slots.$inferSelect)['status'];

/** 'HH:mm' of a `time` column ('10:15:00'). */
const hoursAndMinutes = (column: PgColumn) => sql<string>`to_char(${column}, 'HH24:MI')`;

/** A `timestamptz` column as the ISO text a record carries ('2026-11-25T10:05:00.000Z'), or null. */
const isoTime = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A booking with its patient, whose age is as of `now` (patients' `patientAge`). */
const slotColumns = (now: Date) => ({
  id: slots.id,
  queue_id: slots.queue_id,
  date: slots.date,
  start_time: hoursAndMinutes(slots.start_time),
  end_time: hoursAndMinutes(slots.end_time),
  token_number: slots.token_number,
  status: slots.status,
  source: slots.source,
  customer: {
    id: patients.id,
    name: patients.name,
    mobile: patients.mobile,
    age: patientAge(now),
    gender: patients.gender,
  },
  showed_up_at: isoTime(slots.showed_up_at),
  called_at: isoTime(slots.called_at),
  completed_at: isoTime(slots.completed_at),
  no_show_at: isoTime(slots.no_show_at),
});

/**
 * A queue as the booking website books into it: where it is (its own and its location's
 * names) and what its clinic allows online (disabled or not, the booking window, the zone).
 */
export async function findOnlineBookingQueue(db: Db, queueId: string) {
  const [row] = await db
    .select({
      partnerId: queues.partner_id,
      queueName: queues.queue_name,
      locationName: locations.location_name,
      timeZone: partners.time_zone,
      bookingWindowDays: partners.booking_window_days,
      disabledAt: partners.disabled_at,
    })
    .from(queues)
    .innerJoin(locations, eq(locations.id, queues.location_id))
    .innerJoin(partners, eq(partners.id, queues.partner_id))
    .where(eq(queues.id, queueId));
  return row;
}

/**
 * Holds the partner's mobile number until `db`'s transaction ends: online bookings under one
 * phone, for any of the family's names, in any queues and processes, are counted one after the
 * other. A transaction-scoped advisory lock, as the patients may not exist yet.
 */
export async function holdMobile(db: Db, ids: { partnerId: string; mobile: string }) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`vaidya.mobile:${ids.partnerId}:${ids.mobile}`}))`,
  );
}

/**
 * The open online bookings (booked, showed up or called) from `from` on under a mobile: all of
 * them, for every patient on it (a family's phone), and those of `date` for the patient with
 * this name. Served by patients_partner_mobile_name_key and the index on slots.patient_id.
 */
export async function countOpenOnlineBookings(
  db: Db,
  ids: { partnerId: string; mobile: string; from: string; date: string; name: string },
) {
  const [row] = await db
    .select({
      all: count(),
      samePatientOnDate: sql<number>`(count(*) filter (where ${slots.date} = ${ids.date} and ${patients.name_key} = ${patientNameKey(ids.name)}))::int`,
    })
    .from(slots)
    .innerJoin(patients, eq(patients.id, slots.patient_id))
    .where(
      and(
        eq(patients.partner_id, ids.partnerId),
        eq(patients.mobile, ids.mobile),
        eq(slots.source, 'online'),
        inArray(slots.status, openSlotStatuses),
        gte(slots.date, ids.from),
      ),
    );
  return { all: row?.all ?? 0, samePatientOnDate: row?.samePatientOnDate ?? 0 };
}

/** A queue, by its id alone (the public booking site) or within the caller's partner. */
export async function findQueue(db: Db, ids: { queueId: string; partnerId?: string }) {
  const [row] = await db
    .select({ id: queues.id, partnerId: queues.partner_id, slotSize: queues.slot_size })
    .from(queues)
    .where(and(eq(queues.id, ids.queueId), ids.partnerId ? eq(queues.partner_id, ids.partnerId) : undefined));
  return row;
}

/** The queue's sessions on a weekday (0 = Sunday). */
export function listSessions(db: Db, ids: { queueId: string; weekday: number }) {
  return db
    .select({
      weekday: queueTimings.weekday,
      start_time: hoursAndMinutes(queueTimings.start_time),
      end_time: hoursAndMinutes(queueTimings.end_time),
    })
    .from(queueTimings)
    .where(and(eq(queueTimings.queue_id, ids.queueId), eq(queueTimings.weekday, ids.weekday)));
}

/** The queue's off-days on a date; one without times is the whole day. */
export function listOffDaysOn(db: Db, ids: { queueId: string; date: string }) {
  return db
    .select({
      date: offDays.date,
      start_time: sql<string | null>`to_char(${offDays.start_time}, 'HH24:MI')`,
      end_time: sql<string | null>`to_char(${offDays.end_time}, 'HH24:MI')`,
    })
    .from(offDays)
    .where(and(eq(offDays.queue_id, ids.queueId), eq(offDays.date, ids.date)));
}

/** Start times of the queue's active (not cancelled) bookings between two dates, both included. */
export function listTakenStartTimes(
  db: Db,
  range: { partnerId: string; queueId: string; from: string; to: string },
) {
  return db
    .select({ date: slots.date, start_time: hoursAndMinutes(slots.start_time) })
    .from(slots)
    .where(
      and(
        eq(slots.queue_id, range.queueId),
        eq(slots.partner_id, range.partnerId),
        gte(slots.date, range.from),
        lte(slots.date, range.to),
        ne(slots.status, 'cancelled'),
      ),
    );
}

/** Every weekly session of the queue, each with its weekday (0 = Sunday). */
export function listWeeklySessions(db: Db, queueId: string) {
  return db
    .select({
      weekday: queueTimings.weekday,
      start: hoursAndMinutes(queueTimings.start_time),
      end: hoursAndMinutes(queueTimings.end_time),
    })
    .from(queueTimings)
    .where(eq(queueTimings.queue_id, queueId));
}

/**
 * The caller's queue with what a schedule change needs to cancel its bookings and tell the
 * patients: its slot size, its location (whose WhatsApp limit the messages count against), and
 * its clinic's name and time zone.
 */
export async function findQueueOfClinic(db: Db, ids: { queueId: string; partnerId: string }) {
  const [row] = await db
    .select({
      id: queues.id,
      partnerId: queues.partner_id,
      locationId: queues.location_id,
      slotSize: queues.slot_size,
      clinicName: partners.name,
      timeZone: partners.time_zone,
    })
    .from(queues)
    .innerJoin(partners, eq(partners.id, queues.partner_id))
    .where(and(eq(queues.id, ids.queueId), eq(queues.partner_id, ids.partnerId)));
  return row;
}

/** One date, all of it; or the dates from a moment of the clinic's day on, of one weekday or all. */
export type BookingDays = { date: string } | { from: { date: string; time: string }; weekday?: number };

/**
 * A queue's open bookings on `days` whose time meets `period` (any time without it), with their
 * patients, by date, time and token. The partial index slots_active_start_key (queue, date,
 * start) serves it: PostgreSQL proves that the open states imply its `status <> 'cancelled'`.
 */
export function listOpenBookings(
  db: Db,
  reach: { partnerId: string; queueId: string; days: BookingDays; period?: Period; now: Date },
) {
  const { days, period } = reach;
  const dayConditions: (SQL | undefined)[] =
    'date' in days
      ? [eq(slots.date, days.date)]
      : [
          gte(slots.date, days.from.date),
          or(
            gt(slots.date, days.from.date),
            and(eq(slots.date, days.from.date), gte(slots.start_time, days.from.time)),
          ),
          days.weekday === undefined ? undefined : sql`extract(dow from ${slots.date}) = ${days.weekday}`,
        ];
  return db
    .select(slotColumns(reach.now))
    .from(slots)
    .innerJoin(patients, eq(patients.id, slots.patient_id))
    .where(
      and(
        eq(slots.queue_id, reach.queueId),
        eq(slots.partner_id, reach.partnerId),
        inArray(slots.status, openSlotStatuses),
        ...dayConditions,
        period === undefined ? undefined : lt(slots.start_time, period.end),
        period === undefined ? undefined : gt(slots.end_time, period.start),
      ),
    )
    .orderBy(asc(slots.date), asc(slots.start_time), asc(slots.token_number));
}

/** Cancels those of the bookings that are still open; answers the ids it cancelled. */
export async function cancelOpenSlots(
  db: Db,
  change: { partnerId: string; slotIds: string[]; now: Date },
): Promise<Set<string>> {
  if (change.slotIds.length === 0) return new Set();
  const cancelled = await db
    .update(slots)
    .set({ status: 'cancelled', updated_at: change.now, ...timesOfStatus('cancelled', change.now) })
    .where(
      and(
        inArray(slots.id, change.slotIds),
        eq(slots.partner_id, change.partnerId),
        inArray(slots.status, openSlotStatuses),
      ),
    )
    .returning({ id: slots.id });
  return new Set(cancelled.map((row) => row.id));
}

/** One more than the highest token of the queue on the date, cancelled bookings included: a token is never given twice. */
export async function nextTokenNumber(db: Db, ids: { queueId: string; date: string }): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${slots.token_number}), 0)::int + 1` })
    .from(slots)
    .where(and(eq(slots.queue_id, ids.queueId), eq(slots.date, ids.date)));
  return row?.next ?? 1;
}

export async function insertSlot(db: Db, slot: typeof slots.$inferInsert): Promise<string> {
  const [row] = await db.insert(slots).values(slot).returning({ id: slots.id });
  return row?.id as string;
}

export async function findSlot(db: Db, ids: { partnerId: string; slotId: string; now: Date }) {
  const [row] = await db
    .select(slotColumns(ids.now))
    .from(slots)
    .innerJoin(patients, eq(patients.id, slots.patient_id))
    .where(and(eq(slots.id, ids.slotId), eq(slots.partner_id, ids.partnerId)));
  return row;
}

/**
 * The location of the queue a booking of the partner's is in; undefined when the booking is not
 * the partner's. A bill and a prescription made for a booking belong to that location.
 */
export async function findSlotLocation(db: Db, ids: { partnerId: string; slotId: string }) {
  const [row] = await db
    .select({ locationId: queues.location_id })
    .from(slots)
    .innerJoin(queues, eq(queues.id, slots.queue_id))
    .where(and(eq(slots.id, ids.slotId), eq(slots.partner_id, ids.partnerId)));
  return row?.locationId;
}

/** A day's bookings of a queue in token order, without cancelled ones (and finished ones, completed or not come, unless asked). */
export async function listSlotsOfDay(
  db: Db,
  query: { partnerId: string; queueId: string; date: string; includeCompleted: boolean; now: Date },
) {
  const statuses: SlotStatus[] = query.includeCompleted
    ? [...openSlotStatuses, 'completed', 'no_show']
    : [...openSlotStatuses];
  return db
    .select(slotColumns(query.now))
    .from(slots)
    .innerJoin(patients, eq(patients.id, slots.patient_id))
    .where(
      and(
        eq(slots.partner_id, query.partnerId),
        eq(slots.queue_id, query.queueId),
        eq(slots.date, query.date),
        inArray(slots.status, statuses),
      ),
    )
    .orderBy(asc(slots.token_number));
}

/**
 * The day's tokens in the queue's line, called and waiting (showed up), with the patient's
 * name; queueLineOf (contract) tells the one served and the order of the rest.
 */
export async function listQueueLine(db: Db, ids: { queueId: string; date: string }) {
  return db
    .select({
      id: slots.id,
      token_number: slots.token_number,
      status: slots.status,
      called_at: slots.called_at,
      name: patients.name,
    })
    .from(slots)
    .innerJoin(patients, eq(patients.id, slots.patient_id))
    .where(
      and(
        eq(slots.queue_id, ids.queueId),
        eq(slots.date, ids.date),
        inArray(slots.status, ['showed_up', 'called']),
      ),
    );
}

/** Staff have now seen the day's online bookings of the queue. */
export async function markOnlineSlotsSeen(
  db: Db,
  ids: { partnerId: string; queueId: string; date: string; now: Date },
) {
  await db
    .update(slots)
    .set({ seen_at: ids.now })
    .where(
      and(
        eq(slots.partner_id, ids.partnerId),
        eq(slots.queue_id, ids.queueId),
        eq(slots.date, ids.date),
        eq(slots.source, 'online'),
        isNull(slots.seen_at),
      ),
    );
}

/**
 * The times a move to `to` writes: arrival is kept from the first time (and forgotten when the
 * arrival is taken back), a call is the latest one, and each end is its own moment.
 */
function timesOfStatus(to: SlotStatus, now: Date) {
  const arrived = sql`coalesce(${slots.showed_up_at}, ${now.toISOString()}::timestamptz)`;
  switch (to) {
    case 'booked':
      return { showed_up_at: null };
    case 'showed_up':
      return { showed_up_at: arrived };
    case 'called':
      return { showed_up_at: arrived, called_at: now };
    case 'completed':
      return { showed_up_at: arrived, completed_at: now };
    case 'no_show':
      return { no_show_at: now };
    case 'cancelled':
      return { cancelled_at: now };
  }
}

/** Sets the status of a booking that is in one of `from`; false when it is not (or is not the partner's). */
/** Moves the partner's booking from one of `from` to `to`; answers its patient's id, or undefined when it was in none of `from`. */
export async function changeSlotStatus(
  db: Db,
  change: { partnerId: string; slotId: string; from: SlotStatus[]; to: SlotStatus; now: Date },
): Promise<string | undefined> {
  const changed = await db
    .update(slots)
    .set({ status: change.to, updated_at: change.now, ...timesOfStatus(change.to, change.now) })
    .where(
      and(
        eq(slots.id, change.slotId),
        eq(slots.partner_id, change.partnerId),
        inArray(slots.status, change.from),
      ),
    )
    .returning({ patientId: slots.patient_id });
  return changed[0]?.patientId;
}

/** Moves an active booking to another time of its day; the unique index on active slots refuses a taken one. */
export async function moveSlot(
  db: Db,
  change: { partnerId: string; slotId: string; start: string; end: string; now: Date },
): Promise<boolean> {
  const moved = await db
    .update(slots)
    .set({ start_time: change.start, end_time: change.end, updated_at: change.now })
    .where(
      and(eq(slots.id, change.slotId), eq(slots.partner_id, change.partnerId), ne(slots.status, 'cancelled')),
    )
    .returning({ id: slots.id });
  return moved.length > 0;
}

/** Puts the partner's booking on another of the partner's patients (the desk corrected the name). */
export async function moveSlotToPatient(
  db: Db,
  change: { partnerId: string; slotId: string; patientId: string; now: Date },
): Promise<void> {
  await db
    .update(slots)
    .set({ patient_id: change.patientId, updated_at: change.now })
    .where(and(eq(slots.id, change.slotId), eq(slots.partner_id, change.partnerId)));
}

/** Online bookings of the location's queues that staff have not opened yet (served by slots_unseen_online_idx). */
export async function countUnseenOnlineSlots(db: Db, ids: { partnerId: string; locationId: string }) {
  const [row] = await db
    .select({ unseen: count() })
    .from(slots)
    .innerJoin(queues, eq(queues.id, slots.queue_id))
    .where(
      and(
        eq(queues.location_id, ids.locationId),
        eq(slots.partner_id, ids.partnerId),
        eq(slots.source, 'online'),
        isNull(slots.seen_at),
        ne(slots.status, 'cancelled'),
      ),
    );
  return row?.unseen ?? 0;
}

/**
 * Marks an online booking charged, once: of two queue actions at once, the second waits
 * for the first's row lock and then finds `charged_at` set. False when the booking is
 * not online or was charged before (also by the booking-time rule, migration 0014).
 */
export async function claimOnlineBookingCharge(
  db: Db,
  slot: { slotId: string; now: Date },
): Promise<boolean> {
  const claimed = await db
    .update(slots)
    .set({ charged_at: slot.now })
    .where(and(eq(slots.id, slot.slotId), eq(slots.source, 'online'), isNull(slots.charged_at)))
    .returning({ id: slots.id });
  return claimed.length > 0;
}

/** A front-desk booking is charged as it is made: its row says so. */
export async function markBookingCharged(db: Db, slot: { slotId: string; now: Date }) {
  await db.update(slots).set({ charged_at: slot.now }).where(eq(slots.id, slot.slotId));
}

/**
 * Moves the partner's bookings of one patient to another (a merge of two records of one
 * patient, decision 042), in `db`'s transaction; answers how many moved.
 */
export async function moveBookingsToPatient(
  db: Db,
  move: { partnerId: string; fromPatientId: string; toPatientId: string },
): Promise<number> {
  const moved = await db
    .update(slots)
    .set({ patient_id: move.toPatientId })
    .where(and(eq(slots.partner_id, move.partnerId), eq(slots.patient_id, move.fromPatientId)))
    .returning({ id: slots.id });
  return moved.length;
}
