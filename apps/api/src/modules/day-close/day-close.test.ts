import { rupeesText } from '@vaidya/contract/bills';
import { type DaySummary, dayCloseMessages } from '@vaidya/contract/day-close';
import { permissions } from '@vaidya/contract/roles';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCaller } from '../../../test/bill-calls';
import {
  addSignedInMember,
  createSignedInPartner,
  type SignedInPartner,
  signIn,
} from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { auditEvents, dayCloses, locations, outboxMessages, users } from '../../db/schema';

// Closing a location's day (issue 24): the test clock stands at 10:00 in Kolkata on Monday
// 2 November 2026, and moves a day at a time.
const monday = '2026-11-02';
const tuesday = '2026-11-03';
const day = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: SignedInPartner;
let doctor: SignedInPartner;
let frontDesk: SignedInPartner;
let other: SignedInPartner;
let secondLocationId: string;
let mainName: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInPartner(t);
  other = await createSignedInPartner(t);
  const { db } = t.database;
  const [second] = await db
    .insert(locations)
    .values({ partner_id: owner.partnerId, location_name: 'Baner branch', contact_no: '9876543210' })
    .returning({ id: locations.id });
  secondLocationId = second?.id as string;
  const [main] = await db
    .select({ name: locations.location_name })
    .from(locations)
    .where(eq(locations.id, owner.locationId));
  mainName = main?.name as string;
  doctor = await addSignedInMember(t, owner, { role: 'doctor' });
  frontDesk = await addSignedInMember(t, owner, { role: 'front_desk' });
});
afterAll(async () => {
  await t.close();
});

const bill = billCaller(() => t);

/** The next day at the same hour, everyone signed in afresh (an id token lasts an hour). */
async function nextDay() {
  t.clock.advance(day);
  owner = await signIn(t, owner);
  doctor = await signIn(t, doctor);
  frontDesk = await signIn(t, frontDesk);
}

