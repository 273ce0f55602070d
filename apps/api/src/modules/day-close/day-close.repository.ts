import { and, asc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import {
  billPayments,
  bills,
  dayCloses,
  locations,
  partners,
  patients,
  queues,
  slots,
  users,
} from '../../db/schema';

/** A calendar day ('YYYY-MM-DD', the clinic's) at one location. */
export interface DayAt {
  locationId: string;
  date: string;
}

/**
 * The advisory lock key of a day at a location (decision 048): bill and payment writes take it
 * shared, closing the day exclusive. The id is normalised to its text form first, so an id
 * written in capitals locks the same day.
 */
const dayLockKey = (day: DayAt) =>
  sql`hashtext('day:' || ${day.locationId}::uuid::text), (${day.date}::date - date '2000-01-01')`;

/** Waits until no close of `day` is under way, and keeps it from starting until the transaction ends. */
export async function lockDayShared(db: Db, day: DayAt): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${dayLockKey(day)})`);
}

/** Waits until no write of `day`'s bills or payments is under way, and keeps new ones out until the transaction ends. */
export async function lockDayExclusive(db: Db, day: DayAt): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${dayLockKey(day)})`);
}

/** The earliest of `days` that is closed at the partner's location, with the location's name; undefined when none is. */
export async function findClosedDay(db: Db, query: { partnerId: string; days: readonly DayAt[] }) {
  const [row] = await db
    .select({ date: dayCloses.date, locationName: locations.location_name })
    .from(dayCloses)
    .innerJoin(locations, eq(locations.id, dayCloses.location_id))
    .where(
      and(
        eq(dayCloses.partner_id, query.partnerId),
        isNull(dayCloses.reopened_at),
        or(
          ...query.days.map((day) =>
            and(eq(dayCloses.location_id, day.locationId), eq(dayCloses.date, day.date)),
          ),
        ),
      ),
    )
    .orderBy(asc(dayCloses.date))
    .limit(1);
  return row;
}

/** The partner's location (its id as stored) with its name and the clinic's time zone; undefined when it is not the partner's. */
export async function findDayLocation(db: Db, ids: { partnerId: string; locationId: string }) {
  const [row] = await db
    .select({ id: locations.id, name: locations.location_name, timeZone: partners.time_zone })
    .from(locations)
    .innerJoin(partners, eq(partners.id, locations.partner_id))
    .where(and(eq(locations.id, ids.locationId), eq(locations.partner_id, ids.partnerId)));
  return row;
}

const closer = alias(users, 'closer');
const reopener = alias(users, 'reopener');

/** The day's close record, closed or reopened since, with who did each (their email when they have no name); undefined before a first close. */
export async function findDayClose(db: Db, day: DayAt & { partnerId: string }) {
  const [row] = await db
    .select({
      id: dayCloses.id,
      closed_at: dayCloses.closed_at,
      closed_by_name: sql<string>`coalesce(nullif(${closer.name}, ''), ${closer.email}, '')`,
      cash_counted_paise: dayCloses.cash_counted_paise,
      cash_expected_paise: dayCloses.cash_expected_paise,
      note: dayCloses.note,
      reopened_at: dayCloses.reopened_at,
      reopened_by_name: sql<string>`coalesce(nullif(${reopener.name}, ''), ${reopener.email}, '')`,
    })
    .from(dayCloses)
    .leftJoin(closer, eq(closer.id, dayCloses.closed_by))
    .leftJoin(reopener, eq(reopener.id, dayCloses.reopened_by))
    .where(
      and(
        eq(dayCloses.partner_id, day.partnerId),
        eq(dayCloses.location_id, day.locationId),
        eq(dayCloses.date, day.date),
      ),
    );
  return row;
}

export type DayCloseRow = NonNullable<Awaited<ReturnType<typeof findDayClose>>>;

/** The tokens of the location's queues on the day still booked, arrived or called, in queue and token order. */
export function listOpenTokens(db: Db, day: DayAt & { partnerId: string }) {
  return db
    .select({
      slot_id: slots.id,
      token_number: slots.token_number,
      queue_id: queues.id,
      queue_name: queues.queue_name,
      patient_name: patients.name,
      mobile: patients.mobile,
      start_time: sql<string>`to_char(${slots.start_time}, 'HH24:MI')`,
      status: sql<'booked' | 'showed_up' | 'called'>`${slots.status}`,
    })
    .from(slots)
    .innerJoin(queues, eq(queues.id, slots.queue_id))
    .innerJoin(patients, eq(patients.id, slots.patient_id))
    .where(
      and(
        eq(slots.partner_id, day.partnerId),
        eq(slots.date, day.date),
        eq(queues.location_id, day.locationId),
        inArray(slots.status, ['booked', 'showed_up', 'called']),
      ),
    )
    .orderBy(asc(queues.queue_name), asc(queues.id), asc(slots.token_number));
}

