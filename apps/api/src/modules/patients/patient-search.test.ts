import type { PatientList, PatientRecord } from '@vaidya/contract/patients';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/count-queries';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { patients } from '../../db/schema';
import { patientCountCap } from './patients.repository';

// The registry's list at scale (issue 21 "Speed", decision 043): the last visit kept on the
// patient by every booking change, merged patients left out, and a count that stops at a cap.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The test clock's today in the clinic's zone (10:00 on Monday 2 November 2026, IST). */
const today = '2026-11-02';

async function listOf(clinic: SignedInPartner, query: Record<string, string> = {}): Promise<PatientList> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/patient/get-patients',
    headers: clinic.headers,
    query,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function recordOf(clinic: SignedInPartner, patientId: string): Promise<PatientRecord> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/patient/get-by-id',
    headers: clinic.headers,
    query: { patient_id: patientId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Sends one booking call and fails the test when it is refused. */
async function send(
  clinic: SignedInPartner,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: Record<string, unknown>; query?: Record<string, string> },
) {
  const response = await t.app.inject({ method, url, headers: clinic.headers, ...options });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

/** A booking of `name` on `date` at `startTime` in the queue; answers the slot and its patient. */
async function book(
  clinic: SignedInPartner,
  booking: { queueId: string; date: string; startTime: string; name: string; mobile: string },
) {
  const slot = await send(clinic, 'POST', '/api/book-slot', {
    payload: {
      queueId: booking.queueId,
      date: booking.date,
      startTime: booking.startTime,
      customerName: booking.name,
      customerMobile: booking.mobile,
    },
  });
  return { slotId: slot.id as string, patientId: slot.customer.id as string };
}

/** A new clinic with a queue open every day (10–13 and 17–20 unless `sessions` say otherwise). */
async function clinicWithQueue(sessions?: { start: string; end: string }[]) {
  const clinic = await createSignedInPartner(t);
  const queueId = await createQueueWithTimings(t.database.db, {
    partnerId: clinic.partnerId,
    locationId: clinic.locationId,
    sessions,
  });
  return { clinic, queueId };
}

describe('the last visit: the latest date the patient came (decision 043)', () => {
  it('follows each change of a booking: arrived and back, called, completed, missed, cancelled', async () => {
    const { clinic, queueId } = await clinicWithQueue();
    const asha = await book(clinic, {
      queueId,
      date: today,
      startTime: '10:30',
      name: 'Asha Verma',
      mobile: '9822011001',
    });
    const ravi = await book(clinic, {
      queueId,
      date: today,
      startTime: '10:45',
      name: 'Ravi Kumar',
      mobile: '9822011002',
    });
    const lastVisit = async (patientId: string) => (await recordOf(clinic, patientId)).last_visit_date;
    const showedUp = (slotId: string, value: boolean) =>
      send(clinic, 'PUT', '/api/update-showed-up', { payload: { slot_id: slotId, showed_up: value } });

    // Booked is not a visit; arriving is, and undoing it takes it back.
    expect(await lastVisit(asha.patientId)).toBeNull();
    await showedUp(asha.slotId, true);
    expect(await lastVisit(asha.patientId)).toBe(today);
    await showedUp(asha.slotId, false);
    expect(await lastVisit(asha.patientId)).toBeNull();

    // Called by Call next, then done: still today. Ravi, missed, has no visit.
    await showedUp(asha.slotId, true);
    await send(clinic, 'PUT', '/api/call-next-token', { payload: { queueId, date: today } });
    expect(await lastVisit(asha.patientId)).toBe(today);
    await send(clinic, 'PUT', '/api/complete-token', { payload: { slotId: asha.slotId } });
    await send(clinic, 'PUT', '/api/mark-no-show', { payload: { slotId: ravi.slotId } });
    expect(await lastVisit(asha.patientId)).toBe(today);
    expect(await lastVisit(ravi.patientId)).toBeNull();

    // The list opens on who came last; a booking ahead changes nothing.
    await book(clinic, {
      queueId,
      date: '2026-11-03',
      startTime: '10:00',
      name: 'Ravi Kumar',
      mobile: '9822011002',
    });
    const list = await listOf(clinic);
    expect(list.results.map((patient) => [patient.name, patient.last_visit_date])).toEqual([
      ['Asha Verma', today],
      ['Ravi Kumar', null],
    ]);

    // Ravi came after all (back to waiting); Asha's booking cancelled is no visit.
    await send(clinic, 'PUT', '/api/return-to-waiting', { payload: { slotId: ravi.slotId } });
    await send(clinic, 'DELETE', '/api/cancel-token-by-admin', { query: { slot_id: asha.slotId } });
    expect(await lastVisit(ravi.patientId)).toBe(today);
    expect(await lastVisit(asha.patientId)).toBeNull();
  });

  it('moves with a booking put on another patient of the same phone', async () => {
    const { clinic, queueId } = await clinicWithQueue();
    const mother = await book(clinic, {
      queueId,
      date: today,
      startTime: '11:00',
      name: 'Asha Verma',
      mobile: '9822011001',
    });
    await send(clinic, 'PUT', '/api/update-showed-up', {
      payload: { slot_id: mother.slotId, showed_up: true },
    });
    const slot = await send(clinic, 'PUT', '/api/edit-name', {
      payload: { slotId: mother.slotId, customerName: 'Riya Verma' },
    });
    expect(slot.customer.id).not.toBe(mother.patientId);
    expect((await recordOf(clinic, slot.customer.id)).last_visit_date).toBe(today);
    expect((await recordOf(clinic, mother.patientId)).last_visit_date).toBeNull();
  });
});

describe('the registry leaves out merged patients and counts up to a cap', () => {
  it('never lists nor finds a patient merged into another, nor counts them', async () => {
    const clinic = await createSignedInPartner(t);
    const add = (name: string, mobile: string) =>
      send(clinic, 'POST', '/api/patient/add-patient', { payload: { name, mobile } });
    const kept = await add('Asha Verma', '9822011001');
    const duplicate = await add('Asha Varma', '9822011002');
    await t.database.db
      .update(patients)
      .set({ merged_into_id: kept.id })
      .where(eq(patients.id, duplicate.id));
    const queries: Record<string, string>[] = [{}, { query: 'asha' }, { query: '98220' }, { query: '1' }];
    for (const query of queries) {
      const list = await listOf(clinic, query);
      expect(list.results.map((patient) => patient.id)).toEqual([kept.id]);
      expect(list.pagination).toMatchObject({ total: 1, total_capped: false });
    }
    // Not even by its own number.
    expect((await listOf(clinic, { query: '2' })).pagination.total).toBe(0);
  });

  it(`counts exactly up to ${patientCountCap} matches, then says more match; a page beyond still counts past itself`, async () => {
    const clinic = await createSignedInPartner(t);
    const size = patientCountCap + 5;
    await t.database.db.execute(sql`
      insert into patients (partner_id, patient_number, name, mobile, first_seen_on)
      select ${clinic.partnerId}, k::text, 'Patient ' || lpad(k::text, 4, '0'),
        '9' || lpad(k::text, 9, '0'), ${today}::date
      from generate_series(1, ${size}) as k`);
    const first = await listOf(clinic, { limit: '20' });
    expect(first.pagination).toEqual({ total: patientCountCap, page: 1, limit: 20, total_capped: true });
    // A page past the cap counts to just past its end: all there are, exactly.
    const beyond = await listOf(clinic, { limit: '20', page: '51' });
    expect(beyond.results.map((patient) => patient.name)).toEqual([
      'Patient 1001',
      'Patient 1002',
      'Patient 1003',
      'Patient 1004',
      'Patient 1005',
    ]);
    expect(beyond.pagination).toEqual({ total: size, page: 51, limit: 20, total_capped: false });
    // A search that names fewer is counted exactly.
    const few = await listOf(clinic, { query: 'patient 100' });
    expect(few.pagination).toMatchObject({ total: 6, total_capped: false });
    expect(few.results[0]?.name).toBe('Patient 1000');
  });
});

describe('the registry’s pages', () => {
  it('pages through names starting with the text, then names with a later word starting with it, each once', async () => {
    const clinic = await createSignedInPartner(t);
    await t.database.db.execute(sql`
      insert into patients (partner_id, patient_number, name, mobile, first_seen_on, last_visit_on)
      select ${clinic.partnerId}, k::text,
        case when k % 2 = 0 then 'Shanti ' || k else 'Ravi Sharma ' || k end,
        '98220' || lpad(k::text, 5, '0'), ${today}::date,
        case when k % 3 = 0 then null else ${today}::date - k end
      from generate_series(1, 23) as k`);
    const all = await listOf(clinic, { query: 'sha', limit: '100' });
    expect(all.results).toHaveLength(23);
    const starts = all.results.map((patient) => patient.name.startsWith('Shanti'));
    expect(starts).toEqual([...Array(11).fill(true), ...Array(12).fill(false)]);
    const paged: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const list = await listOf(clinic, { query: 'sha', limit: '5', page: String(page) });
      expect(list.pagination).toEqual({ total: 23, page, limit: 5, total_capped: false });
      paged.push(...list.results.map((patient) => patient.id));
    }
    expect(paged).toEqual(all.results.map((patient) => patient.id));
  });
});