const reports = (who: SignedInPartner, method: 'GET' | 'POST', path: string, data: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/reports/${path}`,
    headers: who.headers,
    ...(method === 'GET' ? { query: data as Record<string, string> } : { payload: data }),
  });

async function summaryOf(date: string, locationId = owner.locationId, who = owner): Promise<DaySummary> {
  const response = await reports(who, 'GET', 'get-day-summary', { date, location_id: locationId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const closeDay = (body: Record<string, unknown>, who = owner) =>
  reports(who, 'POST', 'close-day', { locationId: owner.locationId, ...body });
const reopenDay = (body: Record<string, unknown>, who = owner) =>
  reports(who, 'POST', 'reopen-day', { locationId: owner.locationId, ...body });

interface BillAnswer {
  id: string;
  bill_number: string;
  patient_id: string;
  generated_date: string;
  location_id: string;
}

const billPayload = (
  price: number,
  paid: number,
  options: { locationId?: string; mobile?: string } = {},
) => ({
  locationId: options.locationId ?? owner.locationId,
  customerName: 'Meera Joshi',
  customerMobile: options.mobile ?? '9822044001',
  items: [{ name: 'Scaling', quantity: 1, unitPrice: price }],
  amountPaid: paid,
  paymentMode: 'cash',
});

async function addBill(
  price: number,
  paid: number,
  options: { locationId?: string; mobile?: string; mode?: string } = {},
): Promise<BillAnswer> {
  t.clock.advance(60_000);
  const response = await bill(owner, 'POST', 'add-bill', {
    ...billPayload(price, paid, options),
    paymentMode: options.mode ?? 'cash',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** A later payment of the bill, a second after whatever came before. */
function addPayment(billId: string, amount: number, paymentMode = 'cash') {
  t.clock.advance(1000);
  return bill(owner, 'POST', 'add-payment', { billId, amount, paymentMode });
}

const refusedAsClosed = (
  response: { statusCode: number; json(): unknown },
  date: string,
  location = mainName,
) => {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ code: 'CONFLICT', message: dayCloseMessages.dayClosed(date, location) });
};

/** Whatever the close answered but the messages it queued: the summary as closed. */
const withoutNotifications = ({
  notifications: _sent,
  ...summary
}: DaySummary & { notifications: unknown }) => summary;

describe('closing a day: /api/reports/get-day-summary, close-day, reopen-day', () => {
  let first: BillAnswer;
  let second: BillAnswer;
  let elsewhere: BillAnswer;
  let slotId: string;
  let closed: DaySummary & { notifications: { recipient: string; body: string; status: string }[] };

  it("sums Monday's money by mode, its bills and payments, and lists its open tokens", async () => {
    first = await addBill(1000, 400); // ₹600 due
    second = await addBill(500, 500, { mobile: '9822044002', mode: 'upi' });
    elsewhere = await addBill(300, 300, { locationId: secondLocationId, mobile: '9822044003' });
    expect((await addPayment(first.id, 100.5, 'card')).statusCode).toBe(200);
    // A deleted bill leaves every figure, with its payments.
    const deleted = await addBill(200, 200, { mobile: '9822044004' });
    expect((await bill(owner, 'DELETE', 'delete-bill', { id: deleted.id })).statusCode).toBe(200);

    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: owner.partnerId,
      locationId: owner.locationId,
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/book-slot',
      headers: owner.headers,
      payload: {
        queueId,
        date: monday,
        startTime: '17:00',
        customerName: 'Kiran Rao',
        customerMobile: '9822044005',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    slotId = booked.json().data.id;

    const summary = await summaryOf(monday);
    expect(summary).toMatchObject({
      date: monday,
      location_id: owner.locationId,
      location_name: mainName,
      status: 'open',
      closed: null,
      reopened: null,
      collections: [
        { mode: 'cash', amount: 400 },
        { mode: 'upi', amount: 500 },
        { mode: 'card', amount: 100.5 },
      ],
      total_received: 1000.5,
      total_billed: 1500,
    });
    expect(summary.open_tokens).toEqual([
      {
        slot_id: slotId,
        token_number: 1,
        queue_id: queueId,
        queue_name: 'Dr Rao — OPD',
        patient_name: 'Kiran Rao',
        mobile: '9822044005',
        start_time: '17:00',
        status: 'booked',
      },
    ]);
    expect(summary.bills).toEqual([
      {
        id: first.id,
        bill_number: first.bill_number,
        patient_id: first.patient_id,
        customer_name: 'Meera Joshi',
        final_amount: 1000,
        paid_on_day: 500.5,
        balance: 499.5,
      },
      expect.objectContaining({ id: second.id, final_amount: 500, paid_on_day: 500, balance: 0 }),
    ]);
    expect(summary.payments.map((payment) => [payment.bill_id, payment.amount, payment.mode])).toEqual([
      [first.id, 400, 'cash'],
      [second.id, 500, 'upi'],
      [first.id, 100.5, 'card'],
    ]);
    expect(summary.payments[0]).toMatchObject({
      bill_number: first.bill_number,
      bill_date: monday,
      receipt_id: null,
    });

    const baner = await summaryOf(monday, secondLocationId);
    expect(baner.total_received).toBe(300);
    expect(baner.bills.map((row) => row.id)).toEqual([elsewhere.id]);
  });

  it('refuses a day not yet begun, and a day with a token still open', async () => {
    const future = await closeDay({ date: tuesday, cashCounted: 0 });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toEqual({ code: 'BUSINESS_RULE', message: dayCloseMessages.futureDay });

    const open = await closeDay({ date: monday, cashCounted: 400 });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({ code: 'CONFLICT', message: dayCloseMessages.openTokens(1) });
    expect(await t.database.db.select().from(dayCloses)).toEqual([]);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/cancel-token-by-admin',
      headers: owner.headers,
      query: { slot_id: slotId },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await summaryOf(monday)).open_tokens).toEqual([]);
  });

  it('asks for a note when the cash counted differs from the cash received', async () => {
    const withoutNote = await closeDay({ date: monday, cashCounted: 350 });
    expect(withoutNote.statusCode).toBe(400);
    expect(withoutNote.json()).toEqual({ code: 'VALIDATION_FAILED', message: dayCloseMessages.noteRequired });
    const blankNote = await closeDay({ date: monday, cashCounted: 350, note: '   ' });
    expect(blankNote.statusCode).toBe(400);
  });

  it('closes the day, tells each active owner on WhatsApp and by email, and audits it', async () => {
    const { db } = t.database;
    await db.update(users).set({ phone_number: '+919822000001' }).where(eq(users.id, owner.userId));
    const secondOwner = await addSignedInMember(t, owner, { role: 'owner' });
    const formerOwner = await addSignedInMember(t, owner, {
      role: 'owner',
      values: { phone_number: '+919822000002', disabled_at: new Date() },
    });
    await db.update(users).set({ phone_number: '+919822000003' }).where(eq(users.id, doctor.userId));

    const response = await closeDay({ date: monday, cashCounted: 350, note: 'Change given from the drawer' });
    expect(response.statusCode, response.body).toBe(200);
    closed = response.json().data;
    expect(closed).toMatchObject({
      status: 'closed',
      reopened: null,
      total_received: 1000.5,
      closed: {
        closed_by_name: expect.stringMatching(/^Dr\. Test/),
        cash_counted: 350,
        cash_expected: 400,
        difference: -50,
        note: 'Change given from the drawer',
      },
    });
    const words = { location: mainName, date: '02/11/2026', received: '₹1,000.50', difference: '-₹50.00' };
    expect(rupeesText.format(-50)).toBe(words.difference);
    expect(closed.notifications).toEqual([
      expect.objectContaining({
        recipient: '9822000001',
        status: 'waiting',
        body: dayCloseMessages.summaryMessage(words),
      }),
    ]);
    expect(withoutNotifications(closed)).toEqual(await summaryOf(monday));

    const [row] = await db.select().from(dayCloses);
    const whatsapp = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'whatsapp'), eq(outboxMessages.reference_id, row?.id as string)));
    expect(whatsapp.map((message) => [message.recipient, message.template_message])).toEqual([
      [
        '9822000001',
        { template: 'day_summary', bodyParameters: [mainName, '02/11/2026', '₹1,000.50', '-₹50.00'] },
      ],
    ]);
    const emails = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.partner_id, owner.partnerId)));
    expect(emails.map((email) => email.recipient).sort()).toEqual([owner.email, secondOwner.email].sort());
    expect(emails.map((email) => email.recipient)).not.toContain(formerOwner.email);
    expect(emails[0]?.subject).toBe(dayCloseMessages.summaryEmail.subject(words));
    expect(emails[0]?.body).toContain('Note: Change given from the drawer');

    expect(
      await db
        .select({
          action: auditEvents.action,
          recordId: auditEvents.record_id,
          locationId: auditEvents.location_id,
        })
        .from(auditEvents)
        .where(eq(auditEvents.record_type, 'day')),
    ).toEqual([{ action: 'closed', recordId: row?.id, locationId: owner.locationId }]);

    const again = await closeDay({ date: monday, cashCounted: 400 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: dayCloseMessages.alreadyClosed });
  });

  it('freezes the bills and payments of the closed day at that location only', async () => {
    refusedAsClosed(await bill(owner, 'POST', 'add-bill', billPayload(250, 0)), '02/11/2026');
    refusedAsClosed(await addPayment(first.id, 50), '02/11/2026');
    refusedAsClosed(
      await bill(owner, 'POST', 'record-dues-payment', {
        locationId: owner.locationId,
        customerMobile: '9822044001',
        amount: 50,
      }),
      '02/11/2026',
    );
    refusedAsClosed(
      await bill(owner, 'PUT', 'edit-bill', { ...billPayload(1200, 500.5), id: first.id }),
      '02/11/2026',
    );
    refusedAsClosed(await bill(owner, 'DELETE', 'delete-bill', { id: second.id }), '02/11/2026');
    // A bill of the other location's open day may not move into the closed one.
    refusedAsClosed(
      await bill(owner, 'PUT', 'edit-bill', {
        ...billPayload(300, 300, { mobile: '9822044003' }),
        id: elsewhere.id,
      }),
      '02/11/2026',
    );

    // The other location's day is open.
    await addBill(250, 100, { locationId: secondLocationId, mobile: '9822044006' });
    expect((await summaryOf(monday, secondLocationId)).total_received).toBe(400);
    expect(await summaryOf(monday)).toEqual(withoutNotifications(closed));
  });

  it("takes Tuesday's payment against Monday's bill, counted on Tuesday", async () => {
    await nextDay();
    const paid = await addPayment(first.id, 99.5, 'upi');
    expect(paid.statusCode, paid.body).toBe(200);
    t.clock.advance(1000);
    const dues = await bill(owner, 'POST', 'record-dues-payment', {
      locationId: owner.locationId,
      customerMobile: '9822044001',
      amount: 100,
    });
    expect(dues.statusCode, dues.body).toBe(201);

    const today = await summaryOf(tuesday);
    expect(today.bills).toEqual([]);
    expect(today.total_received).toBe(199.5);
    expect(today.payments.map((payment) => [payment.bill_id, payment.bill_date, payment.amount])).toEqual([
      [first.id, monday, 99.5],
      [first.id, monday, 100],
    ]);
    expect(today.payments[1]?.receipt_id).toBe(dues.json().data.id);
    // Monday stands as closed; its bill's balance is what is owed now.
    const closedMonday = await summaryOf(monday);
    expect(closedMonday.total_received).toBe(closed.total_received);
    expect(closedMonday.bills[0]?.balance).toBe(300);
    // Still its own date: the bill of the closed day is not edited.
    refusedAsClosed(
      await bill(owner, 'PUT', 'edit-bill', { ...billPayload(1000, 700.5), id: first.id }),
      '02/11/2026',
    );
  });

  it('lets only an owner reopen a day, then its bills change again, and closes it anew', async () => {
    // Tuesday, with a payment against Monday's bill, is closed first.
    const tuesdayClosed = await closeDay({ date: tuesday, cashCounted: 100 });
    expect(tuesdayClosed.statusCode, tuesdayClosed.body).toBe(200);

    for (const member of [doctor, frontDesk]) {
      const refused = await reopenDay({ date: monday }, member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'ROLE_FORBIDDEN', message: permissions.dayReopen.refusal });
    }
    const reopened = await reopenDay({ date: monday });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({
      status: 'open',
      closed: null,
      reopened: { reopened_by_name: expect.stringMatching(/^Dr\. Test/) },
    });
    const twice = await reopenDay({ date: monday });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'CONFLICT', message: dayCloseMessages.notClosed });

    // Monday's first bill was paid on Tuesday too, which is closed.
    refusedAsClosed(
      await bill(owner, 'PUT', 'edit-bill', { ...billPayload(1000, 700.5), id: first.id }),
      '03/11/2026',
    );
    // Monday's second bill was paid on Monday only: it may go.
    expect((await bill(owner, 'DELETE', 'delete-bill', { id: second.id })).statusCode).toBe(200);

    const again = await closeDay({ date: monday, cashCounted: 400 });
    expect(again.statusCode, again.body).toBe(200);
    const reclosed = again.json().data;
    expect(reclosed).toMatchObject({
      status: 'closed',
      reopened: null,
      total_received: 500.5,
      total_billed: 1000,
      closed: { cash_counted: 400, cash_expected: 400, difference: 0, note: null },
    });
    expect(withoutNotifications(reclosed)).toEqual(await summaryOf(monday));
    expect(await t.database.db.select({ id: dayCloses.id }).from(dayCloses)).toHaveLength(2);

    const acts = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.record_type, 'day'))
      .orderBy(asc(auditEvents.at));
    expect(acts.map((act) => act.action)).toEqual(['closed', 'closed', 'reopened', 'closed']);
  });

  it("answers 404 for another clinic's location and 403 for a location the caller does not work at", async () => {
    for (const response of [
      await reports(owner, 'GET', 'get-day-summary', { date: monday, location_id: other.locationId }),
      await closeDay({ date: monday, locationId: other.locationId, cashCounted: 0 }),
      await reopenDay({ date: monday, locationId: other.locationId }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const baner = await reports(frontDesk, 'GET', 'get-day-summary', {
      date: monday,
      location_id: secondLocationId,
    });
    expect(baner.statusCode).toBe(403);
    expect((await summaryOf(monday, owner.locationId, frontDesk)).status).toBe('closed');
  });
});

describe.runIf(testEngine() === 'postgres')('a payment racing the close of its day (PostgreSQL)', () => {
  it('either lands before the close reads the figures or is refused: the closed summary stands', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [place] = await t.database.db
        .insert(locations)
        .values({ partner_id: owner.partnerId, location_name: `Race ${round}`, contact_no: '9876543210' })
        .returning({ id: locations.id });
      const locationId = place?.id as string;
      const owed = await addBill(5000, 0, { locationId, mobile: '9822055001' });
      const date = owed.generated_date;
      const payments = Array.from({ length: 6 }, () => addPayment(owed.id, 10));
      const close = reports(owner, 'POST', 'close-day', {
        date,
        locationId,
        cashCounted: 0,
        note: 'Counted while paying',
      });
      const [closing, ...paid] = await Promise.all([close, ...payments]);
      expect(closing.statusCode, closing.body).toBe(200);
      const landed = paid.filter((response) => response.statusCode === 200).length;
      for (const response of paid) expect([200, 409]).toContain(response.statusCode);

      const closedSummary = withoutNotifications(closing.json().data);
      expect(closedSummary.total_received).toBe(10 * landed);
      expect(closedSummary.closed?.cash_expected).toBe(10 * landed);
      expect(await summaryOf(date, locationId)).toEqual(closedSummary);
    }
  });
});
