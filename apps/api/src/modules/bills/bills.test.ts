import { billMessages } from '@vaidya/contract/bills';
import { whatsAppSendMessages } from '@vaidya/contract/documents';
import { moneyMessages } from '@vaidya/contract/money';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCaller } from '../../../test/bill-calls';
import { bookVisit } from '../../../test/booking-fixtures';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import type { WhatsAppDelivery, WhatsAppTemplateMessage } from '../../adapters/messaging/whatsapp';
import {
  billAudit,
  billPayments,
  bills,
  locations,
  outboxMessages,
  partners,
  products,
  treatments,
} from '../../db/schema';
import { billNumberOf, billPrefixOf } from './bill-numbers';

// The test clock starts at 2026-11-02T04:30Z: Monday 2 November, 10:00 in India.
let deliver: (message: WhatsAppTemplateMessage) => Promise<WhatsAppDelivery>;
const recordOnly = async (): Promise<WhatsAppDelivery> => ({ status: 'recorded' });
const handed: WhatsAppTemplateMessage[] = [];

let t: TestApp;
let a: SignedInPartner;
let b: SignedInPartner;
let treatmentId: string;
let productId: string;
beforeAll(async () => {
  deliver = recordOnly;
  t = await createTestApp({
    whatsapp: {
      send: (message) => {
        handed.push(message);
        return deliver(message);
      },
    },
  });
  ({ a, b } = await createTwoPartners(t));
  await t.database.db
    .update(partners)
    .set({ name: 'Sushrut Dental Clinic', speciality_type: 'DENTIST' })
    .where(eq(partners.id, a.partnerId));
  await t.database.db
    .update(locations)
    .set({ location_name: 'Kothrud Clinic', address: '12, Karve Road, Pune' })
    .where(eq(locations.id, a.locationId));
  const [treatment] = await t.database.db
    .insert(treatments)
    .values({ partner_id: a.partnerId, treatment_name: 'Scaling', price: '1500' })
    .returning();
  const [product] = await t.database.db
    .insert(products)
    .values({ partner_id: a.partnerId, product_name: 'Chlorhexidine mouthwash' })
    .returning();
  treatmentId = treatment?.id as string;
  productId = product?.id as string;
});
afterAll(async () => {
  await t.close();
});

const bill = (clinic: SignedInPartner, changes: Record<string, unknown> = {}) => ({
  locationId: clinic.locationId,
  customerName: 'Asha Verma',
  customerMobile: '98220 11001',
  items: [{ name: 'Consultation', quantity: 1, unitPrice: 500 }],
  ...changes,
});

const call = billCaller(() => t);
const addBill = (clinic: SignedInPartner, changes: Record<string, unknown> = {}) =>
  call(clinic, 'POST', 'add-bill', bill(clinic, changes));
const auditOf = (billId: string) =>
  t.database.db
    .select({ action: billAudit.action, snapshot: billAudit.snapshot })
    .from(billAudit)
    .where(eq(billAudit.bill_id, billId))
    .orderBy(asc(billAudit.changed_at));

describe('bill numbers', () => {
  it('start with the clinic’s initials, letters only, cut short to stay within 16 characters', () => {
    expect(billPrefixOf('Sushrut Dental Clinic')).toBe('SDC');
    expect(billPrefixOf('Dr. Mehta’s 24x7 Care & Cure Centre, Pune')).toBe('DMSX');
    expect(billPrefixOf('डॉ. क्लिनिक')).toBe('B');
    expect(billNumberOf('Sushrut Dental Clinic', '2026-27', 42)).toBe('SDC/2026-27/0042');
    expect(billNumberOf('Sushrut Dental Clinic', '2026-27', 123_456)).toBe('S/2026-27/123456');
    expect(billNumberOf('Sushrut Dental Clinic', '2026-27', 1_234_567)).toBe('2026-27/1234567');
    for (const sequence of [1, 99_999, 100_000, 9_999_999]) {
      expect(billNumberOf('Amrita Bharati Clinic', '2026-27', sequence)).toMatch(/^[A-Z0-9/-]{1,16}$/);
    }
  });
});

