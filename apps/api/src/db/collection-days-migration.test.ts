import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationScratch } from '../../test/migration-fixtures';
import { migrationsDir } from '../../test/test-database';

/**
 * Migration 0027 on a database of the release before it (decision 048): each payment gets its
 * clinic date, and collection_days starts from the bills and payments already there, live ones
 * only; the triggers then keep it as bills and payments are written.
 */
describe('migration 0027: the daily collection totals', () => {
  let scratch: Awaited<ReturnType<typeof migrationScratch>>;
  beforeAll(async () => {
    scratch = await migrationScratch();
  });
  afterAll(async () => {
    await scratch.dispose();
  });

  // Two whole migrations of an embedded database: longer than a test's usual 20 seconds on a busy machine.
  it('totals the existing live bills and payments by Kolkata day, location and doctor', async () => {
    const before = await scratch.open(scratch.migrationsUpTo('0026_day_close_reports'));
    await before.migrate();
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const bill = (n: number, doctor: string | null, finalPaise: number, deleted: boolean) =>
      sql`insert into bills (id, partner_id, location_id, patient_id, financial_year, sequence, bill_number,
          customer_name, customer_mobile, generated_date, subtotal_paise, discount_paise, tax_paise,
          final_paise, paid_paise, doctor_user_id, deleted_at)
        values (${id(n)}, ${id(1)}, ${id(2)}, ${id(3)}, '2026-27', ${n}, ${`SDC/2026-27/000${n}`},
          'Asha Patil', '9822000001', '2026-11-01', ${finalPaise}, 0, 0, ${finalPaise}, 0, ${doctor},
          ${deleted ? sql`now()` : null})`;
    const payment = (billId: string, paise: number, mode: string, at: string) =>
      sql`insert into bill_payments (bill_id, partner_id, amount_paise, payment_mode, paid_at)
        values (${billId}, ${id(1)}, ${paise}, ${mode}, ${at})`;
    for (const statement of [
      sql`insert into partners (id, name, time_zone) values (${id(1)}, 'Sushrut Dental Care', 'Asia/Kolkata')`,
      sql`insert into locations (id, partner_id, location_name) values (${id(2)}, ${id(1)}, 'Kothrud')`,
      sql`insert into patients (id, partner_id, patient_number, name, mobile, first_seen_on)
        values (${id(3)}, ${id(1)}, 'P-1', 'Asha Patil', '9822000001', '2026-01-01')`,
      sql`insert into users (id, partner_id, email, password_hash, role)
        values (${id(4)}, ${id(1)}, 'anil@sushrut.test', '!', 'doctor')`,
      bill(5, id(4), 100_000, false),
      bill(6, null, 50_050, false),
      bill(7, id(4), 70_000, true),
      // 00:30 on 2 November in Kolkata, though still 1 November in UTC.
      payment(id(5), 40_000, 'cash', '2026-11-01T19:00:00Z'),
      payment(id(6), 20_025, 'card', '2026-11-01T12:00:00Z'),
      payment(id(7), 70_000, 'upi', '2026-11-01T12:00:00Z'),
    ]) {
      await before.db.execute(statement);
    }
    await before.close();

    const after = await scratch.open(migrationsDir);
    await after.migrate();
    const days = () =>
      after.db.execute(sql`
        select day::text, doctor_user_id, billed_paise::int as billed, cash_paise::int as cash,
          upi_paise::int as upi, card_paise::int as card
        from collection_days order by day, doctor_user_id nulls last`);
    expect((await days()).rows).toEqual([
      { day: '2026-11-01', doctor_user_id: id(4), billed: 100_000, cash: 0, upi: 0, card: 0 },
      { day: '2026-11-01', doctor_user_id: null, billed: 50_050, cash: 0, upi: 0, card: 20_025 },
      { day: '2026-11-02', doctor_user_id: id(4), billed: 0, cash: 40_000, upi: 0, card: 0 },
    ]);
    const paidDates = await after.db.execute(
      sql`select paid_date::text as day from bill_payments order by paid_at, amount_paise`,
    );
    expect(paidDates.rows.map((row) => row.day)).toEqual(['2026-11-01', '2026-11-01', '2026-11-02']);

    // Written after it: a payment lands on its Kolkata day, a deleted bill takes its payments away.
    await after.db.execute(payment(id(6), 10_000, 'upi', '2026-11-02T20:00:00Z'));
    await after.db.execute(sql`update bills set deleted_at = now() where id = ${id(5)}`);
    expect((await days()).rows).toEqual([
      { day: '2026-11-01', doctor_user_id: id(4), billed: 0, cash: 0, upi: 0, card: 0 },
      { day: '2026-11-01', doctor_user_id: null, billed: 50_050, cash: 0, upi: 0, card: 20_025 },
      { day: '2026-11-02', doctor_user_id: id(4), billed: 0, cash: 0, upi: 0, card: 0 },
      { day: '2026-11-03', doctor_user_id: null, billed: 0, cash: 0, upi: 10_000, card: 0 },
    ]);
    await after.close();
  }, 60_000);
});
