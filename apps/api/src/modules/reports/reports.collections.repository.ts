import type { CollectionSplit, ReportPeriod } from '@vaidya/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { collectionDays } from '../../db/schema';
import { atScopeLocations, type DateRange, numberOf, type ReportScope } from './reports.repository';

/** The money of one period in one group, in paise: `key` null for money no group holds (bills made, split by mode). */
export interface PeriodMoney {
  /** The period's first day: the day, the Monday of its week or the 1st of its month. */
  periodStart: string;
  key: string | null;
  billedPaise: number;
  receivedPaise: number;
}

type Selection = ReportScope & DateRange & { period: ReportPeriod; by: CollectionSplit | null };

const received = sql`${collectionDays.cash_paise} + ${collectionDays.upi_paise} + ${collectionDays.card_paise}`;

/**
 * Each day's money of the range as (day, key, billed, received) rows from the kept daily totals
 * (collection_days, decision 048): one row per day, location and bill doctor ('none' for a bill
 * with no doctor chosen and no prescription), split into one row per payment mode for `mode`
 * (bills made, in no mode, keyed null).
 */
function dailyTotals(selection: Selection): SQL {
  const keyed = (key: SQL) => sql`
    select ${collectionDays.day} as day, ${key} as key, ${collectionDays.billed_paise} as billed, ${received} as received
    from ${collectionDays}
    where ${collectionDays.partner_id} = ${selection.partnerId}
      and ${collectionDays.day} between ${selection.from} and ${selection.to}
      and ${atScopeLocations(selection, collectionDays.location_id)}`;
  switch (selection.by) {
    case null:
      return keyed(sql`null::text`);
    case 'location':
      return keyed(sql`${collectionDays.location_id}::text`);
    case 'doctor':
      return keyed(sql`coalesce(${collectionDays.doctor_user_id}::text, 'none')`);
    case 'mode':
      return sql`
        select ${collectionDays.day} as day, split.key, split.billed, split.received
        from ${collectionDays}
          cross join lateral (values
            (null::text, ${collectionDays.billed_paise}, 0::bigint),
            ('cash', 0::bigint, ${collectionDays.cash_paise}),
            ('upi', 0::bigint, ${collectionDays.upi_paise}),
            ('card', 0::bigint, ${collectionDays.card_paise})
          ) as split(key, billed, received)
        where ${collectionDays.partner_id} = ${selection.partnerId}
          and ${collectionDays.day} between ${selection.from} and ${selection.to}
          and ${atScopeLocations(selection, collectionDays.location_id)}`;
  }
}

/**
 * Bills made and money received per period of the range and group of the split, in one
 * statement: every period of the range (an empty one as `key` null and nothing), then its
 * groups' sums, those with money only (a day's totals may have come back to nothing). Bills made are live bills by their date; money received the payments of live
 * bills by the clinic's date they were made on. Sums of bigint paise, exact.
 */
export async function sumCollections(db: Db, selection: Selection): Promise<PeriodMoney[]> {
  const { period, from, to } = selection;
  const result = await db.execute(sql`
    with periods as (
      select generate_series(date_trunc(${period}, ${from}::timestamp), ${to}::timestamp, ${`1 ${period}`}::interval)::date as period_start
    ),
    days as (${dailyTotals(selection)}),
    money as (
      select date_trunc(${period}, day::timestamp)::date as period_start, key, sum(billed) as billed, sum(received) as received
      from days
      group by 1, 2
      having sum(billed) <> 0 or sum(received) <> 0
    )
    select periods.period_start::text as period_start, money.key,
      coalesce(money.billed, 0)::text as billed, coalesce(money.received, 0)::text as received
    from periods left join money on money.period_start = periods.period_start
    order by periods.period_start, money.key`);
  return result.rows.map((row) => ({
    periodStart: String(row.period_start),
    key: row.key === null ? null : String(row.key),
    billedPaise: numberOf(row.billed),
    receivedPaise: numberOf(row.received),
  }));
}
