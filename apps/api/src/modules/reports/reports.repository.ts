import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { locations, partners, users } from '../../db/schema';

/**
 * What a report reads: one clinic's records, its days in its time zone, at some of its
 * locations. Every report's repository filters by `partnerId` first, so each reads by its
 * table's partner index.
 */
export interface ReportScope {
  partnerId: string;
  /** The clinic's time zone (partners.time_zone): every day boundary of a report. */
  timeZone: string;
  /** The locations whose records count; null for every location of the clinic (an owner's). */
  locationIds: readonly string[] | null;
}

/** A range of the clinic's calendar dates, both included ('YYYY-MM-DD'). */
export interface DateRange {
  from: string;
  to: string;
}

/** The condition that keeps the scope's locations' rows, `column` naming each row's location. */
export function atScopeLocations(scope: ReportScope, column: AnyPgColumn): SQL {
  return scope.locationIds === null ? sql`true` : inArray(column, [...scope.locationIds]);
}

/** A sum or count as the database hands it (a string for bigint and numeric, or a number), as a JS number. */
export const numberOf = (value: unknown): number => Number(value ?? 0);

/** An instant as the wire carries it, to the millisecond in UTC, whatever the session's zone. */
export const isoInstant = (instant: SQL | AnyPgColumn) =>
  sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The clinic's name and time zone, and whether `locationId` (when given) is one of its
 * locations; undefined for no such clinic.
 */
export async function findReportClinic(db: Db, ids: { partnerId: string; locationId?: string }) {
  const [row] = await db
    .select({
      name: partners.name,
      timeZone: partners.time_zone,
      locationFound: ids.locationId
        ? sql<boolean>`exists (select 1 from ${locations} where ${and(
            eq(locations.id, ids.locationId),
            eq(locations.partner_id, ids.partnerId),
          )})`
        : sql<boolean>`false`,
    })
    .from(partners)
    .where(eq(partners.id, ids.partnerId));
  return row;
}

/** The names of the clinic's users among `ids`, by id. */
export async function findUserNames(db: Db, partnerId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.partner_id, partnerId), inArray(users.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names of the clinic's locations among `ids`, by id. */
export async function findLocationNames(
  db: Db,
  partnerId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: locations.id, name: locations.location_name })
    .from(locations)
    .where(and(eq(locations.partner_id, partnerId), inArray(locations.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
