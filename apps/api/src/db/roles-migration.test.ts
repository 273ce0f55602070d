import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationScratch } from '../../test/migration-fixtures';
import { migrationsDir } from '../../test/test-database';

/**
 * Migration 0025 on a database of the release before it (decision 047): today's staff become
 * doctors working at every location of their clinic, owners stay owners, and each prescription's
 * author is whoever saved it last.
 */
describe('migration 0025: roles, locations and authors', () => {
  let scratch: Awaited<ReturnType<typeof migrationScratch>>;
  beforeAll(async () => {
    scratch = await migrationScratch();
  });
  afterAll(async () => {
    await scratch.dispose();
  });

  // Two whole migrations of an embedded database: longer than a test's usual 20 seconds on a busy machine.
  it('makes staff doctors at every location of their clinic and keeps owners as they are', async () => {
    const before = await scratch.open(scratch.migrationsUpTo('0024_drop_name_word_range_index'));
    await before.migrate();
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    for (const statement of [
      sql`insert into partners (id, name) values (${id(1)}, 'Sushrut Dental Care'), (${id(2)}, 'Lotus Clinic')`,
      sql`insert into locations (id, partner_id, location_name) values
        (${id(3)}, ${id(1)}, 'Kothrud'), (${id(4)}, ${id(1)}, 'Baner'), (${id(5)}, ${id(2)}, 'Aundh')`,
      sql`insert into users (id, partner_id, email, password_hash, role) values
        (${id(6)}, ${id(1)}, 'owner@sushrut.test', '!', 'owner'),
        (${id(7)}, ${id(1)}, 'staff@sushrut.test', '!', 'staff'),
        (${id(8)}, ${id(2)}, 'staff@lotus.test', '!', 'staff')`,
    ]) {
      await before.db.execute(statement);
    }
    await before.close();

    const after = await scratch.open(migrationsDir);
    await after.migrate();
    const roles = await after.db.execute(sql`select email, role from users order by email`);
    expect(roles.rows).toEqual([
      { email: 'owner@sushrut.test', role: 'owner' },
      { email: 'staff@lotus.test', role: 'doctor' },
      { email: 'staff@sushrut.test', role: 'doctor' },
    ]);
    const worksAt = await after.db.execute(
      sql`select user_id, location_id from user_locations order by user_id, location_id`,
    );
    expect(worksAt.rows).toEqual([
      { user_id: id(7), location_id: id(3) },
      { user_id: id(7), location_id: id(4) },
      { user_id: id(8), location_id: id(5) },
    ]);
    await expect(
      after.db.execute(sql`update users set role = 'staff' where id = ${id(7)}`),
    ).rejects.toThrow();
    await after.close();
  }, 60_000);
});