describe('adding a bill: POST /api/bill/add-bill', () => {
  it('copies the lines as sent, computes the figures, numbers and dates it, and audits it', async () => {
    const response = await addBill(a, {
      items: [
        { treatmentId, name: 'Scaling', quantity: 1, unitPrice: 1500 },
        { productId, name: 'Chlorhexidine mouthwash', quantity: 2, unitPrice: 120.5, taxPercentage: 12 },
      ],
      discount: 141,
      amountPaid: 1000,
      paymentMode: 'upi',
    });
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe(billMessages.added);
    expect(data).toMatchObject({
      bill_number: 'SDC/2026-27/0001',
      location_id: a.locationId,
      slot_id: null,
      customer_name: 'Asha Verma',
      customer_mobile: '9822011001',
      generated_date: '2026-11-02',
      subtotal: 1741,
      discount: 141,
      // 241 of 1741 carry 12%: their share of the discount is 19.52, so 221.48 × 12% = 26.58.
      tax: 26.58,
      final_amount: 1626.58,
      amount_paid: 1000,
      balance: 626.58,
      payments: [{ amount: 1000, payment_mode: 'upi', paid_at: '2026-11-02T04:30:00.000Z' }],
    });
    expect(data.items).toMatchObject([
      {
        treatment_id: treatmentId,
        product_id: null,
        name: 'Scaling',
        quantity: 1,
        unit_price: 1500,
        amount: 1500,
      },
      { product_id: productId, quantity: 2, unit_price: 120.5, tax_percentage: 12, amount: 241, tax: 26.58 },
    ]);
    expect(data.items[0].discount + data.items[1].discount).toBe(141);
    const registry = await t.app.inject({
      method: 'GET',
      url: '/api/patient/get-patients',
      query: { query: '9822011001' },
      headers: a.headers,
    });
    expect(registry.json().data.results.map((patient: { id: string }) => patient.id)).toEqual([
      data.patient_id,
    ]);
    const listed = await call(a, 'GET', 'get-bills', { location_id: a.locationId });
    expect(listed.json().data.bills[0]).toMatchObject({ id: data.id, patient_id: data.patient_id });
    const audits = await auditOf(data.id);
    expect(audits).toEqual([{ action: 'created', snapshot: data }]);
  });

  it('refuses a discount above the subtotal and more paid than the bill and the earlier balance', async () => {
    const discount = await addBill(a, { discount: 501, customerMobile: '9000000001' });
    expect(discount.statusCode).toBe(400);
    expect(discount.json().message).toBe(billMessages.discountTooLarge);
    const paid = await addBill(a, { amountPaid: 500.01, customerMobile: '9000000001' });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe(billMessages.paidTooMuch);
  });

  it('answers the contract’s words for a bad payload', async () => {
    const noItems = await addBill(a, { items: [] });
    expect(noItems.statusCode).toBe(400);
    expect(noItems.json().message).toBe(billMessages.noItems);
    const both = await addBill(a, {
      items: [{ treatmentId, productId, name: 'X', quantity: 1, unitPrice: 1 }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(billMessages.oneSourcePerLine);
    const cents = await addBill(a, { items: [{ name: 'X', quantity: 1, unitPrice: 1.005 }] });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().message).toBe(moneyMessages.tooManyDecimals('Unit price'));
  });

  it('bills a booking once: a second live bill is 409, the booking finds its bill', async () => {
    const slotId = await bookVisit(t, a, { mobile: '9822011002' });
    expect((await call(a, 'GET', 'get-by-slot-id', { slot_id: slotId })).json()).toEqual({ data: null });
    const first = await addBill(a, { slotId, customerMobile: '9822011002' });
    expect(first.statusCode).toBe(201);
    const second = await addBill(a, { slotId, customerMobile: '9822011002' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(billMessages.slotHasBill);
    const found = (await call(a, 'GET', 'get-by-slot-id', { slot_id: slotId })).json().data;
    expect(found.id).toBe(first.json().data.id);

    // Deleted, the booking may be billed again.
    expect((await call(a, 'DELETE', 'delete-bill', { id: found.id })).statusCode).toBe(200);
    expect((await addBill(a, { slotId, customerMobile: '9822011002' })).statusCode).toBe(201);
  });
});

describe('numbering per financial year', () => {
  it('runs on consecutively and starts again at 1 on 1 April in the clinic’s time zone', async () => {
    t.clock.set(new Date('2027-03-31T18:00:00Z')); // 23:30 on 31 March in India
    try {
      const clinic = await createSignedInPartner(t, { name: 'Amrita Eye Care' });
      const numberOf = async () => (await addBill(clinic)).json().data.bill_number;
      expect(await numberOf()).toBe('AEC/2026-27/0001');
      expect(await numberOf()).toBe('AEC/2026-27/0002');
      t.clock.set(new Date('2027-03-31T18:30:00Z')); // midnight: 1 April in India
      const april = (await addBill(clinic)).json().data;
      expect(april).toMatchObject({ bill_number: 'AEC/2027-28/0001', generated_date: '2027-04-01' });
      expect(await numberOf()).toBe('AEC/2027-28/0002');
    } finally {
      t.clock.set(new Date('2026-11-02T04:30:00Z'));
    }
  });

  it.skipIf(testEngine() !== 'postgres')(
    'gives simultaneous bills distinct consecutive numbers (PostgreSQL: requests side by side)',
    async () => {
      const clinic = await createSignedInPartner(t, { name: 'Parallel Care' });
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          addBill(clinic, { customerMobile: `90000100${String(index).padStart(2, '0')}` }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
      const numbers = responses.map((response) => response.json().data.bill_number).sort();
      expect(numbers).toEqual(
        Array.from({ length: 12 }, (_, index) => `PC/2026-27/${String(index + 1).padStart(4, '0')}`),
      );
    },
  );
});

describe('payments and balances', () => {
  const mobile = '9811100001';
  let older: string;
  let newer: string;

  it('records part payments up to the balance, and the patient’s pending amount across bills', async () => {
    older = (await addBill(a, { customerMobile: mobile, amountPaid: 100 })).json().data.id;
    t.clock.advance(60_000);
    newer = (
      await addBill(a, { customerMobile: mobile, items: [{ name: 'X-ray', quantity: 1, unitPrice: 300 }] })
    ).json().data.id;
    const part = await call(a, 'POST', 'add-payment', { billId: older, amount: 150, paymentMode: 'card' });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({
      message: billMessages.paymentRecorded,
      data: {
        amount_paid: 250,
        balance: 250,
        payments: [{ amount: 100 }, { amount: 150, payment_mode: 'card' }],
      },
    });
    const tooMuch = await call(a, 'POST', 'add-payment', { billId: older, amount: 250.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(billMessages.paymentTooLarge);

    const pending = await call(a, 'POST', 'get-pending-amount', {
      customer_mobile: mobile,
      location_id: a.locationId,
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.totalBalance).toBe(550);
    expect(pending.json().data.bills.map((row: { id: string }) => row.id)).toEqual([newer, older]);
    expect((await auditOf(older)).map((row) => row.action)).toEqual(['created', 'payment']);
  });

  it('settles the patient’s older balances, oldest first, from what a new bill is paid beyond its total', async () => {
    t.clock.advance(60_000);
    // This bill is 500; the earlier balances are 250 (older) and 300 (newer).
    const refused = await addBill(a, { customerMobile: mobile, amountPaid: 1050.01 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(billMessages.paidTooMuch);
    const response = await addBill(a, { customerMobile: mobile, amountPaid: 900, paymentMode: 'cash' });
    expect(response.json().data).toMatchObject({ amount_paid: 500, balance: 0 });
    const olderBill = (await call(a, 'GET', 'get-by-id', { id: older })).json().data;
    const newerBill = (await call(a, 'GET', 'get-by-id', { id: newer })).json().data;
    expect(olderBill).toMatchObject({ amount_paid: 500, balance: 0 });
    expect(newerBill).toMatchObject({ amount_paid: 150, balance: 150 });
    expect((await auditOf(newer)).map((row) => row.action)).toEqual(['created', 'payment']);
    const pending = await call(a, 'POST', 'get-pending-amount', {
      customer_mobile: mobile,
      location_id: a.locationId,
    });
    expect(pending.json().data.totalBalance).toBe(150);
    expect(pending.json().data.bills).toHaveLength(3);
  });

  it('edits the lines and figures, keeps number and date, and records what the new amount paid adds', async () => {
    const before = (await call(a, 'GET', 'get-by-id', { id: newer })).json().data;
    t.clock.advance(60_000);
    const edited = await call(a, 'PUT', 'edit-bill', {
      ...bill(a, { customerMobile: mobile }),
      id: newer,
      items: [{ name: 'X-ray', quantity: 2, unitPrice: 300 }],
      discount: 50,
      amountPaid: 400,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: billMessages.updated,
      data: {
        bill_number: before.bill_number,
        generated_date: before.generated_date,
        subtotal: 600,
        discount: 50,
        final_amount: 550,
        amount_paid: 400,
        balance: 150,
      },
    });
    expect(edited.json().data.payments.map((payment: { amount: number }) => payment.amount)).toEqual([
      150, 250,
    ]);
    const lower = await call(a, 'PUT', 'edit-bill', {
      ...bill(a, { customerMobile: mobile }),
      id: newer,
      amountPaid: 100,
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe(billMessages.paidBelowPayments);
    const cheaper = await call(a, 'PUT', 'edit-bill', {
      ...bill(a, { customerMobile: mobile }),
      id: newer,
      items: [{ name: 'X-ray', quantity: 1, unitPrice: 300 }],
      amountPaid: 400,
    });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().message).toBe(billMessages.paidBelowPayments);
    expect((await auditOf(newer)).map((row) => row.action)).toEqual(['created', 'payment', 'edited']);
  });

  it('deletes a bill: audited, then gone everywhere', async () => {
    const deleted = await call(a, 'DELETE', 'delete-bill', { id: older });
    expect(deleted.json()).toEqual({ data: { id: older }, message: billMessages.deleted });
    expect((await auditOf(older)).map((row) => row.action)).toEqual([
      'created',
      'payment',
      'payment',
      'deleted',
    ]);
    expect((await call(a, 'GET', 'get-by-id', { id: older })).statusCode).toBe(404);
    expect((await call(a, 'DELETE', 'delete-bill', { id: older })).statusCode).toBe(404);
    expect((await call(a, 'POST', 'add-payment', { billId: older, amount: 1 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/bill/${older}` })).statusCode).toBe(404);
    const pending = await call(a, 'POST', 'get-pending-amount', {
      customer_mobile: mobile,
      location_id: a.locationId,
    });
    expect(pending.json().data.bills).toHaveLength(2);
    const payments = await t.database.db.select().from(billPayments).where(eq(billPayments.bill_id, older));
    expect(payments).toHaveLength(3);
  });
});

describe('the bills list: GET /api/bill/get-bills', () => {
  let clinic: SignedInPartner;
  beforeAll(async () => {
    clinic = await createSignedInPartner(t);
    const visits = [
      ['2026-11-01', 'Ravi Kulkarni', '9876500001'],
      ['2026-11-02', 'Rani 50%_Off', '9876500002'],
      ['2026-11-03', 'ravindra joshi', '9123400003'],
      ['2026-11-04', 'Meena Shah', '9876511111'],
    ] as const;
    for (const [date, customerName, customerMobile] of visits) {
      const { id } = (await addBill(clinic, { customerName, customerMobile })).json().data;
      // Bills of other days, as if written then (moving the clock a day would end the session).
      await t.database.db.update(bills).set({ generated_date: date }).where(eq(bills.id, id));
    }
  });
  const list = (query: Record<string, string>) =>
    call(clinic, 'GET', 'get-bills', { location_id: clinic.locationId, ...query });
  const names = async (query: Record<string, string>) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json().data.bills.map((row: { customer_name: string }) => row.customer_name);
  };

  it('lists newest first with the total, a page at a time', async () => {
    const response = await list({ limit: '2', page: '2' });
    expect(response.json().data.pagination).toEqual({ total: 4 });
    expect(response.json().data.bills.map((row: { customer_name: string }) => row.customer_name)).toEqual([
      'Rani 50%_Off',
      'Ravi Kulkarni',
    ]);
    expect(response.json().data.bills[0]).not.toHaveProperty('items');
  });

  it('searches the name’s start in any case, the mobile’s start by digits, wildcards as themselves', async () => {
    expect(await names({ query: 'RAV' })).toEqual(['ravindra joshi', 'Ravi Kulkarni']);
    expect(await names({ query: '98765' })).toEqual(['Meena Shah', 'Rani 50%_Off', 'Ravi Kulkarni']);
    expect(await names({ query: '9876511' })).toEqual(['Meena Shah']);
    expect(await names({ query: 'Rani 50%_' })).toEqual(['Rani 50%_Off']);
    expect(await names({ query: 'Ran%' })).toEqual([]);
    expect(await names({ query: 'ani' })).toEqual([]);
  });

  it('filters by dates, both ends included, with the count of the filter', async () => {
    const response = await list({ start_date: '2026-11-02', end_date: '2026-11-03', query: 'Ra_' });
    expect(response.json().data).toMatchObject({ pagination: { total: 0 } });
    expect(await names({ start_date: '2026-11-02', end_date: '2026-11-03' })).toEqual([
      'ravindra joshi',
      'Rani 50%_Off',
    ]);
    expect(
      (await list({ start_date: '2026-11-02', end_date: '2026-11-03' })).json().data.pagination.total,
    ).toBe(2);
  });

  it('refuses with the spec’s words', async () => {
    const short = await list({ query: 'Ra' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(billMessages.searchTooShort);
    const order = await list({ start_date: '2026-11-04', end_date: '2026-11-01' });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(billMessages.startAfterEnd);
    const noLocation = await call(clinic, 'GET', 'get-bills', {});
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().message).toBe(billMessages.selectLocation);
  });
});

describe('ownership', () => {
  it('answers 404 to another clinic’s bill, location, booking and master records', async () => {
    const own = (await addBill(a, { customerMobile: '9811100099' })).json().data;
    const slotId = await bookVisit(t, a, { mobile: '9822011077', startTime: '11:00' });
    const notFound = async (response: Promise<{ statusCode: number }>) =>
      expect((await response).statusCode).toBe(404);
    await notFound(call(b, 'GET', 'get-by-id', { id: own.id }));
    await notFound(call(b, 'DELETE', 'delete-bill', { id: own.id }));
    await notFound(call(b, 'POST', 'add-payment', { billId: own.id, amount: 1 }));
    await notFound(call(b, 'PUT', 'edit-bill', { ...bill(b), id: own.id }));
    await notFound(call(b, 'GET', 'get-messages', { id: own.id }));
    await notFound(call(b, 'GET', 'get-bills', { location_id: a.locationId }));
    await notFound(
      call(b, 'POST', 'get-pending-amount', { customer_mobile: '9811100099', location_id: a.locationId }),
    );
    await notFound(call(b, 'GET', 'get-by-slot-id', { slot_id: slotId }));
    await notFound(addBill(b, { locationId: a.locationId }));
    await notFound(addBill(b, { slotId }));
    const foreignTreatment = await addBill(b, {
      items: [{ treatmentId, name: 'Scaling', quantity: 1, unitPrice: 1 }],
    });
    expect(foreignTreatment.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Treatment not found' });
    const foreignProduct = await addBill(b, {
      items: [{ productId, name: 'Mouthwash', quantity: 1, unitPrice: 1 }],
    });
    expect(foreignProduct.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Medicine not found' });
    expect((await call(a, 'GET', 'get-by-id', { id: own.id })).json().data.balance).toBe(500);
  });
});

describe('the public bill: GET /api/public/bill/:id', () => {
  it('shows the bill, its location and the clinic’s name, and the same 404 for unknown and deleted ids', async () => {
    const own = (await addBill(a, { customerMobile: '9811100098', amountPaid: 200 })).json().data;
    const response = await t.app.inject({ method: 'GET', url: `/api/public/bill/${own.id}` });
    expect(response.statusCode).toBe(200);
    // The bill's page is anybody's who holds its link: it names no record of the clinic's.
    const {
      location_id: _location,
      slot_id: _slot,
      patient_id: _patient,
      doctor_user_id: _doctor,
      created_by_name: _creator,
      ...shown
    } = own;
    expect(response.json().data).toEqual({
      bill: shown,
      location: {
        location_name: 'Kothrud Clinic',
        address: '12, Karve Road, Pune',
        contact_no: '9876543210',
      },
      partner: {
        name: 'Sushrut Dental Clinic',
        speciality: 'DENTIST',
        consultation_form_header_url: null,
        time_zone: 'Asia/Kolkata',
      },
    });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/public/bill/${crypto.randomUUID()}` });
    await call(a, 'DELETE', 'delete-bill', { id: own.id });
    const deleted = await t.app.inject({ method: 'GET', url: `/api/public/bill/${own.id}` });
    expect(unknown.statusCode).toBe(404);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual(unknown.json());
  });
});

describe('the public bill’s rate limit', () => {
  it('answers 429 after 60 lookups a minute from one address', async () => {
    const url = `/api/public/bill/${crypto.randomUUID()}`;
    const lookup = () => t.app.inject({ method: 'GET', url, remoteAddress: '10.200.0.1' });
    for (let index = 0; index < 60; index += 1) expect((await lookup()).statusCode).toBe(404);
    const limited = await lookup();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('sending a bill on WhatsApp: POST /api/bill/send-message', () => {
  let billId: string;
  const send = (clinic: SignedInPartner) =>
    call(clinic, 'POST', 'send-message', {
      mobileNumber: '98220 11001',
      patientName: 'Asha Verma',
      partnerName: 'Sushrut Dental Clinic',
      date: '02/11/2026',
      billId,
    });

  it('records the message with the bill’s link and hands the bill template to the port, for the mobile on the bill', async () => {
    billId = (await addBill(a, { customerMobile: '9811100097' })).json().data.id;
    deliver = recordOnly;
    const response = await send(a);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: whatsAppSendMessages.notSent,
      data: {
        recipient: '9811100097',
        status: 'recorded',
        body: `Bill for Asha Verma from Sushrut Dental Clinic, 02/11/2026: /bill/${billId}`,
      },
    });
    expect(handed.at(-1)).toEqual({
      to: '9811100097',
      template: 'bill',
      bodyParameters: ['Asha Verma', 'Sushrut Dental Clinic', '02/11/2026'],
      linkSuffix: billId,
    });
  });

  it('reports a refused message with 502 and keeps it failed; sending again is a new attempt', async () => {
    deliver = async () => ({ status: 'failed', reason: 'Recipient phone number not in allowed list' });
    const failed = await send(a);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: billMessages.messageFailed, code: 'MESSAGE_FAILED' });
    deliver = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:443');
    };
    expect((await send(a)).statusCode).toBe(502);
    deliver = async () => ({ status: 'sent', providerMessageId: 'wamid.HBgM' });
    const sent = await send(a);
    expect(sent.json()).toMatchObject({ message: whatsAppSendMessages.sent, data: { status: 'sent' } });
    const listed = (await call(a, 'GET', 'get-messages', { id: billId })).json().data;
    expect(listed.map((row: { status: string }) => row.status)).toEqual([
      'sent',
      'failed',
      'failed',
      'recorded',
    ]);
    expect(listed[2]).toMatchObject({ error: 'Recipient phone number not in allowed list' });
    const rows = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.reference_id, billId), eq(outboxMessages.status, 'sent')));
    expect(rows[0]).toMatchObject({ provider_message_id: 'wamid.HBgM', partner_id: a.partnerId });
    expect((await send(b)).statusCode).toBe(404);
  });
});

describe('one treatment on several lines', () => {
  it('bills the same treatment on two lines (a dentist’s two teeth or arches), each as sent, and edits them alike', async () => {
    const response = await addBill(a, {
      customerMobile: '9822011088',
      items: [
        { treatmentId, name: 'Scaling, upper arch', quantity: 1, unitPrice: 1500 },
        { treatmentId, name: 'Scaling, lower arch', quantity: 1, unitPrice: 1200 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.items).toMatchObject([
      { treatment_id: treatmentId, name: 'Scaling, upper arch', amount: 1500 },
      { treatment_id: treatmentId, name: 'Scaling, lower arch', amount: 1200 },
    ]);
    expect(data.subtotal).toBe(2700);
    const edited = await call(a, 'PUT', 'edit-bill', {
      ...bill(a, { customerMobile: '9822011088' }),
      id: data.id,
      items: [
        { treatmentId, name: 'Scaling, upper arch', quantity: 1, unitPrice: 1500 },
        { treatmentId, name: 'Scaling, upper arch', quantity: 1, unitPrice: 1500 },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.subtotal).toBe(3000);
  });
});
