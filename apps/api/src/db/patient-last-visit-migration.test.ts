import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationScratch } from '../../test/migration-fixtures';
import { migrationsDir } from '../../test/test-database';

/**
 * Migration 0020 on a database of the release before it: each patient's last visit is the
 * latest date one of their bookings showed up, was called or completed (decision 043); a
 * booking ahead, missed or cancelled is none.
 */
describe('migration 0020: the last visit kept on the patient', () => {
  let scratch: Awaited<ReturnType<typeof migrationScratch>>;
  beforeAll(async () => {
    scratch = await migrationScratch();
  });
  afterAll(async () => {
    await scratch.dispose();
  });

  it('fills each patient’s last visit from the bookings they came to', async () => {
    const before = await scratch.open(scratch.migrationsUpTo('0019_families_and_merges'));
    await before.migrate();
    const clinic = '00000000-0000-4000-8000-000000000001';
    const queue = '00000000-0000-4000-8000-0000000000e1';
    const patient = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    for (const statement of [
      sql`insert into partners (id, name, time_zone) values (${clinic}, 'Sushrut Dental Care', 'Asia/Kolkata')`,
      sql`insert into locations (id, partner_id, location_name) values ('00000000-0000-4000-8000-0000000000f1', ${clinic}, 'Kothrud')`,
      sql`insert into queues (id, partner_id, location_id, queue_name) values (${queue}, ${clinic}, '00000000-0000-4000-8000-0000000000f1', 'OPD')`,
      sql`insert into patients (id, partner_id, patient_number, name, mobile, first_seen_on) values
        (${patient(1)}, ${clinic}, '1', 'Asha Verma', '9822011001', '2026-01-01'),
        (${patient(2)}, ${clinic}, '2', 'Ravi Kumar', '9822011002', '2026-01-01'),
        (${patient(3)}, ${clinic}, '3', 'Kiran Desai', '9822011003', '2026-01-01')`,
      sql`insert into slots (partner_id, queue_id, patient_id, date, start_time, end_time, token_number, status) values
        (${clinic}, ${queue}, ${patient(1)}, '2026-03-01', '10:00', '10:15', 1, 'completed'),
        (${clinic}, ${queue}, ${patient(1)}, '2026-04-01', '10:00', '10:15', 1, 'showed_up'),
        (${clinic}, ${queue}, ${patient(1)}, '2026-05-01', '10:00', '10:15', 1, 'cancelled'),
        (${clinic}, ${queue}, ${patient(1)}, '2026-12-01', '10:00', '10:15', 1, 'booked'),
        (${clinic}, ${queue}, ${patient(2)}, '2026-03-02', '10:00', '10:15', 1, 'called'),
        (${clinic}, ${queue}, ${patient(2)}, '2026-04-02', '10:00', '10:15', 1, 'no_show'),
        (${clinic}, ${queue}, ${patient(3)}, '2026-03-03', '10:00', '10:15', 1, 'cancelled')`,
    ]) {
      await before.db.execute(statement);
    }
    await before.close();

    const after = await scratch.open(migrationsDir);
    await after.migrate();
    const patients = await after.db.execute(
      sql`select name, last_visit_on::text from patients order by patient_number`,
    );
    expect(patients.rows).toEqual([
      { name: 'Asha Verma', last_visit_on: '2026-04-01' },
      { name: 'Ravi Kumar', last_visit_on: '2026-03-02' },
      { name: 'Kiran Desai', last_visit_on: null },
    ]);
    await after.close();
  });
});
