import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { locations, userLocations, users } from '../../db/schema';

/** A member of staff as stored: the user's columns the staff screens show, and their locations. */
const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone_number: users.phone_number,
  role: users.role,
  status: users.status,
  disabled_at: users.disabled_at,
  identity_subject: users.identity_subject,
  last_signed_in_at: users.last_signed_in_at,
  temporary_password_expires_at: users.temporary_password_expires_at,
  qualification: users.qualification,
  registration_council: users.registration_council,
  registration_number: users.registration_number,
  signature_url: users.signature_url,
  /** The locations they work at (none stored for an owner, who works at all). */
  location_ids: sql<
    string[]
  >`array(select ${userLocations.location_id} from ${userLocations} where ${userLocations.user_id} = ${users.id} order by ${userLocations.location_id})`,
};

export type StaffRow = Awaited<ReturnType<typeof listStaffRows>>[number];

/** The clinic's people, by name. */
export function listStaffRows(db: Db, partnerId: string) {
  return db
    .select(staffColumns)
    .from(users)
    .where(eq(users.partner_id, partnerId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
}

/** One of the clinic's people; another clinic's user is not found. */
export async function findStaffRow(db: Db, ids: { partnerId: string; userId: string }) {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, ids.userId), eq(users.partner_id, ids.partnerId)));
  return row;
}

/** The ids of the clinic's locations, in the order they were added. */
export async function clinicLocationIds(db: Db, partnerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.partner_id, partnerId))
    .orderBy(asc(locations.created_at), asc(locations.id));
  return rows.map((row) => row.id);
}

/**
 * Holds, until the transaction ends, the right to change the clinic's staff: two owners demoting
 * or disabling each other at once are checked one after the other, so one owner always stays.
 */
export async function lockStaffChanges(db: Db, partnerId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`vaidya.staff.${partnerId}`}))`);
}

/**
 * How many owners of the clinic, other than `exceptUserId`, can act as one: not disabled and
 * signed in with a password of their own (an invited owner may never come).
 */
export async function countActiveOwners(db: Db, ids: { partnerId: string; exceptUserId: string }) {
  const [row] = await db
    .select({ owners: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.partner_id, ids.partnerId),
        eq(users.role, 'owner'),
        ne(users.id, ids.exceptUserId),
        isNull(users.disabled_at),
        ne(users.status, 'FORCE_CHANGE_PASSWORD'),
      ),
    );
  return row?.owners ?? 0;
}

/** Whether another user is linked to the external pool's `sub`. */
export async function isIdentitySubjectLinked(db: Db, subject: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.identity_subject, subject))
    .limit(1);
  return row !== undefined;
}

/** The locations a member works at, replacing those they had (an owner's list is empty). */
export async function setUserLocations(
  db: Db,
  member: { userId: string; partnerId: string; locationIds: readonly string[] },
) {
  await db.delete(userLocations).where(eq(userLocations.user_id, member.userId));
  if (member.locationIds.length === 0) return;
  await db.insert(userLocations).values(
    member.locationIds.map((locationId) => ({
      user_id: member.userId,
      location_id: locationId,
      partner_id: member.partnerId,
    })),
  );
}

export async function updateStaffUser(
  db: Db,
  userId: string,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'name'
      | 'role'
      | 'disabled_at'
      | 'password_hash'
      | 'status'
      | 'password_changed_at'
      | 'temporary_password_expires_at'
      | 'qualification'
      | 'registration_council'
      | 'registration_number'
      | 'signature_url'
    >
  > & { updated_at: Date },
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Which of `locationIds` are the clinic's locations. */
export async function clinicLocationsAmong(db: Db, partnerId: string, locationIds: readonly string[]) {
  if (locationIds.length === 0) return [];
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.partner_id, partnerId), inArray(locations.id, [...locationIds])));
  return rows.map((row) => row.id);
}
