import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patients } from '../../db/schema';

export type PatientRow = typeof patients.$inferSelect;

/** A patient as a booking, a prescription or a bill types them in. */
export interface PatientDetails {
  partnerId: string;
  name: string;
  mobile: string;
  age: number | null;
  gender: PatientRow['gender'];
}

/**
 * The partner's patient with this mobile, created when there is none, in one statement on
 * the unique index (partner_id, mobile), which leaves the row locked until `db`'s transaction
 * ends. `overwrite` replaces a known patient's name (and age and gender when given) with the
 * ones typed.
 */
export async function createOrFindPatientByMobile(
  db: Db,
  patient: PatientDetails & { overwrite: boolean },
): Promise<PatientRow> {
  const [row] = await db
    .insert(patients)
    .values({
      partner_id: patient.partnerId,
      name: patient.name,
      mobile: patient.mobile,
      age: patient.age,
      gender: patient.gender,
    })
    .onConflictDoUpdate({
      target: [patients.partner_id, patients.mobile],
      // Setting a column to itself still returns the row; a DO NOTHING would return none.
      set: patient.overwrite
        ? {
            name: sql`excluded.name`,
            age: sql`coalesce(excluded.age, ${patients.age})`,
            gender: sql`coalesce(excluded.gender, ${patients.gender})`,
            updated_at: sql`now()`,
          }
        : { mobile: sql`excluded.mobile` },
    })
    .returning();
  if (!row) throw new Error('INSERT … ON CONFLICT DO UPDATE returned no patient row');
  return row;
}

/** The partner's patient with this (normalised) mobile, served by the unique (partner_id, mobile) index. */
export async function findPatientByMobile(db: Db, ids: { partnerId: string; mobile: string }) {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.partner_id, ids.partnerId), eq(patients.mobile, ids.mobile)));
  return row;
}

/** Gives the partner's patient a new name; false when the partner has no such patient. */
export async function renamePatient(
  db: Db,
  change: { partnerId: string; patientId: string; name: string; now: Date },
): Promise<boolean> {
  const renamed = await db
    .update(patients)
    .set({ name: change.name, updated_at: change.now })
    .where(and(eq(patients.id, change.patientId), eq(patients.partner_id, change.partnerId)))
    .returning({ id: patients.id });
  return renamed.length > 0;
}