describe('the registry’s queries per request', () => {
  it('sends as many queries for a page of 20 patients with bookings and bills as for one patient', async () => {
    const { clinic, queueId } = await clinicWithQueue([{ start: '08:00', end: '20:00' }]);
    const patientsOf = (count: number, from: number) =>
      Array.from({ length: count }, (_, index) => ({
        name: `Patient ${from + index}`,
        mobile: `98220${String(11_000 + from + index).padStart(5, '0')}`,
      }));
    const visit = async (people: { name: string; mobile: string }[], hour: number) => {
      for (const [index, person] of people.entries()) {
        const minutes = String((index % 4) * 15).padStart(2, '0');
        const startTime = `${String(hour + Math.floor(index / 4)).padStart(2, '0')}:${minutes}`;
        const { slotId } = await book(clinic, { queueId, date: '2026-11-03', startTime, ...person });
        await send(clinic, 'PUT', '/api/update-showed-up', { payload: { slot_id: slotId, showed_up: true } });
        await send(clinic, 'POST', '/api/bill/add-bill', {
          payload: {
            locationId: clinic.locationId,
            customerName: person.name,
            customerMobile: person.mobile,
            items: [{ name: 'Consultation', quantity: 1, unitPrice: 500 }],
            amountPaid: 100,
          },
        });
      }
    };
    await visit(patientsOf(1, 0), 10);
    let one = 0;
    const oneQueries = await countQueries(t.database.db, async () => {
      one = (await listOf(clinic, { limit: '20' })).results.length;
    });
    await visit(patientsOf(19, 1), 11);
    let twenty = 0;
    const twentyQueries = await countQueries(t.database.db, async () => {
      twenty = (await listOf(clinic, { limit: '20', query: 'pat' })).results.length;
    });
    expect([one, twenty]).toEqual([1, 20]);
    expect(twentyQueries).toBe(oneQueries);
    // The page and its count, and no more than the sign-in's own reads.
    expect(twentyQueries).toBeLessThanOrEqual(4);
  });
});

