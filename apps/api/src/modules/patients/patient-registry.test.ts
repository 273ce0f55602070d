import { patientMessages } from '@vaidya/contract/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { slots } from '../../db/schema';
import { refreshLastVisit } from './patients.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const addPatient = (clinic: SignedInPartner, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/patient/add-patient', headers: clinic.headers, payload });
const updatePatient = (clinic: SignedInPartner, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/patient/update-patient', headers: clinic.headers, payload });
const getPatient = (clinic: SignedInPartner, patientId: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/patient/get-by-id',
    headers: clinic.headers,
    query: { patient_id: patientId },
  });
const listPatients = (clinic: SignedInPartner, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/patient/get-patients', headers: clinic.headers, query });

/** Adds a patient and answers their record; fails the test when the clinic refuses. */
async function added(clinic: SignedInPartner, payload: Record<string, unknown>) {
  const response = await addPatient(clinic, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('adding a patient: POST /api/patient/add-patient', () => {
  it('gives each new patient the clinic’s next number, first seen today, and keeps a number from another system', async () => {
    const clinic = await createSignedInPartner(t);
    const first = await added(clinic, { name: 'Asha Verma', mobile: '9822011001' });
    const second = await added(clinic, { name: 'Ravi Kumar', mobile: '98220 11002' });
    const imported = await added(clinic, {
      name: 'Kiran Desai',
      mobile: '9822011003',
      patientNumber: 'SDC-0042',
    });
    expect([first.patient_number, second.patient_number, imported.patient_number]).toEqual([
      '1',
      '2',
      'SDC-0042',
    ]);
    expect(second).toMatchObject({
      mobile: '9822011002',
      first_seen_on: '2026-11-02',
      balance: 0,
      last_visit_date: null,
    });
    // A number typed by hand that the counter reaches later is skipped, never given twice.
    await added(clinic, { name: 'Meena Iyer', mobile: '9822011004', patientNumber: '3' });
    expect((await added(clinic, { name: 'Farah Khan', mobile: '9822011005' })).patient_number).toBe('4');
    // Another clinic counts its own patients.
    const other = await createSignedInPartner(t);
    expect((await added(other, { name: 'Asha Verma', mobile: '9822011001' })).patient_number).toBe('1');
  });

  it('refuses a patient number or a mobile the clinic already has with 409', async () => {
    const clinic = await createSignedInPartner(t);
    await added(clinic, { name: 'Kiran Desai', mobile: '9822011003', patientNumber: 'SDC-0042' });
    const sameNumber = await addPatient(clinic, {
      name: 'Sita Devi',
      mobile: '9822011009',
      patientNumber: 'sdc-0042',
    });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json()).toEqual({ code: 'CONFLICT', message: patientMessages.numberTaken('sdc-0042') });
    // The same mobile and name, whatever the case and spaces, is the same patient.
    const samePatient = await addPatient(clinic, { name: ' kiran  DESAI', mobile: '98220 11003' });
    expect(samePatient.statusCode).toBe(409);
    expect(samePatient.json()).toEqual({
      code: 'CONFLICT',
      message: patientMessages.alreadyOnMobile('Kiran Desai'),
    });
    // Another name on the mobile is another of the family, with the next number.
    const daughter = await added(clinic, { name: 'Sita Desai', mobile: '98220 11003', age: 7 });
    expect(daughter).toMatchObject({ patient_number: '1', mobile: '9822011003' });
    // Each one's record names the others on the phone.
    expect(daughter.family).toEqual([
      { id: expect.any(String), patient_number: 'SDC-0042', name: 'Kiran Desai', gender: null, age: null },
    ]);
    const kiran = (await getPatient(clinic, daughter.family[0].id)).json().data;
    expect(kiran.family).toEqual([
      { id: daughter.id, patient_number: '1', name: 'Sita Desai', gender: null, age: 7 },
    ]);
  });

  it('answers each refused field with the contract’s sentence', async () => {
    const clinic = await createSignedInPartner(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ age: 34, dateOfBirth: '1990-01-01' }, patientMessages.ageOrBirthDate],
      [{ age: 131 }, patientMessages.invalidAge],
      [{ dateOfBirth: '2026-11-03' }, patientMessages.birthDateInFuture],
      [{ bloodGroup: 'C+' }, patientMessages.invalidBloodGroup],
      [{ email: 'asha.example.com' }, patientMessages.invalidEmail],
      [{ allergies: Array.from({ length: 21 }, (_, i) => `Allergy ${i}`) }, patientMessages.tooManyAllergies],
    ];
    for (const [fields, message] of cases) {
      const response = await addPatient(clinic, { name: 'Asha Verma', mobile: '9822011001', ...fields });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await listPatients(clinic)).json().data.pagination.total).toBe(0);
  });
});

