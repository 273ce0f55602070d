import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import type { MasterDefinition, StoredRow } from './master-definitions';

type Master = Pick<MasterDefinition, 'table' | 'id' | 'partnerId' | 'name' | 'columns'>;

/** LIKE's own wildcards in a search term match themselves. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive match on lower(name), which the trigram index serves. One or
 * two characters make no trigram to look up, so they match a prefix instead.
 */
function nameMatches(name: AnyPgColumn, query: string | undefined): SQL | undefined {
  const term = query?.trim().toLowerCase();
  if (!term) return undefined;
  const pattern = term.length <= 2 ? `${escapeLike(term)}%` : `%${escapeLike(term)}%`;
  return sql`lower(${name}) like ${pattern}`;
}

export async function listRows(
  db: Db,
  master: Master,
  options: { partnerId: string; query?: string; limit: number; page: number },
): Promise<{ rows: StoredRow[]; total: number }> {
  const where = and(eq(master.partnerId, options.partnerId), nameMatches(master.name, options.query));
  const [rows, counted] = await Promise.all([
    db
      .select(master.columns)
      .from(master.table as PgTable)
      .where(where)
      .orderBy(asc(sql`lower(${master.name})`), asc(master.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db
      .select({ total: count() })
      .from(master.table as PgTable)
      .where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

export async function findRow(db: Db, master: Master, partnerId: string, id: string) {
  const [row] = await db
    .select(master.columns)
    .from(master.table as PgTable)
    .where(and(eq(master.id, id), eq(master.partnerId, partnerId)));
  return row as StoredRow | undefined;
}

/** Which of these ids are the partner's own rows. */
export async function findOwnIds(db: Db, master: Master, partnerId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: master.id })
    .from(master.table as PgTable)
    .where(and(eq(master.partnerId, partnerId), inArray(master.id, ids)));
  return new Set(rows.map((row) => row.id as string));
}

export async function insertRow(db: Db, master: Master, values: StoredRow) {
  const [row] = await db
    .insert(master.table)
    .values(values as never)
    .returning(master.columns);
  return row as StoredRow;
}

export async function updateRow(db: Db, master: Master, partnerId: string, id: string, values: StoredRow) {
  const [row] = await db
    .update(master.table)
    .set({ ...values, updated_at: sql`now()` } as never)
    .where(and(eq(master.id, id), eq(master.partnerId, partnerId)))
    .returning(master.columns);
  return row as StoredRow | undefined;
}

export async function deleteRow(db: Db, master: Master, partnerId: string, id: string) {
  const rows = await db
    .delete(master.table)
    .where(and(eq(master.id, id), eq(master.partnerId, partnerId)))
    .returning({ id: master.id });
  return rows.length > 0;
}
