import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '../../test/test-clock';
import { openTestDatabase, type TestDatabase } from '../../test/test-database';
import { billLines, bills, consultationForms, locations, offDays, partners, slots } from '../db/schema';
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
              (select count(*) from product_template_items)::int as template_medicines,
              (select count(*) from queues)::int as queues, (select count(*) from queue_timings)::int as timings,
              (select count(*) from off_days)::int as off_days, (select count(*) from slots)::int as slots,
              (select count(*) from patients)::int as patients,
              (select count(*) from consultation_forms)::int as prescriptions,
              (select count(*) from consultation_form_versions)::int as prescription_versions,
              (select count(*) from bills)::int as bills, (select count(*) from bill_lines)::int as bill_lines,
              (select count(*) from bill_payments)::int as bill_payments, (select count(*) from bill_audit)::int as bill_audit`,
      )
    ).rows[0];

  it('seeds a dental clinic with two locations and its masters, and seeding again changes nothing', async () => {
    await seedDemoClinic(database.db);
    const first = await counts();
    await seedDemoClinic(database.db);
    expect(await counts()).toEqual(first);
    // The dental and the general starter lists: four dental templates and five general ones.
    expect(first).toMatchObject({ partners: 1, locations: 2, templates: 9, template_medicines: 29 });
    // Three queues, each open Monday to Saturday morning and evening, two off-days.
    expect(first).toMatchObject({ queues: 3, timings: 36, off_days: 2 });
    expect(first?.complaints).toBeGreaterThanOrEqual(40);
    expect(first?.products).toBeGreaterThanOrEqual(150);
    // Only the dental treatments, which the browser journeys page through.
    expect(first?.treatments).toBe(27);
    const [partner] = await database.db.select().from(partners).where(eq(partners.id, demoIds.partner));
    expect(partner).toMatchObject({ name: 'Sushrut Dental Care', speciality_type: 'DENTIST' });
  });

  it('books a week around today: done in the past, booked ahead, a few cancelled, some online unseen', async () => {
    // Wednesday 18 November 2026, 12:00 in Pune.
    const clock = createTestClock(new Date('2026-11-18T06:30:00Z'));
    await seedDemoClinic(database.db, clock.now);
    const rows = await database.db
      .select()
      .from(slots)
      .orderBy(asc(slots.queue_id), asc(slots.date), asc(slots.start_time));
    const dates = [...new Set(rows.map((row) => row.date))].sort();
    // Sunday the 22nd is off.
    expect(dates).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    const past = rows.filter(
      (row) => row.date < '2026-11-18' || (row.date === '2026-11-18' && row.start_time < '12:00'),
    );
    const ahead = rows.filter((row) => !past.includes(row));
    expect(new Set(past.map((row) => row.status))).toEqual(new Set(['completed', 'showed_up', 'cancelled']));
    expect(new Set(ahead.map((row) => row.status))).toEqual(new Set(['booked', 'cancelled']));
    expect(
      ahead.some((row) => row.source === 'online' && row.seen_at === null && row.status === 'booked'),
    ).toBe(true);
    // Each past visit keeps its queue times, so the demo's waiting times and busiest hours
    // have figures: arrival near the slot, then a call and the end; the waiting have arrived only.
    const noon = clock.now().getTime();
    for (const row of past.filter((visit) => visit.status !== 'cancelled')) {
      const slotStart = new Date(`${row.date}T${row.start_time}+05:30`).getTime();
      const arrived = row.showed_up_at?.getTime() ?? Number.NaN;
      expect(Math.abs(arrived - slotStart)).toBeLessThanOrEqual(9 * 60_000);
      if (row.status === 'showed_up') {
        expect([row.called_at, row.completed_at]).toEqual([null, null]);
        continue;
      }
      const called = row.called_at?.getTime() ?? Number.NaN;
      const completed = row.completed_at?.getTime() ?? Number.NaN;
      expect(arrived).toBeLessThanOrEqual(called);
      expect(called).toBeLessThanOrEqual(completed);
      expect(completed).toBeLessThanOrEqual(noon);
    }
    expect(ahead.every((row) => row.showed_up_at === null && row.called_at === null)).toBe(true);
    // Tokens run 1, 2, 3 … in time order for each queue and date, and every slot is on the 15-minute grid.
    const byDay = new Map<string, number[]>();
    for (const row of rows) {
      const key = `${row.queue_id} ${row.date}`;
      byDay.set(key, [...(byDay.get(key) ?? []), row.token_number]);
    }
    for (const tokens of byDay.values()) expect(tokens).toEqual(tokens.map((_, index) => index + 1));
    expect(rows.every((row) => /^(1[0-2]|1[7-9]):(00|15|30|45):00$/.test(row.start_time))).toBe(true);
    // The part off-day of next week (Wednesday evening) and the whole one (Thursday).
    const offs = await database.db.select().from(offDays).orderBy(asc(offDays.date));
    expect(offs.map(({ date, start_time, end_time }) => ({ date, start_time, end_time }))).toEqual([
      { date: '2026-11-25', start_time: '17:00:00', end_time: '20:00:00' },
      { date: '2026-11-26', start_time: null, end_time: null },
    ]);
  });

  it('writes prescriptions for past visits, each with its first version, one with a dental treatment on a tooth', async () => {
    const clock = createTestClock(new Date('2026-11-18T06:30:00Z'));
    await seedDemoClinic(database.db, clock.now);
    const forms = await database.db
      .select({ form: consultationForms, slot: slots })
      .from(consultationForms)
      .innerJoin(slots, eq(slots.id, consultationForms.slot_id))
      .orderBy(asc(consultationForms.prescribed_date));
    expect(forms.length).toBe(6);
    expect(await counts()).toMatchObject({ prescriptions: 6, prescription_versions: 6 });
    for (const { form, slot } of forms) {
      expect(slot.status).toBe('completed');
      expect(form.prescribed_date).toBe(slot.date);
      expect(form.prescribed_date < '2026-11-18').toBe(true);
      expect(form.content.complaints.length).toBeGreaterThanOrEqual(2);
      expect(form.content.diagnoses.length).toBe(1);
      expect(form.content.products.length).toBeGreaterThanOrEqual(2);
      expect(form.content.products.every((product) => product.dosage_qty !== '')).toBe(true);
    }
    expect(
      forms.some(({ form }) => form.content.treatments.some((treatment) => treatment.tooth_number === 36)),
    ).toBe(true);
    // The names come from the clinic's own lists: none was added, the dental treatments stay 27.
    expect((await counts())?.treatments).toBe(27);
  });

  it('bills past visits from the clinic’s treatments and medicines: some paid in full, some with a balance', async () => {
    const clock = createTestClock(new Date('2026-11-18T06:30:00Z'));
    await seedDemoClinic(database.db, clock.now);
    const billed = await database.db
      .select({ bill: bills, slot: slots })
      .from(bills)
      .innerJoin(slots, eq(slots.id, bills.slot_id))
      .orderBy(asc(bills.sequence));
    expect(billed.length).toBe(5);
    expect(await counts()).toMatchObject({ bills: 5, bill_audit: 5 });
    billed.forEach(({ bill, slot }, index) => {
      expect(slot.status).toBe('completed');
      expect(bill.generated_date).toBe(slot.date);
      expect(bill.bill_number).toBe(`SDC/${bill.financial_year}/000${index + 1}`);
    });
    const balances = billed.map(({ bill }) => bill.final_paise - bill.paid_paise);
    expect(balances.filter((balance) => balance === 0).length).toBeGreaterThanOrEqual(2);
    expect(balances.filter((balance) => balance > 0).length).toBeGreaterThanOrEqual(2);
    const lines = await database.db.select().from(billLines);
    expect(lines.every((line) => line.treatment_id !== null || line.product_id !== null)).toBe(true);
    expect(lines.some((line) => line.treatment_id !== null)).toBe(true);
    expect(lines.some((line) => line.product_id !== null)).toBe(true);
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