describe('age and date of birth', () => {
  it('keeps an age as an approximate date of birth and a date of birth as it is, and counts the age each day', async () => {
    const clinic = await createSignedInPartner(t);
    const byAge = await added(clinic, {
      name: 'Asha Verma',
      mobile: '9822011001',
      age: 34,
      gender: 'female',
    });
    expect(byAge).toMatchObject({ age: 34, date_of_birth: '1992-11-02', date_of_birth_approximate: true });
    const byDate = await added(clinic, {
      name: 'Ravi Kumar',
      mobile: '9822011002',
      dateOfBirth: '1990-11-03',
    });
    expect(byDate).toMatchObject({ age: 35, date_of_birth: '1990-11-03', date_of_birth_approximate: false });
    t.clock.advance(86_400_000);
    try {
      const { idToken } = await t.tokens.issue({ ...clinic, authTime: t.clock.now() });
      const tomorrow = { ...clinic, headers: { authorization: `Bearer ${idToken}` } };
      expect((await getPatient(tomorrow, byDate.id)).json().data.age).toBe(36);
      expect((await getPatient(tomorrow, byAge.id)).json().data.age).toBe(34);
    } finally {
      t.clock.advance(-86_400_000);
    }
  });

  it('answers back the age a booking gave, and keeps an exact date of birth the age agrees with', async () => {
    const clinic = await createSignedInPartner(t);
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
    });
    const book = (startTime: string, customerAge: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/book-slot',
        headers: clinic.headers,
        payload: {
          queueId,
          date: '2026-11-03',
          startTime,
          customerName: 'Asha Verma',
          customerMobile: '9822011001',
          customerAge,
        },
      });
    const booked = await book('10:00', 40);
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.customer).toMatchObject({ name: 'Asha Verma', age: 40 });
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/get-patient-by-mobile?mobile=9822011001',
      headers: clinic.headers,
    });
    const [patient] = lookup.json().data;
    expect(patient.age).toBe(40);
    expect((await getPatient(clinic, patient.id)).json().data).toMatchObject({
      date_of_birth: '1986-11-02',
      date_of_birth_approximate: true,
    });

    await updatePatient(clinic, { id: patient.id, dateOfBirth: '1986-05-20' });
    expect((await book('10:15', 40)).json().data.customer.age).toBe(40);
    expect((await getPatient(clinic, patient.id)).json().data).toMatchObject({
      date_of_birth: '1986-05-20',
      date_of_birth_approximate: false,
    });
    expect((await book('10:30', 41)).json().data.customer.age).toBe(41);
    expect((await getPatient(clinic, patient.id)).json().data).toMatchObject({
      date_of_birth: '1985-11-02',
      date_of_birth_approximate: true,
    });
  });
});

