import { billMessages } from '@vaidya/contract/bills';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCaller } from '../../../test/bill-calls';
import { createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { patients } from '../../db/schema';

// Families on one phone (issue 21), the money side: the pending amount is the mobile's (each
// bill naming its patient), money beyond a bill settles that patient's older bills only, and a
// payment against dues is one patient's.
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

interface BillAnswer {
  id: string;
  patient_id: string;
  customer_name: string;
  patient_name: string;
  balance: number;
  amount_paid: number;
}

/** A bill of one line at `price` for `name` on `mobile`, `paid` of it paid; a minute after the last. */
async function billOf(
  clinic: SignedInPartner,
  who: { name: string; mobile: string },
  price: number,
  paid = 0,
) {
  t.clock.advance(60_000);
  const response = await call(clinic, 'POST', 'add-bill', {
    locationId: clinic.locationId,
    customerName: who.name,
    customerMobile: who.mobile,
    items: [{ name: 'Scaling', quantity: 1, unitPrice: price }],
    amountPaid: paid,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as BillAnswer;
}

const billById = async (clinic: SignedInPartner, id: string) =>
  (await call(clinic, 'GET', 'get-by-id', { id })).json().data as BillAnswer;
const dues = (clinic: SignedInPartner, query: Record<string, string>) =>
  call(clinic, 'GET', 'get-dues', { locationId: clinic.locationId, ...query });
const pay = (clinic: SignedInPartner, payment: Record<string, unknown>) =>
  call(clinic, 'POST', 'record-dues-payment', { locationId: clinic.locationId, ...payment });

/** A mother and her child on one phone, each owing from an older bill. */
async function familyOwing(mobile: string) {
  const mother = { name: 'Asha Patil', mobile };
  const child = { name: 'Rohan Patil', mobile };
  const motherOlder = await billOf(a, mother, 500);
  const childOlder = await billOf(a, child, 300);
  expect(motherOlder.patient_id).not.toBe(childOlder.patient_id);
  return { mother, child, motherOlder, childOlder };
}

describe('get-pending-amount: per mobile, each bill naming its patient', () => {
  it('lists the bills of the mother and the child with their patients, and the family’s sum', async () => {
    const { mother, child, motherOlder, childOlder } = await familyOwing('9822044001');
    const motherNewer = await billOf(a, mother, 1000, 400);
    // The registry renames the child: the bill keeps the name it was issued to, and names its patient as now.
    await t.database.db
      .update(patients)
      .set({ name: 'Rohan A. Patil' })
      .where(eq(patients.id, childOlder.patient_id));

    const response = await call(a, 'POST', 'get-pending-amount', {
      customer_mobile: child.mobile,
      location_id: a.locationId,
    });
    expect(response.statusCode).toBe(200);
    const { totalBalance, bills } = response.json().data as { totalBalance: number; bills: BillAnswer[] };
    expect(totalBalance).toBe(500 + 300 + 600);
    expect(bills.map((bill) => [bill.id, bill.patient_id, bill.customer_name, bill.patient_name])).toEqual([
      [motherNewer.id, motherOlder.patient_id, mother.name, mother.name],
      [childOlder.id, childOlder.patient_id, child.name, 'Rohan A. Patil'],
      [motherOlder.id, motherOlder.patient_id, mother.name, mother.name],
    ]);
  });

  it('leaves out a merged patient’s bills and another clinic’s family on the same mobile', async () => {
    const mobile = '9822044002';
    const kept = await billOf(a, { name: 'Meera Joshi', mobile }, 200);
    const duplicate = await billOf(a, { name: 'Meera Joshee', mobile }, 150);
    await billOf(b, { name: 'Meera Joshi', mobile }, 900);
    await t.database.db
      .update(patients)
      .set({ merged_into_id: kept.patient_id })
      .where(eq(patients.id, duplicate.patient_id));
    const response = await call(a, 'POST', 'get-pending-amount', {
      customer_mobile: mobile,
      location_id: a.locationId,
    });
    expect(response.json().data.totalBalance).toBe(200);
    expect(response.json().data.bills.map((bill: BillAnswer) => bill.id)).toEqual([kept.id]);
    const picked = await dues(a, { customerMobile: mobile, patientId: duplicate.patient_id });
    expect(picked.statusCode).toBe(404);
  });
});

describe('add-bill: money paid beyond a bill settles that patient’s older bills only', () => {
  it('overpaying the child’s new bill settles the child’s older bill and leaves the mother’s', async () => {
    const { child, motherOlder, childOlder } = await familyOwing('9822044003');
    // Beyond the child's bill and the child's balance (the mother's is not theirs to settle).
    t.clock.advance(60_000);
    const tooMuch = await call(a, 'POST', 'add-bill', {
      locationId: a.locationId,
      customerName: child.name,
      customerMobile: child.mobile,
      items: [{ name: 'Filling', quantity: 1, unitPrice: 200 }],
      amountPaid: 200 + 300 + 1,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(billMessages.paidTooMuch);

    const newer = await billOf(a, child, 200, 200 + 300);
    expect(newer).toMatchObject({ patient_id: childOlder.patient_id, balance: 0 });
    expect(await billById(a, childOlder.id)).toMatchObject({ amount_paid: 300, balance: 0 });
    expect(await billById(a, motherOlder.id)).toMatchObject({ amount_paid: 0, balance: 500 });
  });

  it('edit-bill keeps a bill’s payments to itself: more than its total is refused', async () => {
    const { child, motherOlder, childOlder } = await familyOwing('9822044004');
    const edit = await call(a, 'PUT', 'edit-bill', {
      id: childOlder.id,
      locationId: a.locationId,
      customerName: child.name,
      customerMobile: child.mobile,
      items: [{ name: 'Scaling', quantity: 1, unitPrice: 300 }],
      amountPaid: 800,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(billMessages.paymentTooLarge);
    expect(await billById(a, motherOlder.id)).toMatchObject({ amount_paid: 0, balance: 500 });
  });
});

describe('record-dues-payment: a receipt is one patient’s', () => {
  it('get-dues answers the family’s unpaid bills, each naming its patient, or one patient’s with patientId', async () => {
    const { mother, child, motherOlder, childOlder } = await familyOwing('9822044005');
    const family = await dues(a, { customerMobile: mother.mobile });
    expect(family.statusCode).toBe(200);
    expect(family.json().data.totalDue).toBe(800);
    expect(
      family.json().data.bills.map((bill: BillAnswer) => [bill.id, bill.patient_id, bill.patient_name]),
    ).toEqual([
      [motherOlder.id, motherOlder.patient_id, mother.name],
      [childOlder.id, childOlder.patient_id, child.name],
    ]);
    const childOnly = await dues(a, { customerMobile: child.mobile, patientId: childOlder.patient_id });
    expect(childOnly.json().data.totalDue).toBe(300);
    expect(childOnly.json().data.bills.map((bill: BillAnswer) => bill.id)).toEqual([childOlder.id]);
  });

  it('without patientId is 400 naming the field while two owe; with it, settles only that patient’s', async () => {
    const { mother, child, motherOlder, childOlder } = await familyOwing('9822044006');
    const motherNewer = await billOf(a, mother, 250);

    const unnamed = await pay(a, { customerMobile: mother.mobile, amount: 100 });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ code: 'VALIDATION_FAILED', message: billMessages.choosePatient });
    expect(unnamed.json().message).toMatch(/^Patient: /);

    // More than the mother owes is refused with her due, though the family owes more.
    const aboveHers = await pay(a, {
      customerMobile: mother.mobile,
      patientId: motherOlder.patient_id,
      amount: 751,
    });
    expect(aboveHers.statusCode).toBe(422);
    expect(aboveHers.json().message).toBe(billMessages.duesPaymentTooLarge(750));

    const hers = await pay(a, {
      customerMobile: mother.mobile,
      patientId: motherOlder.patient_id,
      amount: 600,
    });
    expect(hers.statusCode).toBe(201);
    expect(hers.json().data).toMatchObject({
      customer_name: mother.name,
      amount: 600,
      allocations: [
        { bill_id: motherOlder.id, amount: 500 },
        { bill_id: motherNewer.id, amount: 100 },
      ],
      remaining_due: 150,
    });
    expect(await billById(a, childOlder.id)).toMatchObject({ amount_paid: 0, balance: 300 });

    // Once the mother has paid all, only the child owes: no patientId needed.
    await pay(a, { customerMobile: mother.mobile, patientId: motherOlder.patient_id, amount: 150 });
    const childs = await pay(a, { customerMobile: child.mobile, amount: 300 });
    expect(childs.statusCode).toBe(201);
    expect(childs.json().data).toMatchObject({
      customer_name: child.name,
      allocations: [{ bill_id: childOlder.id, amount: 300 }],
      remaining_due: 0,
    });

    // A patient on the mobile who owes nothing: nothing due.
    const nothing = await pay(a, {
      customerMobile: child.mobile,
      patientId: childOlder.patient_id,
      amount: 1,
    });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe(billMessages.nothingDue);
  });

  it('answers 404 for another clinic’s patient, and for a patient who is not on that mobile', async () => {
    const { mother, motherOlder } = await familyOwing('9822044007');
    const theirs = await billOf(b, { name: 'Asha Patil', mobile: mother.mobile }, 400);
    for (const response of [
      await pay(a, { customerMobile: mother.mobile, patientId: theirs.patient_id, amount: 100 }),
      await dues(a, { customerMobile: mother.mobile, patientId: theirs.patient_id }),
      await pay(a, { customerMobile: '9822044099', patientId: motherOlder.patient_id, amount: 100 }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Patient not found' });
    }
    expect(await billById(b, theirs.id)).toMatchObject({ amount_paid: 0, balance: 400 });
    expect(await billById(a, motherOlder.id)).toMatchObject({ amount_paid: 0, balance: 500 });

    const notAnId = await dues(a, { customerMobile: mother.mobile, patientId: 'someone' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toContain('patientId');
  });
});