/** The instants a clinic's calendar day starts and ends, in its time zone. */
const dayBounds = (date: string, timeZone: string): [SQL, SQL] => [
  sql`(${date}::date)::timestamp at time zone ${timeZone}`,
  sql`(${date}::date + 1)::timestamp at time zone ${timeZone}`,
];

/**
 * The payments received on the day at the location, oldest first: every payment of a live bill
 * of the location made that day in the clinic's time zone, whatever the bill's own date (a
 * payment's location is its bill's). Served by bill_payments_partner_paid_idx.
 */
export function listDayPayments(db: Db, day: DayAt & { partnerId: string; timeZone: string }) {
  const [start, end] = dayBounds(day.date, day.timeZone);
  return db
    .select({
      id: billPayments.id,
      bill_id: bills.id,
      bill_number: bills.bill_number,
      bill_date: bills.generated_date,
      customer_name: bills.customer_name,
      amount_paise: billPayments.amount_paise,
      mode: billPayments.payment_mode,
      paid_at: billPayments.paid_at,
      receipt_id: billPayments.receipt_id,
    })
    .from(billPayments)
    .innerJoin(bills, eq(bills.id, billPayments.bill_id))
    .where(
      and(
        eq(billPayments.partner_id, day.partnerId),
        gte(billPayments.paid_at, start),
        lt(billPayments.paid_at, end),
        eq(bills.location_id, day.locationId),
        isNull(bills.deleted_at),
      ),
    )
    .orderBy(asc(billPayments.paid_at), asc(billPayments.id));
}

/** The live bills of the location dated the day, in the order they were made. */
export function listDayBills(db: Db, day: DayAt & { partnerId: string }) {
  return db
    .select({
      id: bills.id,
      bill_number: bills.bill_number,
      patient_id: bills.patient_id,
      customer_name: bills.customer_name,
      final_paise: bills.final_paise,
      paid_paise: bills.paid_paise,
    })
    .from(bills)
    .where(
      and(
        eq(bills.partner_id, day.partnerId),
        eq(bills.location_id, day.locationId),
        eq(bills.generated_date, day.date),
        isNull(bills.deleted_at),
      ),
    )
    .orderBy(asc(bills.created_at), asc(bills.sequence));
}

/**
 * Closes the day: its first close inserts the row, a close after a reopening sets it anew
 * and clears the reopening. Answers the row's id.
 */
export async function saveDayClose(
  db: Db,
  close: DayAt & {
    partnerId: string;
    closedBy: string;
    closedAt: Date;
    cashCountedPaise: number;
    cashExpectedPaise: number;
    note: string | null;
  },
): Promise<string> {
  const closing = {
    closed_by: close.closedBy,
    closed_at: close.closedAt,
    cash_counted_paise: close.cashCountedPaise,
    cash_expected_paise: close.cashExpectedPaise,
    note: close.note,
    reopened_by: null,
    reopened_at: null,
  };
  const row = returnedRow(
    await db
      .insert(dayCloses)
      .values({ partner_id: close.partnerId, location_id: close.locationId, date: close.date, ...closing })
      .onConflictDoUpdate({ target: [dayCloses.location_id, dayCloses.date], set: closing })
      .returning({ id: dayCloses.id }),
  );
  return row.id;
}

/** Stamps a closed day as reopened. */
export async function markDayReopened(
  db: Db,
  reopening: { id: string; reopenedBy: string; reopenedAt: Date },
) {
  await db
    .update(dayCloses)
    .set({ reopened_by: reopening.reopenedBy, reopened_at: reopening.reopenedAt })
    .where(eq(dayCloses.id, reopening.id));
}

/** The clinic's owners who may sign in, with what they are reached at. */
export function listActiveOwners(db: Db, partnerId: string) {
  return db
    .select({ email: users.email, phoneNumber: users.phone_number })
    .from(users)
    .where(and(eq(users.partner_id, partnerId), eq(users.role, 'owner'), isNull(users.disabled_at)))
    .orderBy(asc(users.created_at), asc(users.id));
}
