import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { domainUrlHost, locations, partners, siteAliases, users } from '../../db/schema';

export async function findPartnerWithUser(db: Db, ids: { partnerId: string; userId: string }) {
  const [row] = await db
    .select({
      partner: partners,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        qualification: users.qualification,
        registration_council: users.registration_council,
        registration_number: users.registration_number,
        signature_key: users.signature_url,
      },
    })
    .from(partners)
    .innerJoin(users, and(eq(users.partner_id, partners.id), eq(users.id, ids.userId)))
    .where(eq(partners.id, ids.partnerId));
  return row;
}

export function listLocations(db: Db, partnerId: string) {
  return db
    .select({
      id: locations.id,
      location_name: locations.location_name,
      address: locations.address,
      contact_no: locations.contact_no,
      location_images: locations.location_images,
    })
    .from(locations)
    .where(eq(locations.partner_id, partnerId))
    .orderBy(asc(locations.created_at), asc(locations.id));
}

/** The clinic's owners and doctors who are not disabled, by name: who may be a bill's or a queue's doctor. */
export function listDoctors(db: Db, partnerId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.partner_id, partnerId),
        inArray(users.role, ['owner', 'doctor']),
        isNull(users.disabled_at),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** The clinic's time zone, which its calendar days are of; every module that counts days asks here. */
export async function findClinicTimeZone(db: Db, partnerId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: partners.time_zone })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!row) throw new Error(`partner ${partnerId} not found`);
  return row.timeZone;
}

/** Whether the location is the partner's own: what bookings, prescriptions and bills check before they name it. */
export async function locationExists(db: Db, ids: { partnerId: string; locationId: string }) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, ids.locationId), eq(locations.partner_id, ids.partnerId)));
  return row !== undefined;
}

export async function updatePartnerDetails(
  db: Db,
  partnerId: string,
  values: Pick<
    typeof partners.$inferInsert,
    | 'name'
    | 'speciality_type'
    | 'qr_code_domain'
    | 'domain_url'
    | 'booking_window_days'
    | 'tooth_numbering'
    | 'print_dental_chart'
  >,
) {
  await db
    .update(partners)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(partners.id, partnerId));
}

/**
 * Holds, until the transaction ends, the right to change any clinic's website address: two clinics
 * claiming `smile.in` and `www.smile.in` at once are then checked one after the other.
 */
export async function lockDomainChanges(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('vaidya.partners.domain_url'))`);
}

/** Whether a partner other than `partnerId` holds `host` (without `www.`) or its `www.` name, however stored. */
export async function isSiteHostHeldByAnother(
  db: Db,
  { partnerId, host }: { partnerId: string; host: string },
) {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(
      and(
        ne(partners.id, partnerId),
        sql`${domainUrlHost(partners.domain_url)} in (${host}, ${`www.${host}`})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Holds, until the transaction ends, the right to change any clinic's website name: a name one
 * clinic gives up (kept as its alias) and another clinic claims at once are checked one after the other.
 */
export async function lockWebsiteNameChanges(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('vaidya.partners.qr_code_domain'))`);
}

/** The partner's website name as stored (null when it has none). */
export async function findWebsiteName(db: Db, partnerId: string) {
  const [row] = await db
    .select({ name: partners.qr_code_domain })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row?.name ?? null;
}

/** Whether a partner other than `partnerId` has `name` (lower-case) as its website name, in any case, or as an old one. */
export async function isWebsiteNameHeldByAnother(
  db: Db,
  { partnerId, name }: { partnerId: string; name: string },
) {
  const [current] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(ne(partners.id, partnerId), sql`lower(${partners.qr_code_domain}) = ${name}`))
    .limit(1);
  if (current) return true;
  const [old] = await db
    .select({ name: siteAliases.name })
    .from(siteAliases)
    .where(and(eq(siteAliases.name, name), ne(siteAliases.partner_id, partnerId)))
    .limit(1);
  return old !== undefined;
}

/** Keeps `name` (lower-case) as one of the partner's old website names. */
export async function keepOldWebsiteName(db: Db, { partnerId, name }: { partnerId: string; name: string }) {
  await db.insert(siteAliases).values({ name, partner_id: partnerId }).onConflictDoNothing();
}

/** The partner takes `name` (lower-case) back as its website name: it is no longer an old one. */
export async function forgetOldWebsiteName(db: Db, { partnerId, name }: { partnerId: string; name: string }) {
  await db.delete(siteAliases).where(and(eq(siteAliases.name, name), eq(siteAliases.partner_id, partnerId)));
}

/** The partner's images, its row locked until the transaction ends so two changes cannot lose one. */
export async function lockProfileImages(db: Db, partnerId: string) {
  const [row] = await db
    .select({ images: partners.profile_images })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .for('update');
  return row?.images;
}

export async function setProfileImages(db: Db, partnerId: string, images: string[]) {
  await db
    .update(partners)
    .set({ profile_images: images, updated_at: sql`now()` })
    .where(eq(partners.id, partnerId));
}

/** The partner's own location's images, locked like `lockProfileImages`; another partner's is not found. */
export async function lockLocationImages(db: Db, partnerId: string, locationId: string) {
  const [row] = await db
    .select({ images: locations.location_images })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.partner_id, partnerId)))
    .for('update');
  return row?.images;
}

export async function setLocationImages(db: Db, partnerId: string, locationId: string, images: string[]) {
  const [row] = await db
    .update(locations)
    .set({ location_images: images, updated_at: sql`now()` })
    .where(and(eq(locations.id, locationId), eq(locations.partner_id, partnerId)))
    .returning({
      id: locations.id,
      location_name: locations.location_name,
      address: locations.address,
      contact_no: locations.contact_no,
      location_images: locations.location_images,
    });
  return row;
}
