import { patientMergeMessages } from '@vaidya/contract/patient-merge';
import type { TimelineItem } from '@vaidya/contract/patients';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookVisit } from '../../../test/booking-fixtures';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { outboxMessages, patientMerges } from '../../db/schema';

// Merging two records of one patient (issue 21, decision 042): the likely duplicates, and the
// merge that moves everything to the kept record and leaves the other marked, never deleted.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const name = 'Asha Verma';
const keptMobile = '9822011001';
const mergedMobile = '9822011002';

const post = (clinic: SignedInPartner, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: clinic.headers, payload });
const get = (clinic: SignedInPartner, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: clinic.headers, query });
const merge = (clinic: SignedInPartner, keepId: string, mergeId: string) =>
  post(clinic, '/api/patient/merge-patients', { keepId, mergeId });

async function added(clinic: SignedInPartner, payload: Record<string, unknown>): Promise<string> {
  const response = await post(clinic, '/api/patient/add-patient', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function duplicatesOf(clinic: SignedInPartner, query: Record<string, string> = {}) {
  const response = await get(clinic, '/api/patient/get-duplicates', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    results: { reason: string; patients: { id: string; name: string }[] }[];
    pagination: { total: number };
  };
}

/** A minute later: each document below gets a moment of its own. */
const aMinuteLater = () => t.clock.advance(60_000);

/**
 * A patient typed twice: once on their own mobile with a penicillin allergy, once with the same
 * name and date of birth on another mobile, with a sulfa allergy, an alert and an email, whose
 * record holds a booking, a prescription, a bill part paid, a payment against dues and a
 * WhatsApp message of the bill.
 */
async function duplicateWithHistory() {
  const clinic = await createSignedInPartner(t);
  const keptId = await added(clinic, {
    name,
    mobile: keptMobile,
    dateOfBirth: '1990-04-12',
    allergies: ['Penicillin'],
    notes: 'Prefers mornings',
  });
  const mergedId = await added(clinic, {
    name,
    mobile: mergedMobile,
    dateOfBirth: '1990-04-12',
    allergies: ['penicillin', 'Sulfa'],
    medicalAlerts: ['diabetic'],
    email: 'asha@example.com',
    bloodGroup: 'B+',
    notes: 'Came from Dr Joshi',
  });
  const bookingId = await bookVisit(t, clinic, { mobile: mergedMobile });
  aMinuteLater();
  const prescription = await post(clinic, '/api/consultation-form/add-consultation-form', {
    customerName: name,
    customerMobile: mergedMobile,
    diagnoses: [{ diagnosis_name: 'Gingivitis' }],
    products: [{ product_name: 'Chlorhexidine mouthwash' }],
  });
  expect(prescription.statusCode, prescription.body).toBe(201);
  aMinuteLater();
  const bill = await post(clinic, '/api/bill/add-bill', {
    locationId: clinic.locationId,
    customerName: name,
    customerMobile: mergedMobile,
    items: [{ name: 'Scaling', quantity: 1, unitPrice: 1000 }],
    amountPaid: 400,
  });
  expect(bill.statusCode, bill.body).toBe(201);
  const billId: string = bill.json().data.id;
  aMinuteLater();
  const receipt = await post(clinic, '/api/bill/record-dues-payment', {
    locationId: clinic.locationId,
    customerMobile: mergedMobile,
    amount: 100,
    paymentMode: 'upi',
  });
  expect(receipt.statusCode, receipt.body).toBe(201);
  aMinuteLater();
  const [message] = await t.database.db
    .insert(outboxMessages)
    .values({
      partner_id: clinic.partnerId,
      location_id: clinic.locationId,
      channel: 'whatsapp',
      recipient: mergedMobile,
      body: 'Your bill',
      status: 'sent',
      reference_id: billId,
      template_message: { template: 'bill', bodyParameters: [name], linkSuffix: billId },
      created_at: t.clock.now(),
    })
    .returning({ id: outboxMessages.id });
  return {
    clinic,
    keptId,
    mergedId,
    moved: {
      booking: bookingId,
      prescription: prescription.json().data.id as string,
      bill: billId,
      receipt: receipt.json().data.id as string,
      message: message?.id,
    },
  };
}

async function timelineOf(clinic: SignedInPartner, patientId: string) {
  const response = await get(clinic, '/api/patient/get-timeline', { patient_id: patientId, limit: '100' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.results as TimelineItem[];
}

describe('merging two records of a patient: POST /api/patient/merge-patients', () => {
  it('moves the bookings, prescriptions, bills, payments and messages to the kept record, which takes the other’s allergies, alerts and missing details', async () => {
    const { clinic, keptId, mergedId, moved } = await duplicateWithHistory();
    expect((await duplicatesOf(clinic)).results).toEqual([
      expect.objectContaining({ reason: 'same_birth_date' }),
    ]);

    const response = await merge(clinic, keptId, mergedId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(patientMergeMessages.merged);
    expect(response.json().data).toMatchObject({
      id: keptId,
      mobile: keptMobile,
      allergies: ['Penicillin', 'Sulfa'],
      medical_alerts: ['diabetic'],
      email: 'asha@example.com',
      blood_group: 'B+',
      notes: 'Prefers mornings\nCame from Dr Joshi',
      balance: 500,
      merged_into_id: null,
    });

    const timeline = await timelineOf(clinic, keptId);
    const ids = (type: TimelineItem['type']) =>
      timeline.filter((item) => item.type === type).map((item) => item.id);
    expect(ids('booking')).toEqual([moved.booking]);
    expect(ids('prescription')).toEqual([moved.prescription]);
    expect(ids('bill')).toEqual([moved.bill]);
    // The payment made with the bill and the one recorded against dues (its receipt).
    expect(ids('payment')).toHaveLength(2);
    expect(ids('payment')).toContain(moved.receipt);
    expect(ids('message')).toEqual([moved.message]);
    expect(await timelineOf(clinic, mergedId)).toEqual([]);

    const [audit] = await t.database.db
      .select()
      .from(patientMerges)
      .where(eq(patientMerges.merged_patient_id, mergedId));
    expect(audit).toMatchObject({
      partner_id: clinic.partnerId,
      kept_patient_id: keptId,
      merged_by: clinic.userId,
      moved: { bookings: 1, prescriptions: 1, bills: 1, receipts: 1, dental: 0 },
    });
  });

  it('leaves the merged record readable, pointing at the kept one, and out of the list, the search, the desk’s lookup and the duplicates', async () => {
    const { clinic, keptId, mergedId } = await duplicateWithHistory();
    expect((await merge(clinic, keptId, mergedId)).statusCode).toBe(200);

    const record = await get(clinic, '/api/patient/get-by-id', { patient_id: mergedId });
    expect(record.statusCode).toBe(200);
    expect(record.json().data).toMatchObject({ id: mergedId, merged_into_id: keptId });

    const listed = (await get(clinic, '/api/patient/get-patients')).json().data;
    expect(listed.results.map((patient: { id: string }) => patient.id)).toEqual([keptId]);
    expect(listed.pagination.total).toBe(1);
    const searched = (await get(clinic, '/api/patient/get-patients', { query: mergedMobile })).json().data;
    expect(searched.results).toEqual([]);
    const byMobile = await get(clinic, '/api/get-patient-by-mobile', { mobile: mergedMobile });
    expect(byMobile.statusCode).toBe(200);
    expect([byMobile.json().data].flat().filter(Boolean)).toEqual([]);
    expect((await duplicatesOf(clinic)).results).toEqual([]);

    // A new booking on the merged record's mobile and name makes a new patient: the merged one stays merged.
    await bookVisit(t, clinic, { mobile: mergedMobile, startTime: '11:00' });
    const after = await get(clinic, '/api/patient/get-by-id', { patient_id: mergedId });
    expect(after.json().data.merged_into_id).toBe(keptId);
  });

  it('refuses the same record twice with 400, a record merged before with 409, and another clinic’s records with 404', async () => {
    const { clinic, keptId, mergedId } = await duplicateWithHistory();
    const itself = await merge(clinic, keptId, keptId);
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe(patientMergeMessages.intoItself);

    const other = await createSignedInPartner(t);
    const othersPatient = await added(other, { name, mobile: keptMobile });
    expect((await merge(other, keptId, mergedId)).statusCode).toBe(404);
    expect((await merge(clinic, keptId, othersPatient)).statusCode).toBe(404);
    expect((await merge(clinic, othersPatient, mergedId)).statusCode).toBe(404);
    expect((await merge(clinic, keptId, crypto.randomUUID())).statusCode).toBe(404);
    // Nothing moved on a refusal.
    expect((await timelineOf(clinic, mergedId)).length).toBeGreaterThan(0);

    expect((await merge(clinic, keptId, mergedId)).statusCode).toBe(200);
    const again = await merge(clinic, keptId, mergedId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: patientMergeMessages.alreadyMerged(name) });
    expect((await merge(clinic, mergedId, keptId)).statusCode).toBe(409);
    const third = await added(clinic, { name: 'Asha Verma', mobile: '9822011003' });
    expect((await merge(clinic, mergedId, third)).statusCode).toBe(409);
    expect((await merge(clinic, third, mergedId)).statusCode).toBe(409);
  });

  it('points the records merged into a merged one at the record kept last', async () => {
    const clinic = await createSignedInPartner(t);
    const first = await added(clinic, { name, mobile: keptMobile });
    const second = await added(clinic, { name, mobile: mergedMobile });
    const third = await added(clinic, { name, mobile: '9822011003' });
    expect((await merge(clinic, second, first)).statusCode).toBe(200);
    expect((await merge(clinic, third, second)).statusCode).toBe(200);
    const record = await get(clinic, '/api/patient/get-by-id', { patient_id: first });
    expect(record.json().data.merged_into_id).toBe(third);
  });
});

describe('likely duplicates: GET /api/patient/get-duplicates', () => {
  it('pairs records on one mobile with similar names, and of one name and date of birth on two mobiles, never a family’s others', async () => {
    const clinic = await createSignedInPartner(t);
    const mobile = '9822011010';
    const asha = await added(clinic, { name: 'Asha', mobile });
    const ashaPatil = await added(clinic, { name: 'Asha Patil', mobile });
    const aashaPatil = await added(clinic, { name: 'Aasha Patil', mobile });
    // The husband and the daughter on the same phone are other patients.
    await added(clinic, { name: 'Rohan Patil', mobile });
    await added(clinic, { name: 'Usha Patil', mobile });
    const kiran = await added(clinic, {
      name: 'Kiran Desai',
      mobile: '9822011011',
      dateOfBirth: '1985-02-01',
    });
    const kiranAgain = await added(clinic, {
      name: 'kiran  desai',
      mobile: '9822011012',
      dateOfBirth: '1985-02-01',
    });
    // The same name born on another day is someone else.
    await added(clinic, { name: 'Kiran Desai', mobile: '9822011013', dateOfBirth: '1991-07-09' });
    // Another clinic's records are not this clinic's duplicates.
    const other = await createSignedInPartner(t);
    await added(other, { name: 'Asha', mobile });

    const all = await duplicatesOf(clinic);
    const pairs = all.results.map((pair) => [
      pair.reason,
      ...pair.patients.map((patient) => patient.id).sort(),
    ]);
    expect(pairs).toHaveLength(3);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['similar_name', ...[asha, ashaPatil].sort()],
        ['similar_name', ...[ashaPatil, aashaPatil].sort()],
        ['same_birth_date', ...[kiran, kiranAgain].sort()],
      ]),
    );
    expect(all.pagination.total).toBe(3);
    // The record added first leads its pair: the one a merge keeps unless told otherwise.
    const kiranPair = all.results.find((pair) => pair.reason === 'same_birth_date');
    expect(kiranPair?.patients.map((patient) => patient.id)).toEqual([kiran, kiranAgain]);

    const ofAshaPatil = await duplicatesOf(clinic, { patient_id: ashaPatil });
    expect(ofAshaPatil.pagination.total).toBe(2);
    const searched = await duplicatesOf(clinic, { query: 'kir' });
    expect(searched.results.map((pair) => pair.reason)).toEqual(['same_birth_date']);
    const paged = await duplicatesOf(clinic, { limit: '2', page: '2' });
    expect(paged.results).toHaveLength(1);
    expect((await duplicatesOf(other)).results).toEqual([]);
  });
});
