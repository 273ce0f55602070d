import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { dentalTreatmentTypes, products, productTemplateItems } from '../../db/schema';

/** What every master table has (db/schema.ts): its own id, its partner, and when it last changed. */
export type MasterTable = PgTable & { id: PgColumn; partner_id: PgColumn; updated_at: PgColumn };

/** A master's table, the column its records are named, searched and sorted by, and any other column a search matches. */
export interface MasterTableRef<T extends MasterTable> {
  table: T;
  name: PgColumn;
  alsoSearched?: readonly PgColumn[];
}

/** A stored row of the master's table; its id is a uuid (Drizzle cannot say so for a generic table). */
export type MasterRow<T extends MasterTable> = T['$inferSelect'] & { id: string };

/** The columns a payload sets: everything but the id, the partner and the timestamps, which the mechanism owns. */
export type MasterValues<T extends MasterTable> = Omit<
  T['$inferInsert'],
  'id' | 'partner_id' | 'created_at' | 'updated_at'
>;

export type ProductRow = typeof products.$inferSelect;

/**
 * Drizzle's select builder refuses a table whose type is a type parameter, so
 * the generic queries below run on the table as a plain PgTable, whose rows
 * Drizzle can only type as `{ [column: string]: unknown }`. They are rows of
 * `T` all the same: this is the one place that says so.
 */
const rowsOf = <T extends MasterTable>(rows: Record<string, unknown>[]) => rows as MasterRow<T>[];

/** LIKE's own wildcards in a search term match themselves. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A regular expression's own special characters in a search term match themselves. */
const escapeRegex = (term: string) => term.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);

/** The text a search matches, trimmed and lower-case; undefined when nothing is typed. */
const searchTerm = (query: string | undefined) => query?.trim().toLowerCase() || undefined;

/**
 * Case-insensitive match on lower(column) of any searched column, each served by
 * its own trigram index. One or two characters make no trigram to look up, so
 * they match a prefix instead.
 */
