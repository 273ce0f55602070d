import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationScratch } from '../../test/migration-fixtures';
import { migrationsDir } from '../../test/test-database';

/**
 * Migration 0021 on a database of the release before it: each live patient's name words, with
 * their last visit, and the trigger that keeps them from then on (decision 045).
 */
describe('migration 0021: the words of the patients’ names', () => {
  let scratch: Awaited<ReturnType<typeof migrationScratch>>;
  beforeAll(async () => {
    scratch = await migrationScratch();
  });
  afterAll(async () => {
    await scratch.dispose();
  });

  it('fills the words of each live patient, and keeps them as names, visits and merges change', async () => {
    const before = await scratch.open(scratch.migrationsUpTo('0020_patient_last_visit'));
    await before.migrate();
    const clinic = '00000000-0000-4000-8000-000000000001';
    const patient = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    for (const statement of [
      sql`insert into partners (id, name, time_zone) values (${clinic}, 'Sushrut Dental Care', 'Asia/Kolkata')`,
      sql`insert into patients (id, partner_id, patient_number, name, mobile, first_seen_on, last_visit_on) values
        (${patient(1)}, ${clinic}, '1', 'Asha  Verma', '9822011001', '2026-01-01', '2026-04-01'),
        (${patient(2)}, ${clinic}, '2', 'Ram Ram', '9822011002', '2026-01-01', null),
        (${patient(3)}, ${clinic}, '3', 'Asha Varma', '9822011003', '2026-01-01', null)`,
      sql`update patients set merged_into_id = ${patient(1)} where id = ${patient(3)}`,
    ]) {
      await before.db.execute(statement);
    }
    await before.close();

    const after = await scratch.open(migrationsDir);
    await after.migrate();
    const words = async () =>
      (
        await after.db.execute(
          sql`select word, word_start, last_visit_on::text, name from patient_name_words order by name, word`,
        )
      ).rows;
    expect(await words()).toEqual([
      { word: 'asha', word_start: 'ash', last_visit_on: '2026-04-01', name: 'Asha  Verma' },
      { word: 'verma', word_start: 'ver', last_visit_on: '2026-04-01', name: 'Asha  Verma' },
      { word: 'ram', word_start: 'ram', last_visit_on: null, name: 'Ram Ram' },
    ]);
    await after.db.execute(
      sql`update patients set name = 'Ram Prasad', last_visit_on = '2026-05-01' where id = ${patient(2)}`,
    );
    await after.db.execute(sql`update patients set merged_into_id = ${patient(2)} where id = ${patient(1)}`);
    await after.db.execute(sql`update patients set merged_into_id = null where id = ${patient(3)}`);
    expect(await words()).toEqual([
      { word: 'asha', word_start: 'ash', last_visit_on: null, name: 'Asha Varma' },
      { word: 'varma', word_start: 'var', last_visit_on: null, name: 'Asha Varma' },
      { word: 'prasad', word_start: 'pra', last_visit_on: '2026-05-01', name: 'Ram Prasad' },
      { word: 'ram', word_start: 'ram', last_visit_on: '2026-05-01', name: 'Ram Prasad' },
    ]);
    await after.close();
  });
});