describe('reading and editing a patient', () => {
  it('changes only what the edit names, and clears a field sent blank', async () => {
    const clinic = await createSignedInPartner(t);
    const patient = await added(clinic, {
      name: 'Asha Verma',
      mobile: '9822011001',
      gender: 'female',
      age: 34,
      address: '12 FC Road, Pune',
      email: 'asha@example.com',
      bloodGroup: 'B+',
      allergies: ['Penicillin', 'Peanuts'],
      medicalAlerts: ['diabetic', 'pregnant'],
      alertNotes: 'Anxious about needles',
      notes: 'Prefers mornings',
    });
    const response = await updatePatient(clinic, { id: patient.id, name: 'Asha Verma Rao', email: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { ...patient, name: 'Asha Verma Rao', email: null },
      message: patientMessages.updated,
    });
    expect((await getPatient(clinic, patient.id)).json().data).toEqual(response.json().data);
  });

  it('refuses on an edit another patient’s mobile and name, or number, with 409', async () => {
    const clinic = await createSignedInPartner(t);
    const asha = await added(clinic, { name: 'Asha Verma', mobile: '9822011001' });
    await added(clinic, { name: 'Ravi Kumar', mobile: '9822011002', patientNumber: 'R-7' });
    await added(clinic, { name: 'Asha Kumar', mobile: '9822011002' });
    // Moving to Ravi's phone is joining his family; taking his wife's name there too is her.
    const family = await updatePatient(clinic, { id: asha.id, mobile: '9822011002' });
    expect(family.statusCode).toBe(200);
    const mobile = await updatePatient(clinic, { id: asha.id, name: 'asha kumar' });
    expect(mobile.json()).toEqual({
      code: 'CONFLICT',
      message: patientMessages.alreadyOnMobile('Asha Kumar'),
    });
    const number = await updatePatient(clinic, { id: asha.id, patientNumber: 'r-7' });
    expect(number.json()).toEqual({ code: 'CONFLICT', message: patientMessages.numberTaken('r-7') });
    const own = await updatePatient(clinic, { id: asha.id, mobile: '9822011001', patientNumber: '1' });
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 for another clinic’s patient, read or edited', async () => {
    const clinic = await createSignedInPartner(t);
    const other = await createSignedInPartner(t);
    const theirs = await added(other, { name: 'Asha Verma', mobile: '9822011001' });
    for (const response of [
      await getPatient(clinic, theirs.id),
      await updatePatient(clinic, { id: theirs.id, name: 'Someone Else' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: `${patientMessages.recordLabel} not found`,
      });
    }
    expect((await getPatient(other, theirs.id)).json().data.name).toBe('Asha Verma');
  });
});

describe('the registry’s search: GET /api/patient/get-patients', () => {
  let clinic: SignedInPartner;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    clinic = await createSignedInPartner(t);
    const people: [key: string, payload: Record<string, unknown>][] = [
      ['rohit', { name: 'Rohit Sharma', mobile: '9822000042' }],
      ['sharmila', { name: 'Sharmila Rao', mobile: '9000042111' }],
      ['asha', { name: 'Asha Sharma', mobile: '9811122233' }],
      ['kiran', { name: 'Kiran Desai', mobile: '9876500042', patientNumber: 'SDC-0042' }],
      ['deepak', { name: 'Deepak Ashar', mobile: '9811100000' }],
      ['newcomer', { name: 'Zoya Sharif', mobile: '9811100001' }],
    ];
    for (const [key, payload] of people) ids[key] = (await added(clinic, payload)).id;
    // Visits: Kiran came last, then Asha, Sharmila, Rohit; Deepak's one booking is cancelled;
    // Zoya missed hers. Only a booking the patient came to is a visit (decision 043): Kiran's
    // booking ahead is not one yet.
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
    });
    const visits: [key: string, date: string, status?: 'cancelled' | 'booked' | 'no_show' | 'showed_up'][] = [
      ['rohit', '2026-09-01'],
      ['sharmila', '2026-10-01', 'showed_up'],
      ['asha', '2026-10-15'],
      ['kiran', '2026-10-20'],
      ['kiran', '2026-11-20', 'booked'],
      ['deepak', '2026-10-30', 'cancelled'],
      ['newcomer', '2026-10-31', 'no_show'],
    ];
    await t.database.db.insert(slots).values(
      visits.map(([key, date, status], token) => ({
        partner_id: clinic.partnerId,
        queue_id: queueId,
        patient_id: ids[key] as string,
        date,
        start_time: '10:00',
        end_time: '10:15',
        token_number: token + 1,
        status: status ?? ('completed' as const),
      })),
    );
    // Written here without the bookings module, so the patients' last visits are set here too.
    await refreshLastVisit(t.database.db, { partnerId: clinic.partnerId, patientIds: Object.values(ids) });
    const bill = await t.app.inject({
      method: 'POST',
      url: '/api/bill/add-bill',
      headers: clinic.headers,
      payload: {
        locationId: clinic.locationId,
        customerName: 'Rohit Sharma',
        customerMobile: '9822000042',
        items: [{ name: 'Consultation', quantity: 1, unitPrice: 500 }],
        amountPaid: 200,
        paymentMode: 'cash',
      },
    });
    expect(bill.statusCode, bill.body).toBe(201);
  });

  const names = async (query: string) => {
    const response = await listPatients(clinic, { query });
    expect(response.statusCode).toBe(200);
    return response.json().data.results.map((patient: { name: string }) => patient.name);
  };

  it('finds names by the start of any word, names starting with the text first, never inside a word', async () => {
    expect(await names('sha')).toEqual(['Sharmila Rao', 'Asha Sharma', 'Rohit Sharma', 'Zoya Sharif']);
    expect(await names('SHARMA')).toEqual(['Asha Sharma', 'Rohit Sharma']);
    expect(await names('rohit sh')).toEqual(['Rohit Sharma']);
    expect(await names('ash')).toEqual(['Asha Sharma', 'Deepak Ashar']);
    expect(await names('%')).toEqual([]);
  });

  it('finds 3 or more digits of a mobile, mobiles ending in them first, and the exact patient number above all', async () => {
    expect(await names('0042')).toEqual(['Kiran Desai', 'Rohit Sharma', 'Sharmila Rao']);
    expect(await names('+91 90000 42111')).toEqual(['Sharmila Rao']);
    expect(await names('sdc-0042')).toEqual(['Kiran Desai']);
    expect(await names('42')).toEqual([]);
    expect(await names('1')).toEqual(['Rohit Sharma']);
  });

  it('lists every patient when blank, last visit newest first, with age, last visit and what they owe', async () => {
    const response = await listPatients(clinic, { limit: '4' });
    expect(response.json().data.pagination).toEqual({ total: 6, page: 1, limit: 4, total_capped: false });
    expect(response.json().data.results.map((patient: { name: string }) => patient.name)).toEqual([
      'Kiran Desai',
      'Asha Sharma',
      'Sharmila Rao',
      'Rohit Sharma',
    ]);
    expect(response.json().data.results[3]).toEqual({
      id: ids.rohit,
      patient_number: '1',
      name: 'Rohit Sharma',
      mobile: '9822000042',
      gender: null,
      age: null,
      last_visit_date: '2026-09-01',
      balance: 300,
    });
    expect(response.json().data.results[0].last_visit_date).toBe('2026-10-20');
    const rest = (await listPatients(clinic, { limit: '4', page: '2' })).json().data.results;
    expect(rest.map((patient: { name: string }) => patient.name)).toEqual(['Deepak Ashar', 'Zoya Sharif']);
  });

  it('lists only the caller’s own patients', async () => {
    const other = await createSignedInPartner(t);
    await added(other, { name: 'Sharad Pawar', mobile: '9822000043' });
    expect(await names('sha')).not.toContain('Sharad Pawar');
    expect((await listPatients(other, { query: 'sha' })).json().data.results).toHaveLength(1);
  });
});
