import { type AnyColumn, and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  dentalCharts,
  dentalFindings,
  partners,
  treatmentPlanSittings,
  treatmentPlans,
  users,
} from '../../db/schema';

/**
 * The dental chart's tables (issue 22): the patient's chart settings and the findings, which
 * only the dental module writes. A finding is inserted once; voiding it is its one change.
 */

export type FindingRow = typeof dentalFindings.$inferSelect & {
  recorded_by_name: string | null;
  voided_by_name: string | null;
};
export type FindingValues = typeof dentalFindings.$inferInsert;

/** What every dental call needs of the clinic: whether it is a dentist's, its today and its numbering. */
export async function findDentalClinic(db: Db, partnerId: string) {
  const [row] = await db
    .select({
      speciality: partners.speciality_type,
      timeZone: partners.time_zone,
      toothNumbering: partners.tooth_numbering,
    })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row;
}

/** Whether the patient's chart shows primary and permanent teeth together; false until set. */
export async function findMixedDentition(db: Db, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ mixed: dentalCharts.mixed_dentition })
    .from(dentalCharts)
    .where(eq(dentalCharts.patient_id, patientId));
  return row?.mixed ?? false;
}

export async function saveMixedDentition(
  db: Db,
  chart: { partnerId: string; patientId: string; mixed: boolean; at: Date },
) {
  await db
    .insert(dentalCharts)
    .values({
      patient_id: chart.patientId,
      partner_id: chart.partnerId,
      mixed_dentition: chart.mixed,
      created_at: chart.at,
      updated_at: chart.at,
    })
    .onConflictDoUpdate({
      target: dentalCharts.patient_id,
      set: { mixed_dentition: chart.mixed, updated_at: chart.at },
    });
}

const recorder = alias(users, 'recorder');
const voider = alias(users, 'voider');

/** Findings with the names of who recorded and who voided them. */
function selectFindings(db: Db) {
  return db
    .select({
      ...getTableColumns(dentalFindings),
      recorded_by_name: recorder.name,
      voided_by_name: voider.name,
    })
    .from(dentalFindings)
    .leftJoin(recorder, eq(recorder.id, dentalFindings.recorded_by))
    .leftJoin(voider, eq(voider.id, dentalFindings.voided_by));
}

/**
 * The patient's findings, oldest first, of one tooth when `tooth` is given, and without those
 * recorded after `asOf` (a clinic date) when it is (dental_findings_patient_tooth_idx).
 */
export function listFindings(
  db: Db,
  filter: { patientId: string; tooth?: number | undefined; asOf?: string | undefined },
): Promise<FindingRow[]> {
  return selectFindings(db)
    .where(
      and(
        eq(dentalFindings.patient_id, filter.patientId),
        filter.tooth === undefined ? undefined : eq(dentalFindings.tooth, filter.tooth),
        filter.asOf === undefined ? undefined : sql`${dentalFindings.recorded_on} <= ${filter.asOf}`,
      ),
    )
    .orderBy(asc(dentalFindings.entry));
}

export async function findFinding(db: Db, ids: { partnerId: string; id: string }) {
  const [row] = await selectFindings(db).where(
    and(eq(dentalFindings.id, ids.id), eq(dentalFindings.partner_id, ids.partnerId)),
  );
  return row;
}

/** Adds findings; answers their ids in the order given. */
export async function insertFindings(db: Db, rows: FindingValues[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(dentalFindings).values(rows).returning({ id: dentalFindings.id });
  return inserted.map((row) => row.id);
}

/** Marks a standing finding entered in error; false when it already was. */
export async function voidFinding(
  db: Db,
  change: { id: string; at: Date; on: string; by: string },
): Promise<boolean> {
  const rows = await db
    .update(dentalFindings)
    .set({ voided_at: change.at, voided_on: change.on, voided_by: change.by })
    .where(and(eq(dentalFindings.id, change.id), isNull(dentalFindings.voided_at)))
    .returning({ id: dentalFindings.id });
  return rows.length === 1;
}

/** Findings by id, with the names, in the order of `ids`. */
export async function findFindings(db: Db, ids: string[]): Promise<FindingRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectFindings(db).where(inArray(dentalFindings.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Moves the partner's dental records of one patient to another (a merge of two records of one
 * patient, decision 042), in `db`'s transaction: the findings (each keeps its place in the
 * history by its entry), the plans with their sittings, and the chart's setting, which shows
 * primary teeth when either record did. Answers how many findings and plans moved.
 */
export async function moveDentalRecordsToPatient(
  db: Db,
  move: { partnerId: string; fromPatientId: string; toPatientId: string },
): Promise<number> {
  const ofPatient = <T extends { partner_id: AnyColumn; patient_id: AnyColumn }>(table: T) =>
    and(eq(table.partner_id, move.partnerId), eq(table.patient_id, move.fromPatientId));
  const findings = await db
    .update(dentalFindings)
    .set({ patient_id: move.toPatientId })
    .where(ofPatient(dentalFindings))
    .returning({ id: dentalFindings.id });
  const plans = await db
    .update(treatmentPlans)
    .set({ patient_id: move.toPatientId })
    .where(ofPatient(treatmentPlans))
    .returning({ id: treatmentPlans.id });
  await db
    .update(treatmentPlanSittings)
    .set({ patient_id: move.toPatientId })
    .where(ofPatient(treatmentPlanSittings));
  const [merged] = await db.select().from(dentalCharts).where(ofPatient(dentalCharts));
  if (merged) {
    await db
      .insert(dentalCharts)
      .values({ ...merged, patient_id: move.toPatientId })
      .onConflictDoUpdate({
        target: dentalCharts.patient_id,
        set: { mixed_dentition: sql`${dentalCharts.mixed_dentition} or excluded.mixed_dentition` },
      });
  }
  return findings.length + plans.length;
}
