import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { domainUrlHost, locations, partners, queues, siteAliases } from '../../db/schema';

/** Whether any partner has `name` (lower-case) as its website name now. */
const isCurrentWebsiteName = (name: string) =>
  sql`exists (select 1 from ${partners} where lower(${partners.qr_code_domain}) = ${name})`;

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
      qr_code_domain: partners.qr_code_domain,
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

/**
 * The partner whose old website name `name` is (lower-case already), while it has a current one
 * to lead to and no clinic has `name` as its current name (decision 030).
 */
export function findPartnerByOldName(db: Db, name: string) {
  return findSitePartner(
    db,
    and(
      isNotNull(partners.qr_code_domain),
      sql`${partners.id} = (select ${siteAliases.partner_id} from ${siteAliases} where ${siteAliases.name} = ${name})`,
      sql`not ${isCurrentWebsiteName(name)}`,
    ) as SQL,
  );
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
