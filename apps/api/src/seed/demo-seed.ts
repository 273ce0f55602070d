import { count, eq } from 'drizzle-orm';
import { type Clock, systemClock } from '../clock';
import type { Db } from '../db/database';
import { locations, partners, users } from '../db/schema';
import { hashPassword } from '../modules/identity/credentials';
import { seedDemoBills } from './demo-bills';
import { seedDemoMasters } from './demo-masters';
import { seedDemoPrescriptions } from './demo-prescriptions';
import { seedDemoSchedule } from './demo-schedule';

/** Fixed ids make every step idempotent: running the seed twice changes nothing. */
export const demoIds = {
  partner: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0001',
  kothrud: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0101',
  baner: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0102',
  owner: '0b7c3c52-6d0e-4f5e-9a57-1d7f3f6a0201',
} as const;

/** The demo owner's sign-in, printed at start so a newcomer can look around at once. */
export const demoSignIn = { email: 'owner@sushrut-dental.in', password: 'Sushrut-Kothrud-2026' } as const;

/**
 * Seeds on the embedded database when it is new or already holds the demo
 * clinic (so the demo grows with new features), never on a real clinic's
 * data; SEED_DEMO=1 forces it, SEED_DEMO=0 turns it off.
 */
export async function shouldSeedDemo(db: Db, options: { seedDemo: boolean | undefined; embedded: boolean }) {
  if (options.seedDemo !== undefined) return options.seedDemo;
  if (!options.embedded) return false;
  const [row] = await db.select({ partners: count() }).from(partners);
  if (!row || row.partners === 0) return true;
  const demo = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, demoIds.partner));
  return demo.length > 0;
}

/** The clinic, its owner, masters, queues, a week of bookings around the clock's today, and prescriptions and bills for some past visits. */
export async function seedDemoClinic(db: Db, clock: Clock = systemClock): Promise<void> {
  // Hashed before the transaction: argon2 takes a while and the embedded database has one connection.
  const ownerPasswordHash = await hashPassword(demoSignIn.password);
  await db.transaction(async (tx) => {
    await tx
      .insert(partners)
      .values({
        id: demoIds.partner,
        name: 'Sushrut Dental Care',
        speciality_type: 'DENTIST',
        subscription_type: 'standard',
        qr_code_domain: 'sushrut-dental.vaidya.clinic',
        domain_url: 'https://sushrut-dental.vaidya.clinic',
      })
      .onConflictDoNothing();
    await tx
      .insert(locations)
      .values([
        {
          id: demoIds.kothrud,
          partner_id: demoIds.partner,
          location_name: 'Kothrud Clinic',
          address: '12, Karve Road, near Kothrud Depot, Pune 411038',
          contact_no: '+91 20 2543 1188',
        },
        {
          id: demoIds.baner,
          partner_id: demoIds.partner,
          location_name: 'Baner Clinic',
          address: 'Shop 4, Sai Square, Baner Road, Pune 411045',
          contact_no: '+91 20 2729 4410',
        },
      ])
      .onConflictDoNothing();
    await tx
      .insert(users)
      .values({
        id: demoIds.owner,
        partner_id: demoIds.partner,
        email: demoSignIn.email,
        name: 'Dr. Anjali Kulkarni',
        password_hash: ownerPasswordHash,
        status: 'CONFIRMED',
        role: 'owner',
      })
      .onConflictDoNothing();
    await seedDemoMasters(tx, demoIds.partner);
    await seedDemoSchedule(tx, {
      partnerId: demoIds.partner,
      locations: { kothrud: demoIds.kothrud, baner: demoIds.baner },
      clock,
    });
    await seedDemoPrescriptions(tx, { partnerId: demoIds.partner, ownerId: demoIds.owner });
    await seedDemoBills(tx, { partnerId: demoIds.partner, ownerId: demoIds.owner });
  });
}
