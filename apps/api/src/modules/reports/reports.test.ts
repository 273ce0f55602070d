import { addDays } from '@vaidya/contract/calendar-dates';
import type { ConsultationContent } from '@vaidya/contract/consultation-forms';
import type { PaymentMode } from '@vaidya/contract/record-states';
import { reportMessages } from '@vaidya/contract/reports';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInDoctor } from '../../../test/clinic-doctors';
import { addSignedInMember, createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  auditEvents,
  billLines,
  billPayments,
  bills,
  consultationForms,
  locations,
  outboxMessages,
  partners,
  patients,
  products,
  slots,
  treatments,
} from '../../db/schema';

// Reports (issue 24): a small clinic's week written straight to the tables, every figure of
// every report checked to the paisa against sums worked out by hand. The test clock stands at
// Monday 2 November 2026, 10:00 in Kolkata.
let t: TestApp;
let clinic: SignedInPartner;
let anil: SignedInPartner;
let bina: SignedInPartner;
let secondLocation: string;
let elsewhere: SignedInPartner;
const people: Record<'asha' | 'ravi' | 'meena' | 'kiran' | 'dev', string> = {
  asha: '',
  ravi: '',
  meena: '',
  kiran: '',
  dev: '',
};
let rootCanal: string;

let written = 0;
const next = () => {
  written += 1;
  return written;
};

async function addPatient(partnerId: string, name: string, mobile: string) {
  const [row] = await t.database.db
    .insert(patients)
    .values({
      partner_id: partnerId,
      patient_number: `P-${next()}`,
      name,
      mobile,
      first_seen_on: '2026-01-01',
    })
    .returning({ id: patients.id });
  return row?.id as string;
}

/** A booking written as the queue left it: its status, source and queue times (ISO instants). */
async function addVisit(visit: {
  queueId: string;
  patientId: string;
  date: string;
  status: (typeof slots.$inferInsert)['status'];
  source?: 'front_desk' | 'online';
  showedUpAt?: string;
  calledAt?: string;
  completedAt?: string;
}) {
  const n = next();
  const hour = String(8 + Math.floor(n / 60)).padStart(2, '0');
  const start = `${hour}:${String(n % 60).padStart(2, '0')}`;
  const [row] = await t.database.db
    .insert(slots)
    .values({
      partner_id: clinic.partnerId,
      queue_id: visit.queueId,
      patient_id: visit.patientId,
      date: visit.date,
      start_time: start,
      end_time: `${String(Number(hour) + 1).padStart(2, '0')}:00`,
      token_number: n,
      status: visit.status,
      source: visit.source ?? 'front_desk',
      showed_up_at: visit.showedUpAt ? new Date(visit.showedUpAt) : null,
      called_at: visit.calledAt ? new Date(visit.calledAt) : null,
      completed_at: visit.completedAt ? new Date(visit.completedAt) : null,
    })
    .returning({ id: slots.id });
  return row?.id as string;
}

