import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import { consultationForms, consultationFormVersions, locations, partners, patients } from '../../db/schema';
import { documentHeaderColumns } from '../documents/document-header';

export type FormRow = typeof consultationForms.$inferSelect;
type FormValues = typeof consultationForms.$inferInsert;

const liveForm = (ids: { partnerId: string; id: string }) =>
  and(
    eq(consultationForms.id, ids.id),
    eq(consultationForms.partner_id, ids.partnerId),
    isNull(consultationForms.deleted_at),
  );

/** The partner's first location, by when it was added (served by locations_partner_id_idx). */
export async function findFirstLocation(db: Db, partnerId: string) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.partner_id, partnerId))
    .orderBy(asc(locations.created_at), asc(locations.id))
    .limit(1);
  return row?.id;
}

export async function insertForm(db: Db, values: FormValues): Promise<FormRow> {
  return returnedRow(await db.insert(consultationForms).values(values).returning());
}

/** The partner's live form with one more version; undefined when there is none. */
export async function updateForm(
  db: Db,
  change: {
    partnerId: string;
    id: string;
    values: Omit<Partial<FormValues>, 'id' | 'partner_id' | 'version' | 'created_at' | 'created_by'>;
  },
): Promise<FormRow | undefined> {
  const [row] = await db
    .update(consultationForms)
    .set({ ...change.values, version: sql`${consultationForms.version} + 1` })
    .where(liveForm(change))
    .returning();
  return row;
}

export async function findForm(db: Db, ids: { partnerId: string; id: string }): Promise<FormRow | undefined> {
  const [row] = await db.select().from(consultationForms).where(liveForm(ids));
  return row;
}

/** The live form of a booking (served by consultation_forms_slot_key). */
export async function findFormOfSlot(db: Db, ids: { partnerId: string; slotId: string }) {
  const [row] = await db
    .select()
    .from(consultationForms)
    .where(
      and(
        eq(consultationForms.slot_id, ids.slotId),
        eq(consultationForms.partner_id, ids.partnerId),
        isNull(consultationForms.deleted_at),
      ),
    );
  return row;
}

export async function insertFormVersion(db: Db, version: typeof consultationFormVersions.$inferInsert) {
  await db.insert(consultationFormVersions).values(version);
}

/** The partner's live forms for a mobile, newest first (served by consultation_forms_partner_mobile_idx). */
export function listFormsOfMobile(db: Db, query: { partnerId: string; mobile: string; limit: number }) {
  return db
    .select({
      id: consultationForms.id,
      prescribed_date: consultationForms.prescribed_date,
      customer_name: consultationForms.customer_name,
      content: consultationForms.content,
    })
    .from(consultationForms)
    .where(
      and(
        eq(consultationForms.partner_id, query.partnerId),
        eq(consultationForms.customer_mobile, query.mobile),
        isNull(consultationForms.deleted_at),
      ),
    )
    .orderBy(desc(consultationForms.prescribed_date), desc(consultationForms.created_at))
    .limit(query.limit);
}

/**
 * A live form by its id alone, with its location, what the prescription shows of its
 * partner, and its patient's allergies and alerts as the registry holds them now.
 */
export async function findPrescription(db: Db, id: string) {
  const [row] = await db
    .select({
      form: consultationForms,
      ...documentHeaderColumns,
      patientSafety: {
        allergies: patients.allergies,
        medical_alerts: patients.medical_alerts,
        alert_notes: patients.alert_notes,
      },
    })
    .from(consultationForms)
    .innerJoin(locations, eq(locations.id, consultationForms.location_id))
    .innerJoin(partners, eq(partners.id, consultationForms.partner_id))
    .innerJoin(patients, eq(patients.id, consultationForms.patient_id))
    .where(and(eq(consultationForms.id, id), isNull(consultationForms.deleted_at)));
  return row;
}

/**
 * Moves the partner's prescriptions of one patient to another, deleted ones too (a merge of
 * two records of one patient, decision 042), in `db`'s transaction; answers how many moved.
 * A prescription keeps the name and mobile it was issued to, and its versions stay as written.
 */
export async function moveFormsToPatient(
  db: Db,
  move: { partnerId: string; fromPatientId: string; toPatientId: string },
): Promise<number> {
  const moved = await db
    .update(consultationForms)
    .set({ patient_id: move.toPatientId })
    .where(
      and(
        eq(consultationForms.partner_id, move.partnerId),
        eq(consultationForms.patient_id, move.fromPatientId),
      ),
    )
    .returning({ id: consultationForms.id });
  return moved.length;
}
