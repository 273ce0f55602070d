import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testEngine } from '../../test/test-database';
import { locations, partners } from './schema';

describe('the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('has the migrations applied and pg_trgm enabled', async () => {
    const result = await database.db.execute(sql`select similarity('Toothache', 'toothach') > 0.5 as close`);
    expect(result.rows[0]).toEqual({ close: true });
    expect(await database.db.select().from(partners)).toEqual([]);
  });

  it('applying the migrations again changes nothing', async () => {
    const applied = () => database.db.execute(sql`select hash from drizzle.__drizzle_migrations order by id`);
    const before = (await applied()).rows;
    await database.migrate();
    expect((await applied()).rows).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });

  it('keeps money exact', async () => {
    const [partner] = await database.db
      .insert(partners)
      .values({ name: 'Exact Clinic', wallet_balance: '0.10', charge_per_booking: '0.20' })
      .returning();
    const result = await database.db.execute(
      sql`select wallet_balance + charge_per_booking as total from partners where id = ${partner?.id}`,
    );
    expect(result.rows[0]).toEqual({ total: '0.30' });
  });

  it('refuses a location of a partner that does not exist', async () => {
    await expect(
      database.db.insert(locations).values({ partner_id: crypto.randomUUID(), location_name: 'Nowhere' }),
    ).rejects.toThrow();
  });

  it('runs many concurrent requests that each need a transaction, without hanging', async () => {
    const clinics = Array.from({ length: 20 }, (_, i) => `Concurrent Clinic ${i}`);
    await Promise.all(
      clinics.map((name) =>
        database.db.transaction(async (tx) => {
          const [partner] = await tx.insert(partners).values({ name }).returning({ id: partners.id });
          // Yield between statements so the transactions really interleave.
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx
            .insert(locations)
            .values({ partner_id: partner?.id as string, location_name: `${name} main` });
        }),
      ),
    );
    const rows = await database.db.execute(
      sql`select count(*)::int as n from locations where location_name like 'Concurrent Clinic %'`,
    );
    expect(rows.rows[0]).toEqual({ n: 20 });
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(partners).values({ name: 'Half Written Clinic' });
        await tx.execute(sql`insert into partners (name, subscription_type) values ('Bad', 'lifetime')`);
      }),
    ).rejects.toThrow();
    const rows = await database.db.execute(
      sql`select count(*)::int as n from partners where name = 'Half Written Clinic'`,
    );
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it.runIf(testEngine() === 'pglite')(
    'turns a root-handle query inside a transaction into an error instead of a hang',
    async () => {
      await expect(
        database.db.transaction(async () => {
          await database.db.select().from(partners);
        }),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/use the transaction handle/) } });
      // The connection is still usable afterwards.
      expect(await database.db.execute(sql`select 1 as ok`)).toMatchObject({ rows: [{ ok: 1 }] });
    },
  );

  it('closing twice is harmless', async () => {
    const other = await openTestDatabase();
    await other.close();
    await expect(other.dispose()).resolves.toBeUndefined();
  });
});