/** A bill as the bills module leaves it: `paid_paise` the sum of its payments (ISO instants). */
async function addBill(bill: {
  partnerId?: string;
  locationId: string;
  patientId: string;
  date: string;
  finalPaise: number;
  doctorId?: string;
  slotId?: string;
  deleted?: boolean;
  payments?: { paise: number; mode: PaymentMode; at: string }[];
  lines?: { name: string; quantity: number; totalPaise: number; treatmentId?: string; productId?: string }[];
}) {
  const payments = bill.payments ?? [];
  const n = next();
  const partnerId = bill.partnerId ?? clinic.partnerId;
  const [row] = await t.database.db
    .insert(bills)
    .values({
      partner_id: partnerId,
      location_id: bill.locationId,
      patient_id: bill.patientId,
      slot_id: bill.slotId ?? null,
      financial_year: '2026-27',
      sequence: n,
      bill_number: `B-${n}`,
      customer_name: 'On the bill',
      customer_mobile: '9822000000',
      generated_date: bill.date,
      subtotal_paise: bill.finalPaise,
      discount_paise: 0,
      tax_paise: 0,
      final_paise: bill.finalPaise,
      paid_paise: payments.reduce((sum, payment) => sum + payment.paise, 0),
      doctor_user_id: bill.doctorId ?? null,
      deleted_at: bill.deleted ? new Date('2026-11-01T10:00:00Z') : null,
    })
    .returning({ id: bills.id });
  const billId = row?.id as string;
  if (payments.length > 0) {
    await t.database.db.insert(billPayments).values(
      payments.map((payment) => ({
        bill_id: billId,
        partner_id: partnerId,
        amount_paise: payment.paise,
        payment_mode: payment.mode,
        paid_at: new Date(payment.at),
      })),
    );
  }
  const lines = bill.lines ?? [];
  if (lines.length > 0) {
    await t.database.db.insert(billLines).values(
      lines.map((line, position) => ({
        bill_id: billId,
        position,
        treatment_id: line.treatmentId ?? null,
        product_id: line.productId ?? null,
        name: line.name,
        quantity: line.quantity,
        unit_price_paise: line.totalPaise / line.quantity,
        tax_basis_points: 0,
        amount_paise: line.totalPaise,
        discount_paise: 0,
        tax_paise: 0,
        total_paise: line.totalPaise,
        bill_deleted: bill.deleted ?? false,
      })),
    );
  }
  return billId;
}

