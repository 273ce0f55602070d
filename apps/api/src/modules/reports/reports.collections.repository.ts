import type { CollectionSplit, ReportPeriod } from '@vaidya/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { billPayments, bills, consultationForms } from '../../db/schema';
import { atScopeLocations, type DateRange, numberOf, type ReportScope } from './reports.repository';

/** The money of one period in one group, in paise: `key` null for money no group holds (bills made, split by mode). */
export interface PeriodMoney {
  /** The period's first day: the day, the Monday of its week or the 1st of its month. */
  periodStart: string;
  key: string | null;
  billedPaise: number;
  receivedPaise: number;
}

/**
 * What a bill's money is grouped by for the split: its doctor (the one chosen on it, else the
 * author of its visit's live prescription, else 'none'), its location, or for payments their
 * mode; a bill is made in no mode (key null). `join` adds the prescription the doctor falls back to.
 */
function splitOf(by: CollectionSplit | null): { billKey: SQL; paymentKey: SQL; join: SQL } {
  switch (by) {
    case 'doctor': {
      const key = sql`coalesce(coalesce(${bills.doctor_user_id}, ${consultationForms.author_id})::text, 'none')`;
      const join = sql`left join ${consultationForms} on ${bills.doctor_user_id} is null and ${consultationForms.slot_id} = ${bills.slot_id} and ${consultationForms.deleted_at} is null`;
      return { billKey: key, paymentKey: key, join };
    }
    case 'location':
      return {
        billKey: sql`${bills.location_id}::text`,
        paymentKey: sql`${bills.location_id}::text`,
        join: sql``,
      };
    case 'mode':
      return { billKey: sql`null::text`, paymentKey: sql`${billPayments.payment_mode}`, join: sql`` };
    case null:
      return { billKey: sql`null::text`, paymentKey: sql`null::text`, join: sql`` };
  }
}

/**
 * Bills made and money received per period of the range and group of the split, in one
 * statement: every period of the range (empty ones with `key` null and nothing), then its
 * groups' sums. Bills made are live bills by `generated_date` (bills_partner_date_idx); money
 * received are the payments of live bills whose `paid_at` falls in the range's days in the
 * clinic's zone, found by bill_payments_partner_paid_idx over the instants those days span. Sums
 * of bigint paise, exact.
 */
export async function sumCollections(
  db: Db,
  selection: ReportScope & DateRange & { period: ReportPeriod; by: CollectionSplit | null },
): Promise<PeriodMoney[]> {
  const { partnerId, timeZone, period, from, to } = selection;
  const split = splitOf(selection.by);
  const periodOf = (day: SQL) => sql`date_trunc(${period}, ${day})::date`;
  // Payments need their bills' rows only for a bill's doctor or location; otherwise they are
  // kept unless their bill is deleted, which is a join with the few deleted bills, not all.
  const paymentsBills =
    selection.by === 'doctor' || selection.by === 'location' || selection.locationIds !== null
      ? {
          join: sql`join ${bills} on ${bills.id} = ${billPayments.bill_id} ${split.join}`,
          live: sql`${bills.deleted_at} is null and ${atScopeLocations(selection, bills.location_id)}`,
        }
      : {
          join: sql``,
          live: sql`not exists (select 1 from ${bills} where ${bills.id} = ${billPayments.bill_id} and ${bills.deleted_at} is not null)`,
        };
  const result = await db.execute(sql`
    with periods as (
      select generate_series(date_trunc(${period}, ${from}::timestamp), ${to}::timestamp, ${`1 ${period}`}::interval)::date as period_start
    ),
    made as (
      select ${periodOf(sql`${bills.generated_date}::timestamp`)} as period_start, ${split.billKey} as key,
        sum(${bills.final_paise}) as billed, 0::numeric as received
      from ${bills} ${split.join}
      where ${bills.partner_id} = ${partnerId} and ${bills.deleted_at} is null
        and ${bills.generated_date} between ${from} and ${to} and ${atScopeLocations(selection, bills.location_id)}
      group by 1, 2
    ),
    received as (
      select ${periodOf(sql`${billPayments.paid_at} at time zone ${timeZone}`)} as period_start, ${split.paymentKey} as key,
        0::numeric as billed, sum(${billPayments.amount_paise}) as received
      from ${billPayments} ${paymentsBills.join}
      where ${billPayments.partner_id} = ${partnerId}
        and ${billPayments.paid_at} >= ${from}::timestamp at time zone ${timeZone}
        and ${billPayments.paid_at} < (${to}::date + 1)::timestamp at time zone ${timeZone}
        and ${paymentsBills.live}
      group by 1, 2
    ),
    money as (
      select period_start, key, sum(billed) as billed, sum(received) as received
      from (select * from made union all select * from received) as parts
      group by period_start, key
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
