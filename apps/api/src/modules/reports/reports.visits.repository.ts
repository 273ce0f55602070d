import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { queues, slots } from '../../db/schema';
import { atScopeLocations, type DateRange, numberOf, type ReportScope } from './reports.repository';

export type VisitsSelection = ReportScope & DateRange;

/** One day's tokens, as the contract's `VisitDay`. */
export interface VisitCounts {
  date: string;
  visits: number;
  new_patients: number;
  returning_patients: number;
  online: number;
  desk: number;
  no_shows: number;
  cancelled: number;
}

/** Minutes between two queue times over `count` visits: their average and 90th percentile, to one decimal. */
export interface DurationFigures {
  count: number;
  average_minutes: number | null;
  p90_minutes: number | null;
}

/**
 * The bookings of the range at the scope's locations (slots_partner_date_idx), each marked
 * `first_visit` when it is a completed visit and its patient has no earlier completed one at
 * the clinic (an earlier date, or the same date completed earlier) — read by slots_patient_id_idx.
 */
function scopedBookings(selection: VisitsSelection): SQL {
  return sql`
    select ${slots.date} as date, ${slots.status} as status, ${slots.source} as source,
      ${slots.showed_up_at} as showed_up_at, ${slots.called_at} as called_at, ${slots.completed_at} as completed_at,
      ${slots.status} = 'completed' and not exists (
        select 1 from ${slots} as earlier
        where earlier.partner_id = ${slots.partner_id} and earlier.patient_id = ${slots.patient_id}
          and earlier.status = 'completed'
          and (earlier.date, coalesce(earlier.completed_at, '-infinity'), earlier.id)
            < (${slots.date}, coalesce(${slots.completed_at}, '-infinity'), ${slots.id})
      ) as first_visit
    from ${slots} join ${queues} on ${queues.id} = ${slots.queue_id}
    where ${slots.partner_id} = ${selection.partnerId} and ${slots.date} between ${selection.from} and ${selection.to}
      and ${atScopeLocations(selection, queues.location_id)}`;
}

/** Every day of the range, empty ones too, with its counts. */
export async function countVisitsByDay(db: Db, selection: VisitsSelection): Promise<VisitCounts[]> {
  const result = await db.execute(sql`
    with booked as (${scopedBookings(selection)})
    select days.day::date::text as date,
      count(booked.status) filter (where booked.status = 'completed') as visits,
      count(booked.status) filter (where booked.first_visit) as new_patients,
      count(booked.status) filter (where booked.status = 'completed' and not booked.first_visit) as returning_patients,
      count(booked.status) filter (where booked.status <> 'cancelled' and booked.source = 'online') as online,
      count(booked.status) filter (where booked.status <> 'cancelled' and booked.source = 'front_desk') as desk,
      count(booked.status) filter (where booked.status = 'no_show') as no_shows,
      count(booked.status) filter (where booked.status = 'cancelled') as cancelled
    from generate_series(${selection.from}::timestamp, ${selection.to}::timestamp, '1 day'::interval) as days(day)
    left join booked on booked.date = days.day::date
    group by days.day
    order by days.day`);
  return result.rows.map((row) => ({
    date: String(row.date),
    visits: numberOf(row.visits),
    new_patients: numberOf(row.new_patients),
    returning_patients: numberOf(row.returning_patients),
    online: numberOf(row.online),
    desk: numberOf(row.desk),
    no_shows: numberOf(row.no_shows),
    cancelled: numberOf(row.cancelled),
  }));
}

/** Count, average and 90th percentile (in minutes, one decimal) of `length` over the rows `when` keeps. */
const durationColumns = (name: string, length: SQL, when: SQL) => {
  const minutes = (interval: SQL) => sql`round((extract(epoch from ${interval}) / 60)::numeric, 1)::text`;
  return sql`count(*) filter (where ${when}) as ${sql.identifier(`${name}_count`)},
    ${minutes(sql`avg(${length}) filter (where ${when})`)} as ${sql.identifier(`${name}_average`)},
    ${minutes(sql`percentile_cont(0.9) within group (order by ${length}) filter (where ${when})`)} as ${sql.identifier(`${name}_p90`)}`;
};

const minutesOrNull = (value: unknown) => (value === null ? null : Number(value));

/**
 * The completed visits' waits (arrived → called) and consultations (called → done), over the
 * visits with both times in order.
 */
export async function measureVisitTimes(
  db: Db,
  selection: VisitsSelection,
): Promise<{ wait: DurationFigures; consultation: DurationFigures }> {
  const result = await db.execute(sql`
    with booked as (${scopedBookings(selection)})
    select ${durationColumns('wait', sql`called_at - showed_up_at`, sql`called_at >= showed_up_at`)},
      ${durationColumns('consultation', sql`completed_at - called_at`, sql`completed_at >= called_at`)}
    from booked where status = 'completed'`);
  const [row = {}] = result.rows;
  const figures = (name: string): DurationFigures => ({
    count: numberOf(row[`${name}_count`]),
    average_minutes: minutesOrNull(row[`${name}_average`] ?? null),
    p90_minutes: minutesOrNull(row[`${name}_p90`] ?? null),
  });
  return { wait: figures('wait'), consultation: figures('consultation') };
}

/**
 * Completed visits by weekday (0 Monday … 6 Sunday) and hour of arrival (else of the call) in
 * the clinic's zone; only cells with visits.
 */
export async function countVisitsByHour(db: Db, selection: VisitsSelection) {
  const result = await db.execute(sql`
    with booked as (${scopedBookings(selection)}),
    arrivals as (
      select coalesce(showed_up_at, called_at) at time zone ${selection.timeZone} as arrived
      from booked where status = 'completed'
    )
    select extract(isodow from arrived)::int - 1 as weekday, extract(hour from arrived)::int as hour, count(*) as visits
    from arrivals where arrived is not null
    group by 1, 2
    order by 1, 2`);
  return result.rows.map((row) => ({
    weekday: numberOf(row.weekday),
    hour: numberOf(row.hour),
    visits: numberOf(row.visits),
  }));
}