function searchMatches(columns: readonly PgColumn[], term: string): SQL | undefined {
  const pattern = term.length <= 2 ? `${escapeLike(term)}%` : `%${escapeLike(term)}%`;
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern}`));
}

/**
 * How well a match's name fits the term, best first: 0 the whole name, 1 the
 * name starts with it, 2 a word of the name starts with it (after a space or any
 * other character but a letter or digit: "Co-Amoxiclav" for "amox"), 3 anything
 * else that matched (inside a word, or another searched column such as a
 * medicine's composition). Under the "C" collation a letter is A–Z, the same on
 * every engine and server locale.
 */
const matchRank = (name: PgColumn, term: string) => sql`case
  when lower(${name}) = ${term} then 0
  when lower(${name}) like ${`${escapeLike(term)}%`} then 1
  when lower(${name}) collate "C" ~ ${`[^[:alnum:]]${escapeRegex(term)}`} then 2
  else 3 end`;

/**
 * Alphabetical by name whatever the case, then by id so equal names keep one
 * order; bytewise ("C"), so PGlite and PostgreSQL under any locale agree.
 */
const alphabetical = (master: MasterTableRef<MasterTable>) => [
  asc(sql`lower(${master.name}) collate "C"`),
  asc(master.table.id),
];

const ownRow = <T extends MasterTable>(table: T, partnerId: string, id: string) =>
  and(eq(table.id, id), eq(table.partner_id, partnerId));

/**
 * One page of a partner's rows whose name (or another searched column) matches,
 * and how many match in all. Without a search they come alphabetically; with one
 * the best matches come first (`matchRank`), each rank alphabetically.
 */
export async function listMasterRows<T extends MasterTable>(
  db: Db,
  master: MasterTableRef<T>,
  options: { partnerId: string; query?: string; limit: number; page: number },
): Promise<{ rows: MasterRow<T>[]; total: number }> {
  const table: PgTable = master.table;
  const term = searchTerm(options.query);
  const where = and(
    eq(master.table.partner_id, options.partnerId),
    term === undefined ? undefined : searchMatches([master.name, ...(master.alsoSearched ?? [])], term),
  );
  const order =
    term === undefined ? alphabetical(master) : [asc(matchRank(master.name, term)), ...alphabetical(master)];
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows: rowsOf<T>(rows), total: counted[0]?.total ?? 0 };
}

export async function findMasterRow<T extends MasterTable>(
  db: Db,
  master: MasterTableRef<T>,
  ids: { partnerId: string; id: string },
): Promise<MasterRow<T> | undefined> {
  const table: PgTable = master.table;
  const rows = await db
    .select()
    .from(table)
    .where(ownRow(master.table, ids.partnerId, ids.id));
  return rowsOf<T>(rows)[0];
}

export async function insertMasterRow<T extends MasterTable>(
  db: Db,
  master: MasterTableRef<T>,
  row: { partnerId: string; values: MasterValues<T> },
): Promise<MasterRow<T> | undefined> {
  const table: PgTable = master.table;
  const inserted = await db
    .insert(table)
    .values({ ...row.values, partner_id: row.partnerId })
    .returning();
  return rowsOf<T>(inserted)[0];
}

/** Undefined when the partner has no such row. */
export async function updateMasterRow<T extends MasterTable>(
  db: Db,
  master: MasterTableRef<T>,
  row: { partnerId: string; id: string; values: MasterValues<T> },
): Promise<MasterRow<T> | undefined> {
  const table: PgTable = master.table;
  const updated = await db
    .update(table)
    .set({ ...row.values, updated_at: sql`now()` })
    .where(ownRow(master.table, row.partnerId, row.id))
    .returning();
  return rowsOf<T>(updated)[0];
}

/** False when the partner has no such row. */
export async function deleteMasterRow<T extends MasterTable>(
  db: Db,
  master: MasterTableRef<T>,
  ids: { partnerId: string; id: string },
): Promise<boolean> {
  const deleted = await db
    .delete(master.table)
    .where(ownRow(master.table, ids.partnerId, ids.id))
    .returning({ id: master.table.id });
  return deleted.length > 0;
}

/**
 * Which of these ids are records of the partner's master, one query for the whole list: what a
 * bill's lines and a prescription's lists check their picked ids against.
 */
export async function findOwnMasterIds(
  db: Db,
  master: MasterTable,
  query: { partnerId: string; ids: string[] },
): Promise<Set<string>> {
  if (query.ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sql<string>`${master.id}` })
    .from(master)
    .where(and(eq(master.partner_id, query.partnerId), inArray(master.id, query.ids)));
  return new Set(rows.map((row) => row.id));
}

/** How many of these medicine ids are the partner's own. */
export async function countOwnProducts(db: Db, ids: { partnerId: string; productIds: string[] }) {
  if (ids.productIds.length === 0) return 0;
  const [row] = await db
    .select({ own: count() })
    .from(products)
    .where(and(eq(products.partner_id, ids.partnerId), inArray(products.id, ids.productIds)));
  return row?.own ?? 0;
}

/** A template's medicines become exactly these, in this order. */
export async function replaceTemplateMedicines(db: Db, template: { id: string; productIds: string[] }) {
  await db.delete(productTemplateItems).where(eq(productTemplateItems.template_id, template.id));
  await db.insert(productTemplateItems).values(
    template.productIds.map((productId, position) => ({
      template_id: template.id,
      product_id: productId,
      position,
    })),
  );
}

/** The medicines of each template, in the order they were picked. */
export async function listTemplateMedicines(
  db: Db,
  templateIds: string[],
): Promise<Map<string, ProductRow[]>> {
  const byTemplate = new Map<string, ProductRow[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return byTemplate;
  const rows = await db
    .select({ template_id: productTemplateItems.template_id, product: products })
    .from(productTemplateItems)
    .innerJoin(products, eq(products.id, productTemplateItems.product_id))
    .where(inArray(productTemplateItems.template_id, templateIds))
    .orderBy(asc(productTemplateItems.template_id), asc(productTemplateItems.position));
  for (const { template_id, product } of rows) byTemplate.get(template_id)?.push(product);
  return byTemplate;
}

export async function dentalTreatmentTypeExists(db: Db, id: number) {
  const [type] = await db
    .select({ id: dentalTreatmentTypes.id })
    .from(dentalTreatmentTypes)
    .where(eq(dentalTreatmentTypes.id, id));
  return type !== undefined;
}

export function listDentalTreatmentTypes(db: Db) {
  return db.select().from(dentalTreatmentTypes).orderBy(asc(dentalTreatmentTypes.treatment_name));
}

/** A master table and the column its records are named by. */
export interface NamedMaster<T extends MasterTable> {
  table: T;
  name: PgColumn;
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
