import type { AuditEvent } from '@vaidya/contract/audit';
import { localToday } from '@vaidya/contract/calendar-dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookVisit } from '../../../test/booking-fixtures';
import { addSignedInMember, createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditEvents } from '../../db/schema';
import { fullVisit } from '../consultation-forms/consultation-form-fixtures';

let t: TestApp;
let a: SignedInPartner;
let b: SignedInPartner;
let doctor: SignedInPartner;
beforeAll(async () => {
  t = await createTestApp();
  a = await createSignedInPartner(t, { speciality_type: 'DENTIST' });
  b = await createSignedInPartner(t);
  doctor = await addSignedInMember(t, a, { role: 'doctor', values: { name: 'Dr. Meera Kulkarni' } });
});
afterAll(async () => {
  await t.close();
});

const call = (
  clinic: SignedInPartner,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: object,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: clinic.headers,
    ...(method === 'GET' || method === 'DELETE'
      ? { query: data as Record<string, string> }
      : { payload: data }),
  });

async function events(clinic: SignedInPartner, query: Record<string, string> = {}) {
  const response = await call(clinic, 'GET', '/audit/get-events', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    results: AuditEvent[];
    pagination: { total: number; page: number; limit: number };
  };
}

/** The clinic's acts on one record, oldest first. */
async function actsOn(clinic: SignedInPartner, recordId: string) {
  const { results } = await events(clinic, { limit: '100' });
  return results.filter((event) => event.record_id === recordId).reverse();
}

async function addPatient(clinic: SignedInPartner, name: string, mobile: string): Promise<string> {
  const response = await call(clinic, 'POST', '/patient/add-patient', { name, mobile, gender: 'female' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

describe('the audit trail is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit_events even in raw SQL, the row unchanged', async () => {
    const patientId = await addPatient(a, 'Lata Joshi', '9822011100');
    const { db } = t.database;
    const [row] = await db.select().from(auditEvents).where(eq(auditEvents.record_id, patientId));
    expect(row?.action).toBe('created');
    for (const statement of [
      sql`update audit_events set action = 'deleted', address = '10.0.0.1' where id = ${row?.id}`,
      sql`delete from audit_events where id = ${row?.id}`,
      sql`truncate audit_events`,
    ]) {
      await expect(db.execute(statement)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '42501' }),
      });
    }
    const [after] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.id, row?.id as string));
    expect(after).toEqual(row);
  });
});

