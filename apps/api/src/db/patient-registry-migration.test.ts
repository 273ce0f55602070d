import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationScratch } from '../../test/migration-fixtures';
import { migrationsDir } from '../../test/test-database';

/**
 * Migration 0018 on a database holding patients of the shape before it: each keeps its id and
 * bookings, and gets its clinic's number, its first visit and a date of birth from its age.
 */
describe('migration 0018: the patient registry over existing patients', () => {
  let scratch: Awaited<ReturnType<typeof migrationScratch>>;
  beforeAll(async () => {
    scratch = await migrationScratch();
  });
  afterAll(async () => {
    await scratch.dispose();
  });

  it('numbers each clinic’s patients in order of creation, dates their first visit and birth, and keeps their bookings', async () => {
    const before = await scratch.open(scratch.migrationsUpTo('0017_site_aliases'));
    await before.migrate();
    for (const statement of [
      sql`insert into partners (id, name, time_zone) values
        ('00000000-0000-4000-8000-000000000001', 'Sushrut Dental Care', 'Asia/Kolkata'),
        ('00000000-0000-4000-8000-000000000002', 'Other Clinic', 'Asia/Kolkata')`,
      sql`insert into patients (id, partner_id, name, mobile, age, created_at) values
        ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'Ravi Kumar', '9822011002', null, '2026-03-01T10:00:00Z'),
        ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'Asha Verma', '9822011001', 34, '2026-01-10T20:00:00Z'),
        ('00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-000000000002', 'Kiran Desai', '9822011003', 7, '2026-06-01T10:00:00Z')`,
      sql`insert into locations (id, partner_id, location_name) values
        ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-000000000001', 'Kothrud')`,
      sql`insert into queues (id, partner_id, location_id, queue_name) values
        ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000f1', 'OPD')`,
      sql`insert into slots (partner_id, queue_id, patient_id, date, start_time, end_time, token_number) values
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-00000000000b', '2026-02-14', '10:00', '10:15', 1),
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-00000000000b', '2026-04-01', '10:00', '10:15', 1)`,
    ]) {
      await before.db.execute(statement);
    }
    await before.close();

    const after = await scratch.open(migrationsDir);
    await after.migrate();
    const patients = await after.db.execute(sql`
      select id, patient_number, date_of_birth::text, date_of_birth_approximate, first_seen_on::text,
        (select count(*)::int from slots where slots.patient_id = patients.id) as bookings
      from patients order by partner_id, patient_number`);
    expect(patients.rows).toEqual([
      // Created at 01:30 on 11 January in the clinic's zone (20:00 UTC the day before).
      {
        id: '00000000-0000-4000-8000-00000000000a',
        patient_number: '1',
        date_of_birth: '1992-01-11',
        date_of_birth_approximate: true,
        first_seen_on: '2026-01-11',
        bookings: 0,
      },
      // Booked for a date before the record's creation (an online booking, say): first seen then.
      {
        id: '00000000-0000-4000-8000-00000000000b',
        patient_number: '2',
        date_of_birth: null,
        date_of_birth_approximate: false,
        first_seen_on: '2026-02-14',
        bookings: 2,
      },
      {
        id: '00000000-0000-4000-8000-00000000000c',
        patient_number: '1',
        date_of_birth: '2019-06-01',
        date_of_birth_approximate: true,
        first_seen_on: '2026-06-01',
        bookings: 0,
      },
    ]);
    const counters = await after.db.execute(
      sql`select name, last_patient_number from partners order by name desc`,
    );
    expect(counters.rows).toEqual([
      { name: 'Sushrut Dental Care', last_patient_number: 2 },
      { name: 'Other Clinic', last_patient_number: 1 },
    ]);
    await after.close();
  });
});
