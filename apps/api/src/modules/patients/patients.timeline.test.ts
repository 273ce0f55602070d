import { patientTimelineMessages, type TimelineItem } from '@vaidya/contract/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookVisit } from '../../../test/booking-fixtures';
import { countQueries } from '../../../test/count-queries';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { outboxMessages } from '../../db/schema';

// A patient's timeline (issue 21): everything that happened to them at the clinic, newest
// first, a page at a time, in a fixed number of queries however long their history.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const mobile = '9822011001';
const name = 'Asha Verma';

const post = (clinic: SignedInPartner, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: clinic.headers, payload });
const getTimeline = (clinic: SignedInPartner, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/patient/get-timeline', headers: clinic.headers, query });

/** The whole answer of a timeline call; fails the test when it is refused. */
async function timelineOf(clinic: SignedInPartner, query: Record<string, string>) {
  const response = await getTimeline(clinic, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { results: TimelineItem[]; next_before: string | null };
}

/** The id of the clinic's patient on `mobile`. */
async function patientIdOf(clinic: SignedInPartner) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/patient/get-patients',
    headers: clinic.headers,
    query: { query: mobile },
  });
  return response.json().data.results[0].id as string;
}

/** A minute later: each document below gets a moment of its own. */
const aMinuteLater = () => t.clock.advance(60_000);