describe('the words of the names (decision 045)', () => {
  it('follow a rename and a merge, list a patient with two matching words once, and leave one or two letters to the names', async () => {
    const clinic = await createSignedInPartner(t);
    const add = (name: string, mobile: string) =>
      send(clinic, 'POST', '/api/patient/add-patient', { payload: { name, mobile } });
    await add('Ram Ramesh Kumar', '9822011001');
    const sunita = await add('Sunita Kale', '9822011002');
    const twin = await add('Sunita  Kale', '9822011003');
    const names = async (query: string) => {
      const list = await listOf(clinic, { query });
      return { names: list.results.map((patient) => patient.name), total: list.pagination.total };
    };
    expect(await names('ram')).toEqual({ names: ['Ram Ramesh Kumar'], total: 1 });
    expect(await names('rames')).toEqual({ names: ['Ram Ramesh Kumar'], total: 1 });
    expect(await names('ram kum')).toEqual({ names: [], total: 0 });
    expect(await names('ramesh kum')).toEqual({ names: ['Ram Ramesh Kumar'], total: 1 });
    expect(await names('ku')).toEqual({ names: ['Ram Ramesh Kumar'], total: 1 });
    expect((await names('kale')).total).toBe(2);
    await send(clinic, 'PUT', '/api/patient/update-patient', {
      payload: { id: sunita.id, name: 'Sunita Joshi' },
    });
    expect(await names('kale')).toEqual({ names: ['Sunita  Kale'], total: 1 });
    expect(await names('josh')).toEqual({ names: ['Sunita Joshi'], total: 1 });
    await send(clinic, 'POST', '/api/patient/merge-patients', {
      payload: { keepId: sunita.id, mergeId: twin.id },
    });
    expect(await names('kale')).toEqual({ names: [], total: 0 });
    expect(await names('sunita')).toEqual({ names: ['Sunita Joshi'], total: 1 });
  });
});
