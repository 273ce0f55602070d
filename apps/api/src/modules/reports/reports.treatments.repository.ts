import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { billLines, bills, consultationForms } from '../../db/schema';
import { atScopeLocations, type DateRange, numberOf, type ReportScope } from './reports.repository';

export type TreatmentsSelection = ReportScope & DateRange & { size: number };

/**
 * The most billed treatments by revenue: the lines of live bills dated in the range that bill a
 * treatment (of the master list, or typed in: no product), one row per treatment (a typed-in
 * one per name, any case), named as its latest bill names it; revenue in paise.
 */
export async function listTopTreatments(db: Db, selection: TreatmentsSelection) {
  const result = await db.execute(sql`
    select (array_agg(${billLines.name} order by ${bills.generated_date} desc, ${bills.created_at} desc))[1] as name,
      sum(${billLines.quantity})::text as quantity, count(distinct ${bills.id}) as bills,
      sum(${billLines.total_paise})::text as revenue
    from ${billLines} join ${bills} on ${bills.id} = ${billLines.bill_id}
    where ${bills.partner_id} = ${selection.partnerId} and ${bills.deleted_at} is null
      and ${bills.generated_date} between ${selection.from} and ${selection.to}
      and ${atScopeLocations(selection, bills.location_id)}
      and (${billLines.treatment_id} is not null or ${billLines.product_id} is null)
    group by coalesce(${billLines.treatment_id}::text, lower(${billLines.name}))
    order by sum(${billLines.total_paise}) desc, name
    limit ${selection.size}`);
  return result.rows.map((row) => ({
    name: String(row.name),
    quantity: numberOf(row.quantity),
    bills: numberOf(row.bills),
    revenuePaise: numberOf(row.revenue),
  }));
}

/**
 * The most prescribed medicines: the medicines of the live prescriptions dated in the range at
 * the scope's locations, each counted once per prescription (by name, any case), named as the
 * latest prescription writes it.
 */
export async function listTopMedicines(db: Db, selection: TreatmentsSelection) {
  const result = await db.execute(sql`
    select (array_agg(medicine.name order by ${consultationForms.prescribed_date} desc, ${consultationForms.id}))[1] as name,
      count(distinct ${consultationForms.id}) as prescriptions
    from ${consultationForms}
      cross join lateral jsonb_array_elements(${consultationForms.content}->'products') as product(item)
      cross join lateral (select btrim(product.item->>'product_name') as name) as medicine
    where ${consultationForms.partner_id} = ${selection.partnerId} and ${consultationForms.deleted_at} is null
      and ${consultationForms.prescribed_date} between ${selection.from} and ${selection.to}
      and ${atScopeLocations(selection, consultationForms.location_id)}
      and medicine.name <> ''
    group by lower(medicine.name)
    order by count(distinct ${consultationForms.id}) desc, name
    limit ${selection.size}`);
  return result.rows.map((row) => ({ name: String(row.name), prescriptions: numberOf(row.prescriptions) }));
}