async function prescribe(clinic: SignedInPartner) {
  aMinuteLater();
  const response = await post(clinic, '/api/consultation-form/add-consultation-form', {
    customerName: name,
    customerMobile: mobile,
    diagnoses: [{ diagnosis_name: 'Irreversible pulpitis' }],
    products: [{ product_name: 'Amoxicillin 500' }, { product_name: 'Ibuprofen 400' }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A bill of one line at `price`, `paid` of it paid in cash with it. */
async function bill(clinic: SignedInPartner, price: number, paid: number) {
  aMinuteLater();
  const response = await post(clinic, '/api/bill/add-bill', {
    locationId: clinic.locationId,
    customerName: name,
    customerMobile: mobile,
    items: [{ name: 'Root canal sitting', quantity: 1, unitPrice: price }],
    amountPaid: paid,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; bill_number: string };
}

async function recordPayment(clinic: SignedInPartner, amount: number) {
  aMinuteLater();
  const response = await post(clinic, '/api/bill/record-dues-payment', {
    locationId: clinic.locationId,
    customerMobile: mobile,
    amount,
    paymentMode: 'upi',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A WhatsApp message about a bill, as the outbox keeps it once WhatsApp accepted it. */
async function billMessage(clinic: SignedInPartner, billId: string) {
  aMinuteLater();
  const [row] = await t.database.db
    .insert(outboxMessages)
    .values({
      partner_id: clinic.partnerId,
      location_id: clinic.locationId,
      channel: 'whatsapp',
      recipient: mobile,
      body: 'Your bill',
      status: 'sent',
      reference_id: billId,
      template_message: { template: 'bill', bodyParameters: [name], linkSuffix: billId },
      created_at: t.clock.now(),
    })
    .returning({ id: outboxMessages.id });
  return row?.id;
}

/**
 * A clinic whose patient has one of everything: a booking for tomorrow, a prescription, a bill
 * part paid at the desk, a payment through Record payment and a WhatsApp message of the bill.
 */
async function patientWithHistory() {
  const clinic = await createSignedInPartner(t);
  const bookingId = await bookVisit(t, clinic, { mobile });
  const patientId = await patientIdOf(clinic);
  const prescriptionId = await prescribe(clinic);
  const billed = await bill(clinic, 1000, 400);
  const billedAt = t.clock.now().toISOString();
  const receiptId = await recordPayment(clinic, 100);
  const messageId = await billMessage(clinic, billed.id);
  return { clinic, patientId, bookingId, prescriptionId, billed, billedAt, receiptId, messageId };
}

describe('a patient’s timeline: GET /api/patient/get-timeline', () => {
  it('answers each kind of item with what the patient page shows of it, newest first', async () => {
    const history = await patientWithHistory();
    const { results, next_before } = await timelineOf(history.clinic, { patient_id: history.patientId });
    expect(next_before).toBeNull();
    const now = t.clock.now().getTime();
    expect(results).toEqual([
      {
        type: 'booking',
        id: history.bookingId,
        // Tomorrow 10:00 in the clinic's time zone (Asia/Kolkata): a booking ahead stands first.
        at: '2026-11-03T04:30:00.000Z',
        date: '2026-11-03',
        start_time: '10:00',
        token_number: expect.any(Number),
        queue_name: 'Dr Rao — OPD',
        status: 'booked',
      },
      {
        type: 'message',
        id: history.messageId,
        at: new Date(now).toISOString(),
        channel: 'whatsapp',
        template: 'bill',
        status: 'sent',
        reference_id: history.billed.id,
      },
      {
        type: 'payment',
        id: history.receiptId,
        at: new Date(now - 60_000).toISOString(),
        amount: 100,
        mode: 'upi',
        bill: null,
        receipt_id: history.receiptId,
      },
      // The bill and the payment made with it share their moment.
      expect.objectContaining({ type: expect.stringMatching(/^(bill|payment)$/), at: history.billedAt }),
      expect.objectContaining({ type: expect.stringMatching(/^(bill|payment)$/), at: history.billedAt }),
      {
        type: 'prescription',
        id: history.prescriptionId,
        at: new Date(now - 180_000).toISOString(),
        date: '2026-11-02',
        diagnoses: ['Irreversible pulpitis'],
        medicines: 2,
      },
    ]);
    const billItem = results.find((item) => item.type === 'bill');
    expect(billItem).toEqual({
      type: 'bill',
      id: history.billed.id,
      at: history.billedAt,
      date: '2026-11-02',
      bill_number: history.billed.bill_number,
      total: 1000,
      // 400 paid at the desk, 100 through Record payment.
      balance: 500,
    });
    const paidWithBill = results.find((item) => item.type === 'payment' && item.bill !== null);
    expect(paidWithBill).toEqual({
      type: 'payment',
      id: expect.any(String),
      at: history.billedAt,
      amount: 400,
      mode: 'cash',
      bill: { id: history.billed.id, bill_number: history.billed.bill_number },
      receipt_id: null,
    });
  });

  it('pages by before and next_before through every item once, never splitting a moment', async () => {
    const history = await patientWithHistory();
    const everything = (await timelineOf(history.clinic, { patient_id: history.patientId })).results;
    const paged: TimelineItem[] = [];
    const pageSizes: number[] = [];
    let before: string | null | undefined;
    do {
      const page = await timelineOf(history.clinic, {
        patient_id: history.patientId,
        limit: '2',
        ...(before ? { before } : {}),
      });
      paged.push(...page.results);
      pageSizes.push(page.results.length);
      before = page.next_before;
    } while (before);
    expect(paged).toEqual(everything);
    // The bill and its payment share a moment: the page ending on it takes both.
    expect(pageSizes).toEqual([2, 3, 1]);

    const older = await timelineOf(history.clinic, {
      patient_id: history.patientId,
      before: history.billedAt,
    });
    expect(older.results.map((item) => item.type)).toEqual(['prescription']);
    expect(older.next_before).toBeNull();
  });

  it('answers 404 for another clinic’s patient and 400 for a before that is no moment', async () => {
    const history = await patientWithHistory();
    const other = await createSignedInPartner(t);
    const foreign = await getTimeline(other, { patient_id: history.patientId });
    expect(foreign.statusCode).toBe(404);
    const badBefore = await getTimeline(history.clinic, {
      patient_id: history.patientId,
      before: 'yesterday',
    });
    expect(badBefore.statusCode).toBe(400);
    expect(badBefore.json().message).toBe(patientTimelineMessages.invalidBefore);
  });

  it('runs the same number of queries however long the history (no query per item)', async () => {
    const history = await patientWithHistory();
    const query = { patient_id: history.patientId, limit: '100' };
    let shortLength = 0;
    const shortHistory = await countQueries(t.database.db, async () => {
      shortLength = (await timelineOf(history.clinic, query)).results.length;
    });
    for (let visit = 0; visit < 5; visit += 1) {
      await prescribe(history.clinic);
      const billed = await bill(history.clinic, 500, 200);
      await billMessage(history.clinic, billed.id);
    }
    let longLength = 0;
    const longHistory = await countQueries(t.database.db, async () => {
      longLength = (await timelineOf(history.clinic, query)).results.length;
    });
    expect(longLength).toBe(shortLength + 20);
    expect(longHistory).toBe(shortHistory);
    // The patient's check and the page itself, and no more than the sign-in's own reads.
    expect(longHistory).toBeGreaterThanOrEqual(2);
    expect(longHistory).toBeLessThanOrEqual(4);
  });
});
