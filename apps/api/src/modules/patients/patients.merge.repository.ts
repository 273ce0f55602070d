import { and, asc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { partners, patientMerges, patients } from '../../db/schema';
import { likeLiteral, registryColumns } from './patients.repository';

/** How close two names on one mobile must spell (pg_trgm `similarity` of their keys): "Asha Patil" and "Aasha Patil" are 0.77, "Asha Patil" and "Rohan Patil" 0.35. */
const similarNames = 0.6;

/** What a merge reads of each of the two patients, and what the kept one may take from the other. */
export type MergingPatient = Awaited<ReturnType<typeof lockMergingPatients>>[number];

/**
 * The partner's patients of these ids, held until `db`'s transaction ends; locked in id order,
 * so two merges of one pair, whichever way round, wait for each other instead of deadlocking.
 */
export function lockMergingPatients(db: Db, ids: { partnerId: string; patientIds: string[] }) {
  return db
    .select()
    .from(patients)
    .where(and(eq(patients.partner_id, ids.partnerId), inArray(patients.id, ids.patientIds)))
    .orderBy(asc(patients.id))
    .for('update');
}

/** The kept patient's record after the merge: what it took from the merged one. */
export async function writeKeptRecord(
  db: Db,
  change: {
    patientId: string;
    now: Date;
    values: Partial<typeof patients.$inferInsert>;
  },
) {
  await db
    .update(patients)
    .set({ ...change.values, updated_at: change.now })
    .where(eq(patients.id, change.patientId));
}

/**
 * Marks the merged patient as merged into the kept one, and the patients merged into it
 * before, so each merged record points straight at a live one.
 */
export async function markMerged(db: Db, change: { mergedId: string; keptId: string; now: Date }) {
  await db
    .update(patients)
    .set({ merged_into_id: change.keptId, updated_at: change.now })
    .where(or(eq(patients.id, change.mergedId), eq(patients.merged_into_id, change.mergedId)));
}

/** Who merged which patient into which, and how many of each record moved. */
export async function insertPatientMerge(db: Db, merge: typeof patientMerges.$inferInsert) {
  await db.insert(patientMerges).values(merge);
}

/**
 * Whether a patient answers a search typed over the duplicates: its patient number, 3 or more
 * digits of its mobile, or the start of a word of its name.
 */
function answers(
  table: { patient_number: AnyPgColumn; name_key: AnyPgColumn; mobile: AnyPgColumn },
  query: string,
): SQL {
  const text = query.trim().replace(/\s+/g, ' ').toLowerCase();
  const digits = /^[\d\s+()-]+$/.test(text) ? text.replace(/\D/g, '').slice(-10) : '';
  return sql`(lower(${table.patient_number}) = ${text} or (' ' || ${table.name_key}) like ${`% ${likeLiteral(text)}%`}${
    digits.length >= 3 ? sql` or ${table.mobile} like ${`%${likeLiteral(digits)}%`}` : sql``
  })`;
}

/**
 * The pairs of the partner's live patients that look like one patient, each pair once, the
 * record seen first (then added first) first: on one mobile, names one of which starts the
 * other at a word ("Asha", "Asha Patil") or spelt alike (`similarNames`), `similar_name`; or of
 * one name and date of birth on two mobiles, `same_birth_date`. Each reason is a join of its
 * own on equal columns (a hash join over the clinic's patients, where one join with OR would
 * compare every patient with every other); with `patientId`, each half reads only that patient's
 * mobile or name (patients_partner_mobile_name_key). `query` keeps the pairs of which either
 * patient answers it.
 */
function duplicatePairs(db: Db, search: { partnerId: string; patientId?: string; query?: string }) {
  const a = alias(patients, 'a');
  const b = alias(patients, 'b');
  const query = search.query?.trim();
  const startsAtWord = (name: AnyPgColumn, start: AnyPgColumn) =>
    sql`left(${name}, length(${start}) + 1) = ${start} || ' '`;
  const ofPatient = (column: 'mobile' | 'name_key') =>
    search.patientId
      ? and(
          or(eq(a.id, search.patientId), eq(b.id, search.patientId)),
          eq(
            a[column],
            sql`(select ${sql.identifier(column)} from ${patients} where ${patients.id} = ${search.patientId})`,
          ),
        )
      : undefined;
  const live = and(
    eq(a.partner_id, search.partnerId),
    eq(b.partner_id, search.partnerId),
    lt(a.id, b.id),
    isNull(a.merged_into_id),
    isNull(b.merged_into_id),
    query ? or(answers(a, query), answers(b, query)) : undefined,
  );
  const seenFirst = sql`(${a.first_seen_on}, ${a.created_at}, ${a.id}) <= (${b.first_seen_on}, ${b.created_at}, ${b.id})`;
  const pairOf = (reason: 'similar_name' | 'same_birth_date') => ({
    first_id: sql<string>`case when ${seenFirst} then ${a.id} else ${b.id} end`.as('first_id'),
    second_id: sql<string>`case when ${seenFirst} then ${b.id} else ${a.id} end`.as('second_id'),
    reason: sql<typeof reason>`${reason}::text`.as('reason'),
    name_key: a.name_key,
  });
  const similarNamePairs = db
    .select(pairOf('similar_name'))
    .from(a)
    .innerJoin(b, and(eq(b.partner_id, a.partner_id), eq(b.mobile, a.mobile)))
    .where(
      and(
        live,
        ofPatient('mobile'),
        sql`(${startsAtWord(a.name_key, b.name_key)} or ${startsAtWord(b.name_key, a.name_key)} or similarity(${a.name_key}, ${b.name_key}) >= ${similarNames})`,
      ),
    );
  const sameBirthDatePairs = db
    .select(pairOf('same_birth_date'))
    .from(a)
    .innerJoin(
      b,
      and(eq(b.partner_id, a.partner_id), eq(b.name_key, a.name_key), eq(b.date_of_birth, a.date_of_birth)),
    )
    .where(and(live, ofPatient('name_key'), ne(a.mobile, b.mobile)));
  return db.$with('pairs').as(similarNamePairs.unionAll(sameBirthDatePairs));
}

/** A page of the partner's likely duplicate pairs, by the name of one of the two, and how many there are. */
export async function listDuplicatePairs(
  db: Db,
  search: {
    partnerId: string;
    patientId?: string;
    query?: string;
    limit: number;
    page: number;
  },
) {
  const pairs = duplicatePairs(db, search);
  const [rows, [counted]] = await Promise.all([
    db
      .with(pairs)
      .select({ firstId: pairs.first_id, secondId: pairs.second_id, reason: pairs.reason })
      .from(pairs)
      .orderBy(asc(pairs.name_key), asc(pairs.first_id), asc(pairs.second_id))
      .limit(search.limit)
      .offset((search.page - 1) * search.limit),
    db
      .with(pairs)
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(pairs),
  ]);
  return { pairs: rows, total: counted?.total ?? 0 };
}

/** The registry's rows of these patients of the partner, in one query. */
export function listRegistryPatients(db: Db, ids: { partnerId: string; patientIds: string[]; now: Date }) {
  if (ids.patientIds.length === 0) return Promise.resolve([]);
  return db
    .select(registryColumns(ids.now))
    .from(patients)
    .innerJoin(partners, eq(partners.id, patients.partner_id))
    .where(and(eq(patients.partner_id, ids.partnerId), inArray(patients.id, ids.patientIds)));
}
