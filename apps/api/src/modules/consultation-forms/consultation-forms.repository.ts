import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  consultationForms,
  consultationFormVersions,
  locations,
  partners,
  queues,
  slots,
} from '../../db/schema';
import { documentHeaderColumns } from '../documents/document-header';
import type { MasterTable, MasterValues } from '../masters/masters.repository';

export type FormRow = typeof consultationForms.$inferSelect;
type FormValues = typeof consultationForms.$inferInsert;

/** The partner columns that hold the prescription layout images' upload keys. */
export type LayoutColumn =
  | 'consultation_form_header_url'
  | 'consultation_form_footer_url'
  | 'authorised_signature_url';

const liveForm = (ids: { partnerId: string; id: string }) =>
  and(
    eq(consultationForms.id, ids.id),
    eq(consultationForms.partner_id, ids.partnerId),
    isNull(consultationForms.deleted_at),
  );

export async function findPartnerTimeZone(db: Db, partnerId: string) {
  const [row] = await db
    .select({ timeZone: partners.time_zone })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row?.timeZone;
}

/** The location of the queue a booking of the partner's is in; undefined when the booking is not the partner's. */
export async function findSlotLocation(db: Db, ids: { partnerId: string; slotId: string }) {
  const [row] = await db
    .select({ locationId: queues.location_id })
    .from(slots)
    .innerJoin(queues, eq(queues.id, slots.queue_id))
    .where(and(eq(slots.id, ids.slotId), eq(slots.partner_id, ids.partnerId)));
  return row?.locationId;
}

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

/** A master table and the column its records are named by. */
export interface NamedMaster<T extends MasterTable> {
  table: T;
  name: PgColumn;
}

/** Which of these ids are records of the partner's master: one query for the whole list. */
export async function findOwnMasterIds<T extends MasterTable>(
  db: Db,
  master: NamedMaster<T>,
  query: { partnerId: string; ids: string[] },
): Promise<Set<string>> {
  if (query.ids.length === 0) return new Set();
  const table: PgTable = master.table;
  const rows = await db
    .select({ id: sql<string>`${master.table.id}` })
    .from(table)
    .where(and(eq(master.table.partner_id, query.partnerId), inArray(master.table.id, query.ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Adds the names the partner's master lacks in one statement; a name it already has
 * (in any case) is a conflict on the master's unique index and is left as it is.
 */
export async function insertMissingMasterNames<T extends MasterTable>(
  db: Db,
  master: NamedMaster<T>,
  rows: { partnerId: string; values: MasterValues<T>[] },
): Promise<void> {
  if (rows.values.length === 0) return;
  const table: PgTable = master.table;
  await db
    .insert(table)
    .values(rows.values.map((values) => ({ ...values, partner_id: rows.partnerId })))
    .onConflictDoNothing();
}

/**
 * The ids of the partner's records named like these (in any case), keyed by the name as
 * given: PostgreSQL's lower() does the matching, as the master's unique index does.
 */
export async function findMasterIdsByName<T extends MasterTable>(
  db: Db,
  master: NamedMaster<T>,
  query: { partnerId: string; names: string[] },
): Promise<Map<string, string>> {
  if (query.names.length === 0) return new Map();
  const names = sql.join(
    query.names.map((name) => sql`${name}`),
    sql`, `,
  );
  const { rows } = await db.execute(sql`
    select typed.name as given, ${master.table.id} as id
    from unnest(array[${names}]::text[]) as typed(name)
    join ${master.table} on ${master.table.partner_id} = ${query.partnerId} and lower(${master.name}) = lower(typed.name)`);
  return new Map(rows.map((row) => [String(row.given), String(row.id)]));
}

export async function insertForm(db: Db, values: FormValues): Promise<FormRow> {
  const [row] = await db.insert(consultationForms).values(values).returning();
  return row as FormRow;
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

/** A live form by its id alone, with its location and what the prescription shows of its partner. */
export async function findPrescription(db: Db, id: string) {
  const [row] = await db
    .select({
      form: consultationForms,
      ...documentHeaderColumns,
    })
    .from(consultationForms)
    .innerJoin(locations, eq(locations.id, consultationForms.location_id))
    .innerJoin(partners, eq(partners.id, consultationForms.partner_id))
    .where(and(eq(consultationForms.id, id), isNull(consultationForms.deleted_at)));
  return row;
}

const layoutColumns = {
  consultation_form_header_url: partners.consultation_form_header_url,
  consultation_form_footer_url: partners.consultation_form_footer_url,
  authorised_signature_url: partners.authorised_signature_url,
};

export async function findLayoutKeys(db: Db, partnerId: string) {
  const [row] = await db.select(layoutColumns).from(partners).where(eq(partners.id, partnerId));
  return row;
}

/** Sets (a key) or clears (null) layout columns of the partner; answers the keys after the change. */
export async function setLayoutKeys(
  db: Db,
  partnerId: string,
  keys: Partial<Record<LayoutColumn, string | null>>,
) {
  const [row] = await db
    .update(partners)
    .set({ ...keys, updated_at: sql`now()` })
    .where(eq(partners.id, partnerId))
    .returning(layoutColumns);
  return row;
}
