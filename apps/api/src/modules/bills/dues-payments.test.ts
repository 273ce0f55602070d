import { billMessages } from '@vaidya/contract/bills';
import { moneyMessages } from '@vaidya/contract/money';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCaller } from '../../../test/bill-calls';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { billAudit, billPayments, receipts } from '../../db/schema';

// Record payment (issue 19 item 6): money against a patient's dues at a location, settled
// oldest bill first, one payment per bill under one receipt.
let t: TestApp;
let a: SignedInPartner;
let b: SignedInPartner;
beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await createTwoPartners(t));
});
afterAll(async () => {
  await t.close();
});

const call = billCaller(() => t);

/** A bill of one line at `price`, `paid` of it paid; a minute after the last, so the order is known. */
async function billOf(clinic: SignedInPartner, mobile: string, price: number, paid = 0) {
  t.clock.advance(60_000);
  const response = await call(clinic, 'POST', 'add-bill', {
    locationId: clinic.locationId,
    customerName: 'Ravi Kulkarni',
    customerMobile: mobile,
    items: [{ name: 'Root canal sitting', quantity: 1, unitPrice: price }],
    amountPaid: paid,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as {
    id: string;
    bill_number: string;
    generated_date: string;
    patient_id: string;
  };
}

const pay = (clinic: SignedInPartner, payment: Record<string, unknown>) =>
  call(clinic, 'POST', 'record-dues-payment', { locationId: clinic.locationId, ...payment });
const duesOf = (clinic: SignedInPartner, mobile: string) =>
  call(clinic, 'GET', 'get-dues', { locationId: clinic.locationId, customerMobile: mobile });
const auditActions = async (billId: string) =>
  (
    await t.database.db
      .select({ action: billAudit.action })
      .from(billAudit)
      .where(eq(billAudit.bill_id, billId))
      .orderBy(asc(billAudit.changed_at))
  ).map((row) => row.action);

describe('recording a payment against dues: POST /api/bill/record-dues-payment', () => {
  it('settles three bills oldest first, the last in part, each share kept under one receipt and audited', async () => {
    const mobile = '9822033001';
    const first = await billOf(a, mobile, 1000, 400); // 600 due
    const second = await billOf(a, mobile, 500); // 500 due
    const third = await billOf(a, mobile, 800, 100); // 700 due

    const dues = await duesOf(a, '+91 98220 33001');
    expect(dues.statusCode).toBe(200);
    expect(dues.json().data.totalDue).toBe(1800);
    expect(dues.json().data.bills.map((bill: { id: string }) => bill.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);

    t.clock.advance(60_000);
    const response = await pay(a, {
      customerMobile: mobile,
      amount: 1350.5,
      paymentMode: 'upi',
      note: 'Paid by his son',
    });
    expect(response.statusCode).toBe(201);
    const { data: receipt, message } = response.json();
    expect(message).toBe(billMessages.duesPaymentRecorded);
    expect(receipt).toMatchObject({
      location_id: a.locationId,
      customer_name: 'Ravi Kulkarni',
      customer_mobile: mobile,
      amount: 1350.5,
      payment_mode: 'upi',
      note: 'Paid by his son',
      paid_at: t.clock.now().toISOString(),
      allocations: [
        { bill_id: first.id, bill_number: first.bill_number, amount: 600 },
        { bill_id: second.id, bill_number: second.bill_number, amount: 500 },
        { bill_id: third.id, bill_number: third.bill_number, amount: 250.5 },
      ],
      remaining_due: 449.5,
      location: { location_name: expect.any(String) },
      partner: { name: expect.any(String), time_zone: 'Asia/Kolkata' },
    });

    const shares = await t.database.db
      .select({
        bill: billPayments.bill_id,
        paise: billPayments.amount_paise,
        mode: billPayments.payment_mode,
      })
      .from(billPayments)
      .where(eq(billPayments.receipt_id, receipt.id));
    expect(shares).toHaveLength(3);
    expect(shares).toEqual(
      expect.arrayContaining([
        { bill: first.id, paise: 60_000, mode: 'upi' },
        { bill: second.id, paise: 50_000, mode: 'upi' },
        { bill: third.id, paise: 25_050, mode: 'upi' },
      ]),
    );
    expect(await auditActions(first.id)).toEqual(['created', 'payment']);
    expect(await auditActions(second.id)).toEqual(['created', 'payment']);
    expect(await auditActions(third.id)).toEqual(['created', 'payment']);

    const after = (await duesOf(a, mobile)).json().data;
    expect(after.totalDue).toBe(449.5);
    expect(after.bills.map((bill: { id: string }) => bill.id)).toEqual([third.id]);
    const thirdBill = (await call(a, 'GET', 'get-by-id', { id: third.id })).json().data;
    expect(thirdBill).toMatchObject({ amount_paid: 350.5, balance: 449.5 });

    const printed = await call(a, 'GET', 'get-receipt', { receiptId: receipt.id });
    expect(printed.statusCode).toBe(200);
    expect(printed.json().data).toEqual(receipt);
  });

  it('refuses more than the total due with 422 and the due in the sentence, and nothing due at all', async () => {
    const mobile = '9822033002';
    const only = await billOf(a, mobile, 700, 200);
    const above = await pay(a, { customerMobile: mobile, amount: 500.01 });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual({
      code: 'BUSINESS_RULE',
      message: billMessages.duesPaymentTooLarge(500),
    });
    expect(above.json().message).toBe(
      'Amount cannot be more than the patient’s total due at this location (₹500.00)',
    );
    expect(await auditActions(only.id)).toEqual(['created']);

    const settled = await pay(a, { customerMobile: mobile, amount: 500 });
    expect(settled.statusCode).toBe(201);
    expect(settled.json().data).toMatchObject({ payment_mode: 'cash', note: null, remaining_due: 0 });
    const again = await pay(a, { customerMobile: mobile, amount: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(billMessages.nothingDue);
    const stranger = await pay(a, { customerMobile: '9822033999', amount: 1 });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().message).toBe(billMessages.nothingDue);
  });

  it('validates the money, the mobile and the mode with the contract’s words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, moneyMessages.notPositive('Amount')],
      [{ amount: -5 }, moneyMessages.notPositive('Amount')],
      [{ amount: 10.001 }, moneyMessages.tooManyDecimals('Amount')],
      [{ amount: '100' }, moneyMessages.notAnAmount('Amount')],
      [{ amount: 10, paymentMode: 'cheque' }, 'Payment mode must be cash, upi or card'],
    ];
    for (const [changes, message] of cases) {
      const response = await pay(a, { customerMobile: '9822033001', ...changes });
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const badMobile = await pay(a, { customerMobile: '98765', amount: 10 });
    expect(badMobile.statusCode).toBe(400);
    const noLocation = await call(a, 'POST', 'record-dues-payment', {
      customerMobile: '9822033001',
      amount: 10,
    });
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().message).toContain(billMessages.selectLocation);
  });

  it('answers 404 for another clinic’s location and receipt, and never touches its bills', async () => {
    const mobile = '9822033003';
    const theirs = await billOf(b, mobile, 900);
    const intoTheirs = await call(a, 'POST', 'record-dues-payment', {
      locationId: b.locationId,
      customerMobile: mobile,
      amount: 100,
    });
    expect(intoTheirs.statusCode).toBe(404);
    const theirDues = await call(a, 'GET', 'get-dues', { locationId: b.locationId, customerMobile: mobile });
    expect(theirDues.statusCode).toBe(404);
    // Their patient is unknown to this clinic: nothing is due here.
    expect((await duesOf(a, mobile)).json().data).toEqual({ totalDue: 0, bills: [] });
    expect(await auditActions(theirs.id)).toEqual(['created']);

    const receipt = (await pay(b, { customerMobile: mobile, amount: 100 })).json().data;
    const peek = await call(a, 'GET', 'get-receipt', { receiptId: receipt.id });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().message).toBe('Receipt not found');
  });
});

describe('a bill with no lines', () => {
  it('is refused with a sentence pointing to Record payment', async () => {
    const response = await call(a, 'POST', 'add-bill', {
      locationId: a.locationId,
      customerName: 'Ravi Kulkarni',
      customerMobile: '9822033001',
      items: [],
      amountPaid: 100,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('use Record payment on the bills list');
  });
});

describe.skipIf(testEngine() !== 'postgres')('payments at the same time (PostgreSQL)', () => {
  it('never settle more than is owed: the bills stay locked from the check to the last share', async () => {
    const clinic = await createSignedInPartner(t, { name: 'Parallel Dues Care' });
    const mobile = '9822033004';
    await billOf(clinic, mobile, 600);
    await billOf(clinic, mobile, 400);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => pay(clinic, { customerMobile: mobile, amount: 700 })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422, 422]);
    const due = (await duesOf(clinic, mobile)).json().data;
    expect(due.totalDue).toBe(300);
    const kept = await t.database.db
      .select({ id: receipts.id })
      .from(receipts)
      .where(eq(receipts.partner_id, clinic.partnerId));
    expect(kept).toHaveLength(1);
  });

  it('for two patients of one family at once, each settles only their own bills (issue 21)', async () => {
    const clinic = await createSignedInPartner(t, { name: 'Parallel Family Care' });
    const mobile = '9822033005';
    const mother = await billOf(clinic, mobile, 600);
    t.clock.advance(60_000);
    const child = (
      await call(clinic, 'POST', 'add-bill', {
        locationId: clinic.locationId,
        customerName: 'Ravi Kulkarni Jr',
        customerMobile: mobile,
        items: [{ name: 'Sealant', quantity: 1, unitPrice: 400 }],
      })
    ).json().data as { id: string; patient_id: string };
    const responses = await Promise.all(
      [mother, child, mother, child].map((bill) =>
        pay(clinic, { customerMobile: mobile, patientId: bill.patient_id, amount: 400 }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 422, 422]);
    const family = (await duesOf(clinic, mobile)).json().data;
    expect(family.totalDue).toBe(200);
    expect(family.bills.map((bill: { id: string }) => bill.id)).toEqual([mother.id]);
  });
});