describe('reads of prescriptions and bills by staff', () => {
  it('logs who read a prescription, from which address, and which one; the public page is not logged', async () => {
    const added = await call(a, 'POST', '/consultation-form/add-consultation-form', fullVisit());
    expect(added.statusCode, added.body).toBe(201);
    const form = added.json().data;
    expect((await call(doctor, 'GET', '/consultation-form/get-by-id', { id: form.id })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/public/prescription/${form.id}` });
    const acts = await actsOn(a, form.id);
    expect(acts.map((act) => [act.action, act.record_type])).toEqual([
      ['created', 'prescription'],
      ['read', 'prescription'],
    ]);
    expect(acts[1]).toMatchObject({
      user_id: doctor.userId,
      user_name: 'Dr. Meera Kulkarni',
      address: '127.0.0.1',
      patient_id: form.patient_id,
      patient_name: 'Asha Verma',
      location_id: form.location_id,
    });
    expect(acts[0]?.changes?.after).toMatchObject({ customer_name: 'Asha Verma' });
  });

  it('logs an edit of a prescription with the fields it changed, before and after', async () => {
    const form = (await call(a, 'POST', '/consultation-form/add-consultation-form', fullVisit())).json().data;
    const updated = await call(a, 'PUT', '/consultation-form/update-consultation-form', {
      ...fullVisit({ diagnoses: [{ diagnosis_name: 'Reversible pulpitis' }] }),
      id: form.id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const edit = (await actsOn(a, form.id)).find((act) => act.action === 'updated');
    expect(edit?.changes).toMatchObject({
      before: { diagnoses: [expect.objectContaining({ diagnosis_name: 'Irreversible pulpitis' })] },
      after: { diagnoses: [expect.objectContaining({ diagnosis_name: 'Reversible pulpitis' })] },
    });
  });

  it('logs a bill created, its payment, a staff read and its WhatsApp message', async () => {
    const added = await call(a, 'POST', '/bill/add-bill', {
      locationId: a.locationId,
      customerName: 'Ravi Patil',
      customerMobile: '9822011200',
      items: [{ name: 'Consultation', quantity: 1, unitPrice: 500 }],
      discount: 0,
      amountPaid: 200,
      paymentMode: 'cash',
    });
    expect(added.statusCode, added.body).toBe(201);
    const bill = added.json().data;
    expect((await call(a, 'GET', '/bill/get-by-id', { id: bill.id })).statusCode).toBe(200);
    expect((await call(a, 'POST', '/bill/send-message', { billId: bill.id })).statusCode).toBe(200);
    const { results } = await events(a, { patient_id: bill.patient_id });
    expect(results.map((event) => [event.record_type, event.action]).reverse()).toEqual([
      ['payment', 'created'],
      ['bill', 'created'],
      ['bill', 'read'],
      ['message', 'sent'],
    ]);
    expect(results[0]?.changes?.after).toMatchObject({ template: 'bill', document_id: bill.id });
  });
});

describe('writes to a patient’s records', () => {
  it('logs a desk booking, its status moves, its move and its cancelling', async () => {
    const slotId = await bookVisit(t, a, { mobile: '9822011300' });
    expect((await call(a, 'PUT', '/update-showed-up', { slot_id: slotId, showed_up: true })).statusCode).toBe(
      200,
    );
    const moved = await call(a, 'PUT', '/edit-time-for-ind-patient', { slotId, startTime: '10:30' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(a, 'DELETE', '/cancel-token-by-admin', { slot_id: slotId })).statusCode).toBe(200);
    const acts = await actsOn(a, slotId);
    expect(acts.map((act) => [act.action, act.changes])).toEqual([
      ['created', null],
      ['status_changed', { after: { status: 'showed_up' } }],
      ['updated', { before: { start_time: '10:00' }, after: { start_time: '10:30' } }],
      ['status_changed', { after: { status: 'cancelled' } }],
    ]);
    expect(acts.every((act) => act.record_type === 'booking' && act.user_id === a.userId)).toBe(true);
    expect(acts[0]?.patient_name).toBe('Asha Verma');
  });

  it('logs an online booking as nobody’s, from the visitor’s address', async () => {
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: a.partnerId,
      locationId: a.locationId,
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/public/book-slot',
      remoteAddress: '203.0.113.9',
      payload: {
        queueId,
        date: '2026-11-03',
        startTime: '11:00',
        customerName: 'Kiran Rao',
        customerMobile: '9822011400',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { results } = await events(a, { record_type: 'booking', action: 'created', limit: '100' });
    expect(results.find((event) => event.patient_name === 'Kiran Rao')).toMatchObject({
      user_id: null,
      user_name: '',
      address: '203.0.113.9',
    });
  });

  it('logs a patient’s edit with only the fields it changed, and a merge under the kept patient', async () => {
    const keepId = await addPatient(a, 'Sunita Deshmukh', '9822011500');
    const mergeId = await addPatient(a, 'Sunita Deshmuk', '9822011501');
    const edited = await call(a, 'PUT', '/patient/update-patient', { id: keepId, address: 'Kothrud, Pune' });
    expect(edited.statusCode, edited.body).toBe(200);
    const merged = await call(a, 'POST', '/patient/merge-patients', { keepId, mergeId });
    expect(merged.statusCode, merged.body).toBe(200);
    // The merged patient's acts are the kept one's now: both created, the edit, the merge.
    const { results } = await events(a, { patient_id: keepId });
    const acts = results.reverse().map((event) => [event.action, event.record_id]);
    expect(acts).toEqual([
      ['created', keepId],
      ['created', mergeId],
      ['updated', keepId],
      ['merged', mergeId],
    ]);
    expect(results[2]?.changes).toEqual({ before: { address: null }, after: { address: 'Kothrud, Pune' } });
    expect(results[3]?.patient_name).toBe('Sunita Deshmukh');
  });

  it('logs dental findings added and voided, and the chart updated', async () => {
    const patientId = await addPatient(a, 'Anil Gokhale', '9822011600');
    const added = await call(a, 'POST', '/dental/add-findings', {
      patientId,
      findings: [{ tooth: 16, surfaces: ['O'], condition: 'caries', state: 'existing' }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const [finding] = added.json().data;
    expect((await call(a, 'PUT', '/dental/void-finding', { findingId: finding.id })).statusCode).toBe(200);
    expect(
      (await call(a, 'PUT', '/dental/update-chart', { patientId, mixedDentition: true })).statusCode,
    ).toBe(200);
    const { results } = await events(a, { patient_id: patientId, record_type: 'dental_chart' });
    expect(results.reverse().map((event) => [event.action, event.record_id])).toEqual([
      ['created', finding.id],
      ['deleted', finding.id],
      ['updated', null],
    ]);
    expect(results[2]?.changes).toEqual({
      before: { mixed_dentition: false },
      after: { mixed_dentition: true },
    });
  });
});

describe('who sees what: GET /api/audit/get-events', () => {
  it('shows a doctor only their own acts, whatever user_id asks', async () => {
    const mine = await addPatient(doctor, 'Neha Sathe', '9822011700');
    const { results, pagination } = await events(doctor, { user_id: a.userId, limit: '100' });
    expect(results.length).toBeGreaterThan(0);
    expect(pagination.total).toBe(results.length);
    expect(results.every((event) => event.user_id === doctor.userId)).toBe(true);
    expect(results.some((event) => event.record_id === mine)).toBe(true);
    const owner = await events(a, { user_id: doctor.userId, limit: '100' });
    expect(owner.results.map((event) => event.id)).toEqual(results.map((event) => event.id));
  });

  it('refuses the front desk with ROLE_FORBIDDEN', async () => {
    const desk = await addSignedInMember(t, a, { role: 'front_desk' });
    const response = await call(desk, 'GET', '/audit/get-events');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ROLE_FORBIDDEN');
  });

  it('pages newest first and filters by action, record type and the clinic’s dates', async () => {
    const all = await events(a, { limit: '100' });
    const ats = all.results.map((event) => event.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const first = await events(a, { limit: '2', page: '1' });
    const second = await events(a, { limit: '2', page: '2' });
    expect(first.pagination).toEqual({ total: all.pagination.total, page: 1, limit: 2 });
    expect([...first.results, ...second.results].map((event) => event.id)).toEqual(
      all.results.slice(0, 4).map((event) => event.id),
    );
    const reads = await events(a, { action: 'read', limit: '100' });
    expect(reads.results.length).toBeGreaterThan(0);
    expect(reads.results.every((event) => event.action === 'read')).toBe(true);
    const bills = await events(a, { record_type: 'bill', limit: '100' });
    expect(bills.results.every((event) => event.record_type === 'bill')).toBe(true);
    const today = localToday('Asia/Kolkata', new Date()).date;
    expect((await events(a, { from: today, to: today })).pagination.total).toBe(all.pagination.total);
    expect((await events(a, { to: '2020-01-01' })).pagination.total).toBe(0);
    const backwards = await call(a, 'GET', '/audit/get-events', { from: today, to: '2020-01-01' });
    expect(backwards.statusCode).toBe(400);
  });

  it('shows another clinic nothing of this one, and its patient as not found', async () => {
    const { results } = await events(b, { limit: '100' });
    expect(results.some((event) => event.user_id === a.userId || event.user_id === doctor.userId)).toBe(
      false,
    );
    const patientId = await addPatient(a, 'Vijay More', '9822011800');
    const asked = await call(b, 'GET', '/audit/get-events', { patient_id: patientId });
    expect(asked.statusCode).toBe(404);
    expect((await call(b, 'GET', '/audit/export-events', { patient_id: patientId })).statusCode).toBe(404);
  });
});

describe('GET /api/audit/export-events', () => {
  it('answers the filtered trail as CSV, cells escaped against formulas', async () => {
    const patientId = await addPatient(a, '=HYPERLINK("http://x.test","Click")', '9822011900');
    const response = await call(a, 'GET', '/audit/export-events', { patient_id: patientId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
    const lines = response.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('When,Who,Action,Record,Patient,Address,Changes');
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Dr\. Test \d+,Created,Patient record [0-9a-f-]{36},/,
    );
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://x.test"",""Click"")",127.0.0.1,`);
    expect(lines).toHaveLength(3);
  });

  it('writes an act of nobody signed in as the online booking or TV', async () => {
    const response = await call(a, 'GET', '/audit/export-events', {
      record_type: 'booking',
      action: 'created',
    });
    expect(response.body).toContain(',Online booking or clinic TV,Created,Booking ');
  });
});
