import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { billPayments, bills, locations, outboxMessages, patients } from '../../db/schema';
import { atScopeLocations, isoInstant, numberOf, type ReportScope } from './reports.repository';

/** A patient's balance at one location by the age of its bills, in paise. */
export interface DuesRow {
  patientId: string;
  patientName: string;
  mobile: string;
  locationId: string;
  locationName: string;
  days0To30: number;
  days31To60: number;
  days61To90: number;
  days91Plus: number;
  total: number;
  oldestBillDate: string;
  lastPaymentAt: string | null;
  lastPaymentPaise: number | null;
  lastReminderAt: string | null;
}

/** The whole report's sums, in paise, and how many patients owe. */
export interface DuesTotals {
  days0To30: number;
  days31To60: number;
  days61To90: number;
  days91Plus: number;
  total: number;
  /** Rows (a patient at a location), the pagination's total. */
  rows: number;
  /** Distinct patients. */
  patients: number;
}

export interface DuesSelection extends ReportScope {
  /** The clinic's today: a bill's age is today minus its date. */
  today: string;
  /** A name's start (any case) or a mobile number's start. */
  query?: string;
}

const due = sql`${bills.final_paise} - ${bills.paid_paise}`;

/**
 * Each patient and location with a balance on live bills (by bills_partner_date_idx's partner
 * and live rows), the balance split by bill age (0–30, 31–60, 61–90, 91+ days), with the
 * patient and location names, filtered by the search.
 */
function owedRows(selection: DuesSelection): SQL {
  const age = sql`(${selection.today}::date - ${bills.generated_date})`;
  const query = selection.query?.trim();
  const search = query
    ? sql`and (starts_with(lower(${patients.name}), ${query.toLowerCase()}) or starts_with(${patients.mobile}, ${query}))`
    : sql``;
  return sql`
    select owed.*, ${patients.name} as patient_name, ${patients.mobile} as mobile, ${locations.location_name} as location_name
    from (
      select ${bills.patient_id} as patient_id, ${bills.location_id} as location_id,
        coalesce(sum(${due}) filter (where ${age} <= 30), 0) as days_0_30,
        coalesce(sum(${due}) filter (where ${age} between 31 and 60), 0) as days_31_60,
        coalesce(sum(${due}) filter (where ${age} between 61 and 90), 0) as days_61_90,
        coalesce(sum(${due}) filter (where ${age} > 90), 0) as days_91_plus,
        sum(${due}) as total,
        min(${bills.generated_date}) as oldest_bill_date
      from ${bills}
      where ${bills.partner_id} = ${selection.partnerId} and ${bills.deleted_at} is null
        and ${bills.final_paise} > ${bills.paid_paise} and ${atScopeLocations(selection, bills.location_id)}
      group by ${bills.patient_id}, ${bills.location_id}
    ) as owed
    join ${patients} on ${patients.id} = owed.patient_id
    join ${locations} on ${locations.id} = owed.location_id
    where true ${search}`;
}

/**
 * A page of who owes, largest balance first, each with their last payment at the location
 * (the payments at its latest moment added up: a receipt's shares are one payment) and the
 * last dues reminder sent to them; the latter two read for the page's rows only.
 */
export async function listDues(
  db: Db,
  selection: DuesSelection,
  page: { limit: number; page: number },
): Promise<DuesRow[]> {
  const result = await db.execute(sql`
    with listed as (${owedRows(selection)})
    select listed.*, listed.oldest_bill_date::text as oldest_bill,
      last_payment.at as last_payment_at, last_payment.paise::text as last_payment_paise,
      (select ${isoInstant(sql`max(${outboxMessages.created_at})`)} from ${outboxMessages}
        where ${outboxMessages.reference_id} = listed.patient_id and ${outboxMessages.partner_id} = ${selection.partnerId}
          and ${outboxMessages.template_message}->>'template' = 'dues_reminder') as last_reminder_at
    from listed
    left join lateral (
      select ${isoInstant(billPayments.paid_at)} as at, sum(${billPayments.amount_paise}) as paise
      from ${billPayments} join ${bills} on ${bills.id} = ${billPayments.bill_id}
      where ${bills.patient_id} = listed.patient_id and ${bills.location_id} = listed.location_id
        and ${bills.partner_id} = ${selection.partnerId} and ${bills.deleted_at} is null
      group by ${billPayments.paid_at}
      order by ${billPayments.paid_at} desc
      limit 1
    ) as last_payment on true
    order by listed.total desc, listed.patient_name, listed.patient_id, listed.location_name, listed.location_id
    limit ${page.limit} offset ${(page.page - 1) * page.limit}`);
  return result.rows.map((row) => ({
    patientId: String(row.patient_id),
    patientName: String(row.patient_name),
    mobile: String(row.mobile),
    locationId: String(row.location_id),
    locationName: String(row.location_name),
    days0To30: numberOf(row.days_0_30),
    days31To60: numberOf(row.days_31_60),
    days61To90: numberOf(row.days_61_90),
    days91Plus: numberOf(row.days_91_plus),
    total: numberOf(row.total),
    oldestBillDate: String(row.oldest_bill),
    lastPaymentAt: row.last_payment_at === null ? null : String(row.last_payment_at),
    lastPaymentPaise: row.last_payment_paise === null ? null : numberOf(row.last_payment_paise),
    lastReminderAt: row.last_reminder_at === null ? null : String(row.last_reminder_at),
  }));
}

/** The sums of every row the selection lists, whatever the page. */
export async function sumDues(db: Db, selection: DuesSelection): Promise<DuesTotals> {
  const result = await db.execute(sql`
    with listed as (${owedRows(selection)})
    select coalesce(sum(days_0_30), 0)::text as days_0_30, coalesce(sum(days_31_60), 0)::text as days_31_60,
      coalesce(sum(days_61_90), 0)::text as days_61_90, coalesce(sum(days_91_plus), 0)::text as days_91_plus,
      coalesce(sum(total), 0)::text as total, count(*)::int as rows, count(distinct patient_id)::int as patients
    from listed`);
  const [row] = result.rows;
  return {
    days0To30: numberOf(row?.days_0_30),
    days31To60: numberOf(row?.days_31_60),
    days61To90: numberOf(row?.days_61_90),
    days91Plus: numberOf(row?.days_91_plus),
    total: numberOf(row?.total),
    rows: numberOf(row?.rows),
    patients: numberOf(row?.patients),
  };
}

/** The clinic's patient with what they owe on their live bills at the location, in paise; undefined for no such patient. */
export async function findPatientDues(
  db: Db,
  ids: { partnerId: string; patientId: string; locationId: string },
) {
  const [row] = await db
    .select({
      name: patients.name,
      mobile: patients.mobile,
      duePaise: sql<number>`coalesce((select sum(${due}) from ${bills} where ${and(
        eq(bills.patient_id, patients.id),
        eq(bills.location_id, ids.locationId),
        eq(bills.partner_id, ids.partnerId),
        isNull(bills.deleted_at),
        gt(bills.final_paise, bills.paid_paise),
      )}), 0)::bigint`.mapWith(Number),
    })
    .from(patients)
    .where(and(eq(patients.id, ids.patientId), eq(patients.partner_id, ids.partnerId)));
  return row;
}