/** A prescription of `medicines`, written by `authorId`. */
async function addPrescription(form: {
  locationId: string;
  patientId: string;
  date: string;
  medicines: string[];
  authorId?: string;
  slotId?: string;
  deleted?: boolean;
}) {
  const content: ConsultationContent = {
    metrics: [],
    complaints: [],
    observations: [],
    diagnoses: [],
    investigations: [],
    treatments: [],
    products: form.medicines.map((name) => ({
      id: crypto.randomUUID(),
      product_name: name,
      composition: '',
      dosage_qty: '1 tab',
      is_morning: true,
      is_afternoon: false,
      is_evening: true,
      is_sos: false,
      days: 5,
      instructions: '',
    })),
  };
  await t.database.db.insert(consultationForms).values({
    partner_id: clinic.partnerId,
    location_id: form.locationId,
    patient_id: form.patientId,
    slot_id: form.slotId ?? null,
    customer_name: 'On the form',
    customer_mobile: '9822000000',
    prescribed_date: form.date,
    content,
    author_id: form.authorId ?? null,
    deleted_at: form.deleted ? new Date('2026-11-01T10:00:00Z') : null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  clinic = await createSignedInPartner(t);
  const [second] = await db
    .insert(locations)
    .values({ partner_id: clinic.partnerId, location_name: 'Zeta Road' })
    .returning({ id: locations.id });
  secondLocation = second?.id as string;
  anil = await createSignedInDoctor(t, clinic, { name: 'Dr Anil Rao' });
  bina = await addSignedInMember(t, clinic, {
    role: 'doctor',
    locationIds: [clinic.locationId, secondLocation],
    values: { name: 'Dr Bina Shah' },
  });
  elsewhere = await createSignedInPartner(t, { time_zone: 'America/New_York' });

  people.asha = await addPatient(clinic.partnerId, 'Asha Verma', '9822011001');
  people.ravi = await addPatient(clinic.partnerId, 'Ravi Kumar', '9822011002');
  people.meena = await addPatient(clinic.partnerId, 'Meena Iyer', '9822011003');
  people.kiran = await addPatient(clinic.partnerId, 'Kiran Shah', '7000011004');
  people.dev = await addPatient(clinic.partnerId, 'Dev Patil', '9822011005');
  const [treatment] = await db
    .insert(treatments)
    .values({ partner_id: clinic.partnerId, treatment_name: 'Root canal' })
    .returning({ id: treatments.id });
  rootCanal = treatment?.id as string;
  const [product] = await db
    .insert(products)
    .values({ partner_id: clinic.partnerId, product_name: 'Paracetamol 500' })
    .returning({ id: products.id });

  // The queues' week: Monday 26 October to Sunday 1 November (times UTC; Kolkata is 5:30 ahead).
  const main = await createQueueWithTimings(db, {
    partnerId: clinic.partnerId,
    locationId: clinic.locationId,
  });
  const road = await createQueueWithTimings(db, { partnerId: clinic.partnerId, locationId: secondLocation });
  // Asha came before the range: every visit of hers in it is a return.
  await addVisit({ queueId: main, patientId: people.asha, date: '2026-09-01', status: 'completed' });
  await addVisit({
    queueId: main,
    patientId: people.asha,
    date: '2026-10-26',
    status: 'completed',
    showedUpAt: '2026-10-26T04:00:00Z',
    calledAt: '2026-10-26T04:10:00Z',
    completedAt: '2026-10-26T04:25:00Z',
  });
  await addVisit({
    queueId: main,
    patientId: people.ravi,
    date: '2026-10-26',
    status: 'completed',
    source: 'online',
    showedUpAt: '2026-10-26T04:15:00Z',
    calledAt: '2026-10-26T04:50:00Z',
    completedAt: '2026-10-26T05:00:00Z',
  });
  const raviTuesday = await addVisit({
    queueId: main,
    patientId: people.ravi,
    date: '2026-10-27',
    status: 'completed',
    showedUpAt: '2026-10-27T09:00:00Z',
    calledAt: '2026-10-27T09:30:00Z',
    completedAt: '2026-10-27T10:00:00Z',
  });
  await addVisit({
    queueId: main,
    patientId: people.meena,
    date: '2026-10-27',
    status: 'no_show',
    source: 'online',
  });
  await addVisit({
    queueId: main,
    patientId: people.kiran,
    date: '2026-10-28',
    status: 'cancelled',
    source: 'online',
  });
  // Dev twice on one day: the earlier completed visit is his first.
  await addVisit({
    queueId: main,
    patientId: people.dev,
    date: '2026-10-28',
    status: 'completed',
    showedUpAt: '2026-10-28T03:50:00Z',
    calledAt: '2026-10-28T04:00:00Z',
    completedAt: '2026-10-28T04:05:00Z',
  });
  await addVisit({
    queueId: main,
    patientId: people.dev,
    date: '2026-10-28',
    status: 'completed',
    showedUpAt: '2026-10-28T07:00:00Z',
    calledAt: '2026-10-28T07:05:00Z',
    completedAt: '2026-10-28T07:20:00Z',
  });
  const meenaSunday = await addVisit({
    queueId: road,
    patientId: people.meena,
    date: '2026-11-01',
    status: 'completed',
    showedUpAt: '2026-11-01T12:00:00Z',
    calledAt: '2026-11-01T12:40:00Z',
    completedAt: '2026-11-01T12:45:00Z',
  });
  // Called without arriving first: no wait, and the heat map places it at its call.
  const raviSunday = await addVisit({
    queueId: main,
    patientId: people.ravi,
    date: '2026-11-01',
    status: 'completed',
    calledAt: '2026-11-01T06:00:00Z',
    completedAt: '2026-11-01T06:10:00Z',
  });

  // Prescriptions: Bina wrote Ravi's of Sunday, the bill of which names no doctor.
  await addPrescription({
    locationId: clinic.locationId,
    patientId: people.ravi,
    slotId: raviSunday,
    date: '2026-11-01',
    authorId: bina.userId,
    medicines: ['Paracetamol', 'Amoxicillin', 'Paracetamol', 'Cetirizine'],
  });
  await addPrescription({
    locationId: secondLocation,
    patientId: people.meena,
    slotId: meenaSunday,
    date: '2026-11-02',
    medicines: ['Paracetamol', ' amoxicillin '],
  });
  await addPrescription({
    locationId: clinic.locationId,
    patientId: people.ravi,
    slotId: raviTuesday,
    date: '2026-10-27',
    medicines: ['Paracetamol'],
  });
  await addPrescription({
    locationId: clinic.locationId,
    patientId: people.asha,
    date: '2026-10-29',
    medicines: ['Amoxicillin', 'Ibuprofen'],
    deleted: true,
  });
  await addPrescription({
    locationId: clinic.locationId,
    patientId: people.asha,
    date: '2026-09-01',
    medicines: ['Ibuprofen'],
  });

  // Bills. Asha's of Monday, paid in two parts: the second at 00:30 on Monday 2 November in Kolkata.
  await addBill({
    locationId: clinic.locationId,
    patientId: people.asha,
    date: '2026-10-26',
    finalPaise: 100_000,
    doctorId: anil.userId,
    payments: [
      { paise: 40_000, mode: 'cash', at: '2026-10-26T05:00:00Z' },
      { paise: 60_000, mode: 'upi', at: '2026-11-01T19:00:00Z' },
    ],
    lines: [{ name: 'Root canal', quantity: 1, totalPaise: 100_000, treatmentId: rootCanal }],
  });
  // Ravi's of Sunday: no doctor chosen, its visit's prescription is Bina's; 300.25 still owed.
  await addBill({
    locationId: clinic.locationId,
    patientId: people.ravi,
    slotId: raviSunday,
    date: '2026-11-01',
    finalPaise: 50_050,
    payments: [{ paise: 20_025, mode: 'card', at: '2026-11-01T12:00:00Z' }],
    lines: [
      { name: 'Consultation', quantity: 1, totalPaise: 40_050 },
      { name: 'Paracetamol 500', quantity: 2, totalPaise: 10_000, productId: product?.id },
    ],
  });
  // Meena's at Zeta Road, paid at 23:59 on Sunday in Kolkata; no doctor anywhere.
  await addBill({
    locationId: secondLocation,
    patientId: people.meena,
    date: '2026-11-01',
    finalPaise: 30_000,
    payments: [{ paise: 30_000, mode: 'cash', at: '2026-11-01T18:29:00Z' }],
    lines: [{ name: 'Root Canal (RCT)', quantity: 1, totalPaise: 30_000, treatmentId: rootCanal }],
  });
  // Deleted with its payment: in no figure.
  await addBill({
    locationId: clinic.locationId,
    patientId: people.asha,
    date: '2026-10-27',
    finalPaise: 99_900,
    doctorId: anil.userId,
    deleted: true,
    payments: [{ paise: 9_900, mode: 'cash', at: '2026-10-27T05:00:00Z' }],
    lines: [{ name: 'Root canal', quantity: 1, totalPaise: 99_900, treatmentId: rootCanal }],
  });
  // Asha's old dues of July, part paid on Wednesday 28 October.
  await addBill({
    locationId: clinic.locationId,
    patientId: people.asha,
    date: '2026-07-15',
    finalPaise: 200_000,
    doctorId: anil.userId,
    payments: [
      { paise: 50_000, mode: 'cash', at: '2026-07-15T05:00:00Z' },
      { paise: 70_000, mode: 'upi', at: '2026-10-28T06:00:00Z' },
    ],
  });
  // Kiran's unpaid bills at the edges of the ageing buckets, 30 to 91 days before today.
  for (const [days, paise] of [
    [30, 10_000],
    [31, 20_000],
    [60, 40_000],
    [61, 80_000],
    [90, 160_000],
    [91, 320_000],
  ] as const) {
    await addBill({
      locationId: clinic.locationId,
      patientId: people.kiran,
      date: addDays('2026-11-02', -days),
      finalPaise: paise,
    });
  }

  // Another clinic, in New York: its Monday's payment at 22:00 there is Tuesday in UTC.
  const [faraway] = await db
    .insert(patients)
    .values({
      partner_id: elsewhere.partnerId,
      patient_number: 'NY-1',
      name: 'Sam Roy',
      mobile: '9822011009',
      first_seen_on: '2026-01-01',
    })
    .returning({ id: patients.id });
  await addBill({
    partnerId: elsewhere.partnerId,
    locationId: elsewhere.locationId,
    patientId: faraway?.id as string,
    date: '2026-11-02',
    finalPaise: 25_000,
    payments: [{ paise: 25_000, mode: 'cash', at: '2026-11-03T03:00:00Z' }],
  });
});
afterAll(async () => {
  await t.close();
});

const get = (who: SignedInPartner, report: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/reports/${report}`, headers: who.headers, query });

const week = { from: '2026-10-26', to: '2026-11-02' };
const days = [
  '2026-10-26',
  '2026-10-27',
  '2026-10-28',
  '2026-10-29',
  '2026-10-30',
  '2026-10-31',
  '2026-11-01',
  '2026-11-02',
];

describe('collections: GET /api/reports/get-collections', () => {
  it('bills made by bill date and money received by the Kolkata day it was paid, every day of the range', async () => {
    const response = await get(clinic, 'get-collections', week);
    expect(response.statusCode).toBe(200);
    const billed = [1000, 0, 0, 0, 0, 0, 800.5, 0];
    const received = [400, 0, 700, 0, 0, 0, 500.25, 600];
    expect(response.json().data).toEqual({
      ...week,
      period: 'day',
      by: null,
      rows: days.map((day, index) => ({
        period_start: day,
        billed: billed[index],
        received: received[index],
        groups: [],
      })),
      totals: { billed: 1800.5, received: 2200.25, groups: [] },
    });
  });

  it('weeks start on Monday: the payment at 00:30 on Monday 2 November opens the next week', async () => {
    const response = await get(clinic, 'get-collections', { ...week, period: 'week' });
    expect(response.json().data.rows).toEqual([
      { period_start: '2026-10-26', billed: 1800.5, received: 1600.25, groups: [] },
      { period_start: '2026-11-02', billed: 0, received: 600, groups: [] },
    ]);
  });

  it('months start on the 1st, the first month from before the range', async () => {
    const response = await get(clinic, 'get-collections', {
      from: '2026-07-15',
      to: '2026-11-02',
      period: 'month',
    });
    expect(
      response
        .json()
        .data.rows.map((row: { period_start: string; billed: number; received: number }) => [
          row.period_start,
          row.billed,
          row.received,
        ]),
    ).toEqual([
      ['2026-07-01', 2000, 500],
      ['2026-08-01', 3200 + 1600, 0],
      ['2026-09-01', 800 + 400, 0],
      ['2026-10-01', 200 + 100 + 1000, 1100],
      ['2026-11-01', 800.5, 1100.25],
    ]);
  });

  it('by payment mode: cash, UPI and card in every row, bills made in none', async () => {
    const response = await get(clinic, 'get-collections', { ...week, by: 'mode' });
    const { rows, totals } = response.json().data;
    const modes = (cash: number, upi: number, card: number) => [
      { key: 'cash', label: 'Cash', billed: null, received: cash },
      { key: 'upi', label: 'UPI', billed: null, received: upi },
      { key: 'card', label: 'Card', billed: null, received: card },
    ];
    expect(rows[0]).toEqual({
      period_start: '2026-10-26',
      billed: 1000,
      received: 400,
      groups: modes(400, 0, 0),
    });
    expect(rows[3].groups).toEqual(modes(0, 0, 0));
    expect(rows[6]).toEqual({
      period_start: '2026-11-01',
      billed: 800.5,
      received: 500.25,
      groups: modes(300, 0, 200.25),
    });
    expect(totals).toEqual({ billed: 1800.5, received: 2200.25, groups: modes(700, 1300, 200.25) });
  });

  it('by doctor: the one chosen on the bill, else the author of its visit’s prescription, else none', async () => {
    const response = await get(clinic, 'get-collections', { ...week, by: 'doctor' });
    expect(response.json().data.totals.groups).toEqual([
      { key: anil.userId, label: 'Dr Anil Rao', billed: 1000, received: 1700 },
      { key: bina.userId, label: 'Dr Bina Shah', billed: 500.5, received: 200.25 },
      { key: 'none', label: reportMessages.noDoctor, billed: 300, received: 300 },
    ]);
  });

  it('a bill with no doctor chosen follows its visit’s prescription: saved by another doctor, deleted, restored', async () => {
    const doctors = async () =>
      (await get(clinic, 'get-collections', { ...week, by: 'doctor' })).json().data.totals.groups;
    const ravisPrescription = and(
      eq(consultationForms.partner_id, clinic.partnerId),
      eq(consultationForms.author_id, bina.userId),
    );
    const [form] = await t.database.db
      .select({ id: consultationForms.id })
      .from(consultationForms)
      .where(ravisPrescription);
    const byId = eq(consultationForms.id, form?.id ?? '');

    // Anil saves Ravi's prescription again: Ravi's bill and its card payment are his now.
    await t.database.db.update(consultationForms).set({ author_id: anil.userId }).where(byId);
    expect(await doctors()).toEqual([
      { key: anil.userId, label: 'Dr Anil Rao', billed: 1500.5, received: 1900.25 },
      { key: 'none', label: reportMessages.noDoctor, billed: 300, received: 300 },
    ]);
    // Deleted, the visit has no prescription: the bill has no doctor.
    await t.database.db.update(consultationForms).set({ deleted_at: new Date() }).where(byId);
    expect(await doctors()).toEqual([
      { key: anil.userId, label: 'Dr Anil Rao', billed: 1000, received: 1700 },
      { key: 'none', label: reportMessages.noDoctor, billed: 800.5, received: 500.25 },
    ]);
    // Restored as Bina's, as it was.
    await t.database.db
      .update(consultationForms)
      .set({ deleted_at: null, author_id: bina.userId })
      .where(byId);
    expect(await doctors()).toEqual([
      { key: anil.userId, label: 'Dr Anil Rao', billed: 1000, received: 1700 },
      { key: bina.userId, label: 'Dr Bina Shah', billed: 500.5, received: 200.25 },
      { key: 'none', label: reportMessages.noDoctor, billed: 300, received: 300 },
    ]);
  });

  it('by location, and one location alone when asked', async () => {
    const byLocation = await get(clinic, 'get-collections', { ...week, by: 'location' });
    const mainName = byLocation.json().data.totals.groups[0].label;
    expect(byLocation.json().data.totals.groups).toEqual([
      { key: clinic.locationId, label: mainName, billed: 1500.5, received: 1900.25 },
      { key: secondLocation, label: 'Zeta Road', billed: 300, received: 300 },
    ]);
    const roadOnly = await get(clinic, 'get-collections', { ...week, location_id: secondLocation });
    expect(roadOnly.json().data.totals).toEqual({ billed: 300, received: 300, groups: [] });
  });

  it('a doctor who works at one location sees only its money, and is refused another', async () => {
    const response = await get(anil, 'get-collections', week);
    expect(response.json().data.totals).toEqual({ billed: 1500.5, received: 1900.25, groups: [] });
    expect((await get(anil, 'get-collections', { ...week, location_id: secondLocation })).statusCode).toBe(
      403,
    );
  });

  it('another clinic’s location is not found; the front desk may not see reports', async () => {
    const response = await get(clinic, 'get-collections', { ...week, location_id: elsewhere.locationId });
    expect(response.statusCode).toBe(404);
    const desk = await addSignedInMember(t, clinic, { role: 'front_desk' });
    expect((await get(desk, 'get-collections', week)).statusCode).toBe(403);
  });

  it('a clinic in New York counts its days there', async () => {
    const response = await get(elsewhere, 'get-collections', { from: '2026-11-02', to: '2026-11-03' });
    expect(response.json().data.rows).toEqual([
      { period_start: '2026-11-02', billed: 250, received: 250, groups: [] },
      { period_start: '2026-11-03', billed: 0, received: 0, groups: [] },
    ]);
  });

  it('refuses a range that runs backwards', async () => {
    const response = await get(clinic, 'get-collections', { from: '2026-11-02', to: '2026-11-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(reportMessages.fromAfterTo);
  });
});

describe('dues and ageing: GET /api/reports/get-dues-ageing', () => {
  it('every patient who owes, largest first, by bill age at 30/31, 60/61 and 90/91 days', async () => {
    const response = await get(clinic, 'get-dues-ageing', {});
    expect(response.statusCode).toBe(200);
    const { results, pagination, totals } = response.json().data;
    expect(results.map((row: { patient_name: string }) => row.patient_name)).toEqual([
      'Kiran Shah',
      'Asha Verma',
      'Ravi Kumar',
    ]);
    expect(results[0]).toMatchObject({
      patient_id: people.kiran,
      mobile: '7000011004',
      location_id: clinic.locationId,
      days_0_30: 100,
      days_31_60: 600,
      days_61_90: 2400,
      days_91_plus: 3200,
      total: 6300,
      oldest_bill_date: '2026-08-03',
      last_payment_at: null,
      last_payment_amount: null,
      last_reminder_at: null,
    });
    expect(results[1]).toMatchObject({
      days_0_30: 0,
      days_91_plus: 800,
      total: 800,
      oldest_bill_date: '2026-07-15',
      last_payment_at: '2026-11-01T19:00:00.000Z',
      last_payment_amount: 600,
    });
    expect(results[2]).toMatchObject({ days_0_30: 300.25, total: 300.25, last_payment_amount: 200.25 });
    expect(pagination).toEqual({ total: 3, page: 1, limit: 50 });
    expect(totals).toEqual({
      days_0_30: 400.25,
      days_31_60: 600,
      days_61_90: 2400,
      days_91_plus: 4000,
      total: 7400.25,
      patients: 3,
    });
  });

  it('searches by the start of a name or a mobile number; a page keeps the whole report’s totals', async () => {
    const byName = await get(clinic, 'get-dues-ageing', { query: 'ASHA' });
    expect(byName.json().data.results.map((row: { patient_id: string }) => row.patient_id)).toEqual([
      people.asha,
    ]);
    const byMobile = await get(clinic, 'get-dues-ageing', { query: '7000' });
    expect(byMobile.json().data.results.map((row: { patient_id: string }) => row.patient_id)).toEqual([
      people.kiran,
    ]);
    const secondPage = await get(clinic, 'get-dues-ageing', { limit: '2', page: '2' });
    expect(secondPage.json().data.results.map((row: { patient_id: string }) => row.patient_id)).toEqual([
      people.ravi,
    ]);
    expect(secondPage.json().data.totals.total).toBe(7400.25);
  });

  it('reminds a patient once a day of what they owe, in the outbox and the audit trail', async () => {
    const body = { patientId: people.ravi, locationId: clinic.locationId };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/reports/send-dues-reminder',
      headers: clinic.headers,
      payload: body,
    });
    expect(sent.statusCode).toBe(201);
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, clinic.partnerId));
    const clinicName = partner?.name as string;
    expect(sent.json().data).toMatchObject({
      recipient: '9822011002',
      status: 'recorded',
      body: reportMessages.duesReminder({ patientName: 'Ravi Kumar', clinicName, amount: '₹300.25' }),
    });
    const [row] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.reference_id, people.ravi));
    expect(row?.template_message).toEqual({
      template: 'dues_reminder',
      bodyParameters: ['Ravi Kumar', clinicName, '₹300.25'],
    });
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.record_type, 'message'), eq(auditEvents.patient_id, people.ravi)));
    expect(audited).toMatchObject([{ action: 'sent', record_id: row?.id, location_id: clinic.locationId }]);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/reports/send-dues-reminder',
      headers: clinic.headers,
      payload: body,
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(reportMessages.reminderSentToday);
    const dues = await get(clinic, 'get-dues-ageing', { query: 'Ravi' });
    expect(dues.json().data.results[0].last_reminder_at).toBe(row?.created_at.toISOString());
  });

  it('409 when the patient owes nothing there, 404 for another clinic’s patient', async () => {
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reports/send-dues-reminder',
        headers: clinic.headers,
        payload,
      });
    const paidUp = await send({ patientId: people.meena, locationId: secondLocation });
    expect(paidUp.statusCode).toBe(409);
    expect(paidUp.json().message).toBe(reportMessages.noDues);
    const [stranger] = await t.database.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.partner_id, elsewhere.partnerId));
    expect((await send({ patientId: stranger?.id, locationId: clinic.locationId })).statusCode).toBe(404);
  });
});

describe('patients and visits: GET /api/reports/get-visits', () => {
  it('visits per day, new and returning, online and desk, no-shows and cancellations', async () => {
    const response = await get(clinic, 'get-visits', week);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const empty = {
      visits: 0,
      new_patients: 0,
      returning_patients: 0,
      online: 0,
      desk: 0,
      no_shows: 0,
      cancelled: 0,
    };
    expect(data.days).toEqual([
      { date: '2026-10-26', ...empty, visits: 2, new_patients: 1, returning_patients: 1, online: 1, desk: 1 },
      { date: '2026-10-27', ...empty, visits: 1, returning_patients: 1, online: 1, desk: 1, no_shows: 1 },
      {
        date: '2026-10-28',
        ...empty,
        visits: 2,
        new_patients: 1,
        returning_patients: 1,
        desk: 2,
        cancelled: 1,
      },
      { date: '2026-10-29', ...empty },
      { date: '2026-10-30', ...empty },
      { date: '2026-10-31', ...empty },
      { date: '2026-11-01', ...empty, visits: 2, new_patients: 1, returning_patients: 1, desk: 2 },
      { date: '2026-11-02', ...empty },
    ]);
    expect(data.totals).toEqual({
      visits: 7,
      new_patients: 3,
      returning_patients: 4,
      online: 2,
      desk: 6,
      no_shows: 1,
      cancelled: 1,
      no_show_rate: 0.125,
    });
  });

  it('waits and consultations: average and 90th percentile in minutes; the busiest hours in Kolkata', async () => {
    const data = (await get(clinic, 'get-visits', week)).json().data;
    // Waits 10, 35, 30, 10, 5, 40; consultations 15, 10, 30, 5, 15, 5, 10.
    expect(data.wait).toEqual({ count: 6, average_minutes: 21.7, p90_minutes: 37.5 });
    expect(data.consultation).toEqual({ count: 7, average_minutes: 12.9, p90_minutes: 21 });
    expect(data.busiest_hours).toEqual([
      { weekday: 0, hour: 9, visits: 2 },
      { weekday: 1, hour: 14, visits: 1 },
      { weekday: 2, hour: 9, visits: 1 },
      { weekday: 2, hour: 12, visits: 1 },
      { weekday: 6, hour: 11, visits: 1 },
      { weekday: 6, hour: 17, visits: 1 },
    ]);
  });

  it('a doctor of one location sees its visits only; a range without any has no rate', async () => {
    const mine = (await get(anil, 'get-visits', week)).json().data;
    expect(mine.totals).toMatchObject({ visits: 6, new_patients: 2, no_shows: 1 });
    const quiet = (await get(clinic, 'get-visits', { from: '2026-10-29', to: '2026-10-31' })).json().data;
    expect(quiet.totals.no_show_rate).toBeNull();
    expect(quiet.wait).toEqual({ count: 0, average_minutes: null, p90_minutes: null });
    expect(quiet.busiest_hours).toEqual([]);
  });
});

describe('treatments and medicines: GET /api/reports/get-treatments', () => {
  it('the most billed treatments by revenue, named as last billed, and the most prescribed medicines', async () => {
    const response = await get(clinic, 'get-treatments', week);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...week,
      treatments: [
        { name: 'Root Canal (RCT)', quantity: 2, bills: 2, revenue: 1300 },
        { name: 'Consultation', quantity: 1, bills: 1, revenue: 400.5 },
      ],
      medicines: [
        { name: 'Paracetamol', prescriptions: 3 },
        { name: 'amoxicillin', prescriptions: 2 },
        { name: 'Cetirizine', prescriptions: 1 },
      ],
    });
  });

  it('a doctor of one location sees its bills and prescriptions only', async () => {
    const data = (await get(anil, 'get-treatments', week)).json().data;
    expect(data.treatments).toEqual([
      { name: 'Root canal', quantity: 1, bills: 1, revenue: 1000 },
      { name: 'Consultation', quantity: 1, bills: 1, revenue: 400.5 },
    ]);
    expect(data.medicines).toEqual([
      { name: 'Paracetamol', prescriptions: 2 },
      { name: 'Amoxicillin', prescriptions: 1 },
      { name: 'Cetirizine', prescriptions: 1 },
    ]);
  });
});
