import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { locations, partners, users } from '../../db/schema';

export async function findPartnerWithUser(db: Db, ids: { partnerId: string; userId: string }) {
  const [row] = await db
    .select({
      partner: partners,
      user: { email: users.email, name: users.name, role: users.role },
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
