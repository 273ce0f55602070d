import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import {
  billLines,
  bills,
  dentalTreatmentTypes,
  locations,
  partners,
  patients,
  treatmentPlanAlternatives,
  treatmentPlanItems,
  treatmentPlanSittings,
  treatmentPlans,
  treatments,
  users,
} from '../../db/schema';
import { documentHeaderColumns } from '../documents/document-header';

/**
 * Treatment plans' tables (issue 22), which only the dental module writes, and what it reads
 * of the bills module's lines to tell what of a plan is billed and paid.
 */

export type PlanRow = typeof treatmentPlans.$inferSelect;
export type AlternativeRow = typeof treatmentPlanAlternatives.$inferSelect;
export type ItemRow = typeof treatmentPlanItems.$inferSelect;

/** The clinic's treatments of these ids: the name a plan item copies. */
export async function findClinicTreatments(db: Db, ids: { partnerId: string; treatmentIds: string[] }) {
  if (ids.treatmentIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: treatments.id, name: treatments.treatment_name })
    .from(treatments)
    .where(and(eq(treatments.partner_id, ids.partnerId), inArray(treatments.id, ids.treatmentIds)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function insertPlan(db: Db, values: typeof treatmentPlans.$inferInsert): Promise<PlanRow> {
  return returnedRow(await db.insert(treatmentPlans).values(values).returning());
}

export async function updatePlanRow(
  db: Db,
  id: string,
  values: Partial<typeof treatmentPlans.$inferInsert>,
): Promise<PlanRow> {
  return returnedRow(
    await db.update(treatmentPlans).set(values).where(eq(treatmentPlans.id, id)).returning(),
  );
}

export async function insertAlternative(
  db: Db,
  values: typeof treatmentPlanAlternatives.$inferInsert,
): Promise<AlternativeRow> {
  return returnedRow(await db.insert(treatmentPlanAlternatives).values(values).returning());
}

export async function insertItems(db: Db, values: (typeof treatmentPlanItems.$inferInsert)[]) {
  await db.insert(treatmentPlanItems).values(values);
}

/** Takes a plan's alternatives away with their items; the plan must accept none of them first. */
export async function deleteAlternatives(db: Db, planId: string) {
  await db.delete(treatmentPlanAlternatives).where(eq(treatmentPlanAlternatives.plan_id, planId));
}

/** A plan of the clinic's; `lock` holds it until the transaction ends (accepting, completing, editing). */
export async function findPlan(
  db: Db,
  ids: { partnerId: string; id: string },
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(treatmentPlans)
    .where(and(eq(treatmentPlans.id, ids.id), eq(treatmentPlans.partner_id, ids.partnerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** A patient's plans, newest first (treatment_plans_patient_idx). */
export function listPlans(db: Db, ids: { partnerId: string; patientId: string }): Promise<PlanRow[]> {
  return db
    .select()
    .from(treatmentPlans)
    .where(and(eq(treatmentPlans.patient_id, ids.patientId), eq(treatmentPlans.partner_id, ids.partnerId)))
    .orderBy(desc(treatmentPlans.created_at), desc(treatmentPlans.id));
}

export function listAlternatives(db: Db, planIds: string[]): Promise<AlternativeRow[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(treatmentPlanAlternatives)
    .where(inArray(treatmentPlanAlternatives.plan_id, planIds))
    .orderBy(asc(treatmentPlanAlternatives.plan_id), asc(treatmentPlanAlternatives.position));
}

/** The plans' items, each with the chart condition its treatment's dental type produces (null: none). */
export function listItems(db: Db, planIds: string[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...getTableColumns(treatmentPlanItems), produces: dentalTreatmentTypes.produces_condition })
    .from(treatmentPlanItems)
    .leftJoin(treatments, eq(treatments.id, treatmentPlanItems.treatment_id))
    .leftJoin(dentalTreatmentTypes, eq(dentalTreatmentTypes.id, treatments.dental_treatment_id))
    .where(inArray(treatmentPlanItems.plan_id, planIds))
    .orderBy(asc(treatmentPlanItems.alternative_id), asc(treatmentPlanItems.position));
}
export type ItemWithCondition = Awaited<ReturnType<typeof listItems>>[number];

/** The plans' sittings in the order recorded, with who recorded each. */
export function listSittings(db: Db, planIds: string[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select({ ...getTableColumns(treatmentPlanSittings), recorded_by_name: users.name })
    .from(treatmentPlanSittings)
    .leftJoin(users, eq(users.id, treatmentPlanSittings.recorded_by))
    .where(inArray(treatmentPlanSittings.plan_id, planIds))
    .orderBy(asc(treatmentPlanSittings.created_at), asc(treatmentPlanSittings.id));
}

export async function completeItems(db: Db, change: { ids: string[]; on: string; by: string }) {
  await db
    .update(treatmentPlanItems)
    .set({ status: 'completed', completed_on: change.on, completed_by: change.by })
    .where(inArray(treatmentPlanItems.id, change.ids));
}

export async function insertSitting(db: Db, values: typeof treatmentPlanSittings.$inferInsert) {
  await db.insert(treatmentPlanSittings).values(values);
}

/**
 * Every line of each live bill that bills one of these items: what the bill's payments are
 * spread over. `plan_item_id` is null on the lines billing something else.
 */
export async function listLinesOfBillsBilling(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  const billing = db
    .select({ billId: billLines.bill_id })
    .from(billLines)
    .where(and(inArray(billLines.plan_item_id, itemIds), eq(billLines.bill_deleted, false)));
  return db
    .select({
      bill_id: billLines.bill_id,
      plan_item_id: billLines.plan_item_id,
      total_paise: billLines.total_paise,
      bill_paid_paise: bills.paid_paise,
    })
    .from(billLines)
    .innerJoin(bills, eq(bills.id, billLines.bill_id))
    .where(and(inArray(billLines.bill_id, billing), isNull(bills.deleted_at)))
    .orderBy(asc(billLines.bill_id), asc(billLines.position));
}

/** The completed items of the patient's plans that no line of a live bill bills, by plan and position. */
export function listBillableItems(db: Db, ids: { partnerId: string; patientId: string }) {
  return db
    .select({ ...getTableColumns(treatmentPlanItems), plan_title: treatmentPlans.title })
    .from(treatmentPlanItems)
    .innerJoin(treatmentPlans, eq(treatmentPlans.id, treatmentPlanItems.plan_id))
    .where(
      and(
        eq(treatmentPlans.partner_id, ids.partnerId),
        eq(treatmentPlans.patient_id, ids.patientId),
        eq(treatmentPlanItems.status, 'completed'),
        sql`not exists (select 1 from ${billLines} where ${billLines.plan_item_id} = ${treatmentPlanItems.id} and not ${billLines.bill_deleted})`,
      ),
    )
    .orderBy(asc(treatmentPlans.created_at), asc(treatmentPlanItems.position));
}

/**
 * The items a bill's lines name, for the bills module's checks: whose patient's plan, whether
 * done, and whether a line of another live bill (not `exceptBillId`) bills it already.
 */
export function findItemsForBilling(
  db: Db,
  ids: { partnerId: string; itemIds: string[]; exceptBillId: string | null },
) {
  if (ids.itemIds.length === 0) return Promise.resolve([]);
  const otherBill = ids.exceptBillId === null ? undefined : ne(billLines.bill_id, ids.exceptBillId);
  const billedElsewhere = db
    .select({ one: sql`1` })
    .from(billLines)
    .where(
      and(eq(billLines.plan_item_id, treatmentPlanItems.id), eq(billLines.bill_deleted, false), otherBill),
    );
  return db
    .select({
      id: treatmentPlanItems.id,
      patient_id: treatmentPlans.patient_id,
      treatment_name: treatmentPlanItems.treatment_name,
      status: treatmentPlanItems.status,
      billed: sql<boolean>`exists (${billedElsewhere})`,
    })
    .from(treatmentPlanItems)
    .innerJoin(treatmentPlans, eq(treatmentPlans.id, treatmentPlanItems.plan_id))
    .where(and(eq(treatmentPlans.partner_id, ids.partnerId), inArray(treatmentPlanItems.id, ids.itemIds)));
}

/** The clinic's plan with the patient's name and mobile its estimate is sent to, or undefined. */
export async function findPlanRecipient(db: Db, ids: { partnerId: string; id: string }) {
  const [row] = await db
    .select({
      id: treatmentPlans.id,
      locationId: treatmentPlans.location_id,
      createdAt: treatmentPlans.created_at,
      patientId: treatmentPlans.patient_id,
      patientName: patients.name,
      mobile: patients.mobile,
    })
    .from(treatmentPlans)
    .innerJoin(patients, eq(patients.id, treatmentPlans.patient_id))
    .where(and(eq(treatmentPlans.id, ids.id), eq(treatmentPlans.partner_id, ids.partnerId)));
  return row;
}

/** A plan as its public estimate heads it: the patient, its location and clinic; none for a plan without a location. */
export async function findPublicPlan(db: Db, id: string) {
  const [row] = await db
    .select({
      plan: treatmentPlans,
      patient: { name: patients.name, patient_number: patients.patient_number },
      toothNumbering: partners.tooth_numbering,
      ...documentHeaderColumns,
    })
    .from(treatmentPlans)
    .innerJoin(patients, eq(patients.id, treatmentPlans.patient_id))
    .innerJoin(locations, eq(locations.id, treatmentPlans.location_id))
    .innerJoin(partners, eq(partners.id, treatmentPlans.partner_id))
    .where(eq(treatmentPlans.id, id));
  return row;
}
