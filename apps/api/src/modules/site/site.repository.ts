import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { domainUrlHost, locations, partners, queues } from '../../db/schema';

/**
 * The partner a booking website address names, with when its account was disabled (null
 * while it is not): a disabled clinic's address still names it, to say it takes no bookings.
 */
async function findSitePartner(db: Db, matches: SQL) {
  const [row] = await db
    .select({
      id: partners.id,
      name: partners.name,
      speciality_type: partners.speciality_type,
      profile_images: partners.profile_images,
      disabledAt: partners.disabled_at,
    })
    .from(partners)
    .where(matches)
    .orderBy(asc(partners.created_at), asc(partners.id))
    .limit(1);
  return row;
}

/** `domain` is lower-case already. */
export function findPartnerByDomain(db: Db, domain: string) {
  return findSitePartner(db, sql`lower(${partners.qr_code_domain}) = ${domain}`);
}

/** `host` is lower-case and without a port already. */
export function findPartnerByHost(db: Db, host: string) {
  return findSitePartner(db, sql`${domainUrlHost(partners.domain_url)} = ${host}`);
}

/** The partner's locations in the order they were added. */
export function listSiteLocations(db: Db, partnerId: string) {
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

/** The queues of those locations, each location's in the order they were added. */
export function listSiteQueues(db: Db, ids: { partnerId: string; locationIds: string[] }) {
  if (ids.locationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: queues.id,
      location_id: queues.location_id,
      queue_name: queues.queue_name,
      slot_size: queues.slot_size,
    })
    .from(queues)
    .where(and(eq(queues.partner_id, ids.partnerId), inArray(queues.location_id, ids.locationIds)))
    .orderBy(asc(queues.created_at), asc(queues.id));
}
