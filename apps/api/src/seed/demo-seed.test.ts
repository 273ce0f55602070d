import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/test-database';
import { locations, partners } from '../db/schema';
import { demoIds, seedDemoClinic, shouldSeedDemo } from './demo-seed';

describe('the demo clinic', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  const counts = async () =>
    (
      await database.db.execute(
        sql`select (select count(*) from partners)::int as partners, (select count(*) from locations)::int as locations,
              (select count(*) from complaints)::int as complaints, (select count(*) from products)::int as products,
              (select count(*) from treatments)::int as treatments, (select count(*) from product_templates)::int as templates,
              (select count(*) from product_template_items)::int as template_medicines`,
      )
    ).rows[0];

  it('seeds a dental clinic with two locations and its masters, and seeding again changes nothing', async () => {
    await seedDemoClinic(database.db);
    const first = await counts();
    await seedDemoClinic(database.db);
    expect(await counts()).toEqual(first);
    // The dental and the general starter lists: four dental templates and five general ones.
    expect(first).toMatchObject({ partners: 1, locations: 2, templates: 9, template_medicines: 29 });
    expect(first?.complaints).toBeGreaterThanOrEqual(40);
    expect(first?.products).toBeGreaterThanOrEqual(150);
    // Only the dental treatments, which the browser journeys page through.
    expect(first?.treatments).toBe(27);
    const [partner] = await database.db.select().from(partners).where(eq(partners.id, demoIds.partner));
    expect(partner).toMatchObject({ name: 'Sushrut Dental Care', speciality_type: 'DENTIST' });
  });

  it('is planted on a new embedded database and on one that already has the demo', async () => {
    expect(await shouldSeedDemo(database.db, { seedDemo: undefined, embedded: true })).toBe(true);
    await seedDemoClinic(database.db);
    expect(await shouldSeedDemo(database.db, { seedDemo: undefined, embedded: true })).toBe(true);
  });

  it('never touches a real clinic’s embedded database', async () => {
    const [clinic] = await database.db.insert(partners).values({ name: 'Real Clinic' }).returning();
    await database.db.insert(locations).values({ partner_id: clinic?.id as string, location_name: 'Main' });
    expect(await shouldSeedDemo(database.db, { seedDemo: undefined, embedded: true })).toBe(false);
  });

  it('never runs against DATABASE_URL unless SEED_DEMO=1, and SEED_DEMO=0 turns it off', async () => {
    expect(await shouldSeedDemo(database.db, { seedDemo: undefined, embedded: false })).toBe(false);
    expect(await shouldSeedDemo(database.db, { seedDemo: true, embedded: false })).toBe(true);
    expect(await shouldSeedDemo(database.db, { seedDemo: false, embedded: true })).toBe(false);
  });
});
