import { consultationFormMessages, maxItemsPerList } from '@vaidya/contract/consultation-forms';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookVisit } from '../../../test/booking-fixtures';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  complaints,
  consultationFormVersions,
  locations,
  partners,
  patientAge,
  patients,
  products,
  treatments,
} from '../../db/schema';
import { formCalls, fullVisit } from './consultation-form-fixtures';

// The test clock starts at 2026-11-02T04:30Z: Monday 2 November, 10:00 in India.
let t: TestApp;
let a: SignedInPartner;
let b: SignedInPartner;
let calls: ReturnType<typeof formCalls>;
beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await createTwoPartners(t));
  await t.database.db
    .update(partners)
    .set({ name: 'Smile Dental', speciality_type: 'DENTIST' })
    .where(eq(partners.id, a.partnerId));
  await t.database.db
    .update(locations)
    .set({ location_name: 'Kothrud Clinic', address: '12, Karve Road, Pune', contact_no: '+91 20 2543 1188' })
    .where(eq(locations.id, a.locationId));
  calls = formCalls(t);
});
afterAll(async () => {
  await t.close();
});

const setTimeZone = (timeZone: string) =>
  t.database.db.update(partners).set({ time_zone: timeZone }).where(eq(partners.id, a.partnerId));

const ownComplaints = (partnerId: string) =>
  t.database.db.select().from(complaints).where(eq(complaints.partner_id, partnerId));
const ownProducts = (partnerId: string) =>
  t.database.db.select().from(products).where(eq(products.partner_id, partnerId));
const ownTreatments = (partnerId: string) =>
  t.database.db.select().from(treatments).where(eq(treatments.partner_id, partnerId));

describe('writing a form for a booking', () => {
  let slotId: string;
  let formId: string;

  it('saves the visit as written, at the booking’s location, dated the clinic’s today', async () => {
    slotId = await bookVisit(t, a);
    const response = await calls.add(a, fullVisit({ slotId }));
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json();
    formId = data.id;
    expect(message).toBe('Prescription saved successfully');
    expect(data).toMatchObject({
      slot_id: slotId,
      location_id: a.locationId,
      customer_name: 'Asha Verma',
      customer_age: 34,
      customer_gender: 'female',
      customer_mobile: '9822011001',
      prescribed_date: '2026-11-02',
      updated_at: '2026-11-02T04:30:00.000Z',
      version: 1,
      metrics: [
        { id: expect.any(String), type: 'BP', value: '120/80' },
        { id: expect.any(String), type: 'Pulse', value: '72' },
      ],
      complaints: [
        { id: expect.any(String), complaint_name: 'Toothache' },
        { id: expect.any(String), complaint_name: 'Bleeding gums' },
      ],
      treatments: [
        {
          treatment_name: 'Root canal treatment',
          tooth_number: 36,
          operations: [
            { id: expect.any(String), operation_name: 'Access opening' },
            { id: expect.any(String), operation_name: 'Obturation' },
          ],
        },
      ],
      products: [
        {
          product_name: 'Amoxicillin 500',
          composition: 'Amoxicillin 500 mg',
          dosage_qty: '1 tablet',
          is_morning: true,
          is_afternoon: true,
          is_evening: true,
          is_sos: false,
          days: 5,
          instructions: 'After meal',
        },
        {
          product_name: 'Ibuprofen 400',
          composition: '',
          dosage_qty: '1 tablet',
          is_morning: false,
          is_afternoon: false,
          is_evening: false,
          is_sos: true,
          days: null,
          instructions: '',
        },
      ],
    });
  });

  it('adds the typed names to the clinic’s masters, medicines with their dosage, treatments as services', async () => {
    const form = (await calls.get(a, 'get-by-id', { id: formId })).json().data;
    const listed = await ownComplaints(a.partnerId);
    expect(listed.map((row) => row.complaint_name).sort()).toEqual(['Bleeding gums', 'Toothache']);
    expect(form.complaints.map((item: { id: string }) => item.id).sort()).toEqual(
      listed.map((row) => row.id).sort(),
    );
    const [amoxicillin] = (await ownProducts(a.partnerId)).filter(
      (row) => row.product_name === 'Amoxicillin 500',
    );
    expect(amoxicillin).toMatchObject({
      id: form.products[0].id,
      composition: 'Amoxicillin 500 mg',
      dosage_qty: '1 tablet',
      is_morning: true,
      days: 5,
      instructions: 'After meal',
    });
    const [treatment] = await ownTreatments(a.partnerId);
    expect(treatment).toMatchObject({
      id: form.treatments[0].id,
      treatment_name: 'Root canal treatment',
      type: 'SERVICE',
      price: null,
    });
  });

  it('finds or creates the patient by mobile and keeps the details typed', async () => {
    const [patient] = await t.database.db
      .select({
        name: patients.name,
        gender: patients.gender,
        age: patientAge(t.clock.now()),
        date_of_birth_approximate: patients.date_of_birth_approximate,
      })
      .from(patients)
      .where(and(eq(patients.partner_id, a.partnerId), eq(patients.mobile, '9822011001')));
    expect(patient).toEqual({
      name: 'Asha Verma',
      age: 34,
      gender: 'female',
      date_of_birth_approximate: true,
    });
  });

  it('answers the booking’s form by slot and by id; a booking without one answers null', async () => {
    const bySlot = await calls.get(a, 'get-by-slot-id', { slot_id: slotId });
    expect(bySlot.statusCode).toBe(200);
    expect(bySlot.json().data.id).toBe(formId);
    const byId = await calls.get(a, 'get-by-id', { id: formId });
    expect(byId.json().data).toEqual(bySlot.json().data);
    const otherSlot = await bookVisit(t, a, { startTime: '11:00' });
    expect((await calls.get(a, 'get-by-slot-id', { slot_id: otherSlot })).json()).toEqual({ data: null });
  });

  it('refuses a second form for the booking with 409', async () => {
    const response = await calls.add(a, fullVisit({ slotId }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: consultationFormMessages.slotHasForm, code: 'CONFLICT' });
  });

  it('edits the form as a new version and keeps its date of prescription', async () => {
    // Later, and (for the clinic, now in Samoa's zone) already 1 November: the form keeps its date.
    t.clock.advance(60_000);
    await setTimeZone('Pacific/Pago_Pago');
    const response = await calls.update(
      a,
      fullVisit({ id: formId, slotId, customerAge: 35, complaints: [{ complaint_name: 'Toothache' }] }),
    );
    await setTimeZone('Asia/Kolkata');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Prescription updated successfully',
      data: {
        id: formId,
        version: 2,
        customer_age: 35,
        prescribed_date: '2026-11-02',
        updated_at: '2026-11-02T04:31:00.000Z',
        complaints: [{ complaint_name: 'Toothache' }],
      },
    });
  });

  it('refuses moving a form to a booking that has one', async () => {
    const otherSlot = await bookVisit(t, a, { startTime: '12:00' });
    const other = (await calls.add(a, fullVisit({ slotId: otherSlot }))).json().data;
    const moved = await calls.update(a, fullVisit({ id: other.id, slotId }));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(consultationFormMessages.slotHasForm);
  });

  it('deletes the form: gone everywhere, its booking may get a new one, its versions stay', async () => {
    const deleted = await calls.remove(a, formId);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { id: formId }, message: 'Prescription deleted successfully' });
    expect((await calls.get(a, 'get-by-id', { id: formId })).statusCode).toBe(404);
    expect((await calls.get(a, 'get-by-slot-id', { slot_id: slotId })).json()).toEqual({ data: null });
    expect((await calls.update(a, fullVisit({ id: formId }))).statusCode).toBe(404);
    expect((await calls.remove(a, formId)).statusCode).toBe(404);

    const versions = await t.database.db
      .select()
      .from(consultationFormVersions)
      .where(eq(consultationFormVersions.form_id, formId))
      .orderBy(asc(consultationFormVersions.version));
    expect(
      versions.map(({ version, action, changed_by, snapshot }) => ({
        version,
        action,
        changed_by,
        snapshot: {
          version: (snapshot as { version: number }).version,
          age: (snapshot as { customer_age: number }).customer_age,
        },
      })),
    ).toEqual([
      { version: 1, action: 'created', changed_by: a.userId, snapshot: { version: 1, age: 34 } },
      { version: 2, action: 'updated', changed_by: a.userId, snapshot: { version: 2, age: 35 } },
      { version: 3, action: 'deleted', changed_by: a.userId, snapshot: { version: 3, age: 35 } },
    ]);

    const again = await calls.add(a, fullVisit({ slotId }));
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).not.toBe(formId);
  });
});

describe('picking from the masters', () => {
  it('keeps a picked record’s id with the name as sent, and reuses a master name in any case', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/masters/add-complaint',
      headers: a.headers,
      payload: { complaintName: 'Sensitivity to cold' },
    });
    const picked = added.json().data.id;
    const before = (await ownComplaints(a.partnerId)).length;
    const response = await calls.add(
      a,
      fullVisit({
        complaints: [
          { id: picked, complaint_name: 'Sensitivity to cold' },
          { complaint_name: 'TOOTHACHE' },
          { complaint_name: 'toothache' },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const [toothache] = (await ownComplaints(a.partnerId)).filter(
      (row) => row.complaint_name === 'Toothache',
    );
    expect(response.json().data.complaints).toEqual([
      { id: picked, complaint_name: 'Sensitivity to cold' },
      { id: toothache?.id, complaint_name: 'TOOTHACHE' },
      { id: toothache?.id, complaint_name: 'toothache' },
    ]);
    expect((await ownComplaints(a.partnerId)).length).toBe(before);
  });

  it('keeps one treatment on several teeth: a picked one and a typed one, each twice, every row as sent', async () => {
    const rootCanal = (await calls.add(a, fullVisit())).json().data.treatments[0].id;
    const before = (await ownTreatments(a.partnerId)).length;
    const response = await calls.add(
      a,
      fullVisit({
        treatments: [
          { id: rootCanal, treatment_name: 'Root canal treatment', tooth_number: 36, operations: [] },
          { id: rootCanal, treatment_name: 'Root canal treatment', tooth_number: 46, operations: [] },
          { treatment_name: 'Composite filling', tooth_number: 16, operations: [] },
          // The same tooth again is allowed too: two fillings on different surfaces of one tooth.
          {
            treatment_name: 'Composite filling',
            tooth_number: 16,
            operations: [{ operation_name: 'Polishing' }],
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const [filling] = (await ownTreatments(a.partnerId)).filter(
      (row) => row.treatment_name === 'Composite filling',
    );
    expect((await ownTreatments(a.partnerId)).length).toBe(before + 1);
    const saved = response.json().data;
    expect(
      saved.treatments.map(({ id, tooth_number }: { id: string; tooth_number: number }) => [
        id,
        tooth_number,
      ]),
    ).toEqual([
      [rootCanal, 36],
      [rootCanal, 46],
      [filling?.id, 16],
      [filling?.id, 16],
    ]);
    expect(saved.treatments[3].operations).toEqual([{ id: expect.any(String), operation_name: 'Polishing' }]);
    const form = (await calls.get(a, 'get-by-id', { id: saved.id })).json().data;
    expect(form.treatments).toEqual(saved.treatments);
  });

  it('prints what was written, whatever the master says later (the snapshot rule)', async () => {
    const saved = (await calls.add(a, fullVisit())).json().data;
    const amoxicillin = saved.products[0];
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/masters/update-product',
      headers: a.headers,
      payload: { id: amoxicillin.id, productName: 'Amoxicillin 250', dosageQty: '2 tablets', days: 3 },
    });
    expect(edited.statusCode).toBe(200);
    const form = (await calls.get(a, 'get-by-id', { id: saved.id })).json().data;
    expect(form.products[0]).toEqual(amoxicillin);
    const page = (await t.app.inject({ method: 'GET', url: `/api/public/prescription/${saved.id}` })).json();
    expect(page.data.consultation_form_data.products[0]).toEqual(amoxicillin);
  });
});

describe('a walk-in’s form', () => {
  it('is printed at the chosen location, else the clinic’s first', async () => {
    const [second] = await t.database.db
      .insert(locations)
      .values({ partner_id: a.partnerId, location_name: 'Baner Clinic' })
      .returning();
    const first = await calls.add(a, fullVisit());
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ slot_id: null, location_id: a.locationId });
    const chosen = await calls.add(a, fullVisit({ locationId: second?.id }));
    expect(chosen.json().data.location_id).toBe(second?.id);
  });

  it('needs a location: a clinic without one is answered 404', async () => {
    const bare = await createSignedInPartner(t);
    await t.database.db.delete(locations).where(eq(locations.partner_id, bare.partnerId));
    const response = await calls.add(bare, fullVisit());
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Location not found');
  });
});

describe('another clinic’s records are not found', () => {
  let slotOfA: string;
  let formOfA: string;
  let complaintOfA: string;
  beforeAll(async () => {
    slotOfA = await bookVisit(t, a, { startTime: '17:00' });
    const form = (await calls.add(a, fullVisit({ slotId: slotOfA }))).json().data;
    formOfA = form.id;
    complaintOfA = form.complaints[0].id;
  });

  it.each([
    ['a booking', () => ({ slotId: slotOfA }), 'Booking not found'],
    ['a location', () => ({ locationId: a.locationId }), 'Location not found'],
    [
      'a complaint',
      () => ({ complaints: [{ id: complaintOfA, complaint_name: 'Toothache' }] }),
      'Complaint not found',
    ],
    [
      'an unknown medicine',
      () => ({ products: [{ id: crypto.randomUUID(), product_name: 'X' }] }),
      'Medicine not found',
    ],
  ])('%s of A given by B answers 404', async (_case, changes, message) => {
    const response = await calls.add(b, fullVisit(changes()));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(message);
  });

  it('A’s form cannot be read, edited or deleted by B, nor its booking looked up', async () => {
    expect((await calls.get(b, 'get-by-id', { id: formOfA })).statusCode).toBe(404);
    expect((await calls.get(b, 'get-by-slot-id', { slot_id: slotOfA })).statusCode).toBe(404);
    expect((await calls.update(b, fullVisit({ id: formOfA }))).statusCode).toBe(404);
    expect((await calls.remove(b, formOfA)).statusCode).toBe(404);
    expect((await calls.get(a, 'get-by-id', { id: formOfA })).statusCode).toBe(200);
  });

  it('nothing B sent that was refused was saved', async () => {
    const [row] = await t.database.db
      .select({ forms: sql<number>`count(*)::int` })
      .from(sql`consultation_forms`)
      .where(sql`partner_id = ${b.partnerId}`);
    expect(row?.forms).toBe(0);
  });
});

describe('a patient’s earlier prescriptions', () => {
  it('lists the clinic’s live forms for a mobile, newest first, with diagnoses and how many medicines', async () => {
    const mobile = '9822099999';
    const older = (
      await calls.add(a, fullVisit({ customerMobile: mobile, diagnoses: [{ diagnosis_name: 'Gingivitis' }] }))
    ).json().data;
    t.clock.advance(60_000);
    const newer = (await calls.add(a, fullVisit({ customerMobile: mobile, products: [] }))).json().data;
    const gone = (await calls.add(a, fullVisit({ customerMobile: mobile }))).json().data;
    await calls.remove(a, gone.id);
    await calls.add(b, fullVisit({ customerMobile: mobile }));

    const response = await calls.get(a, 'get-patient-prescriptions', { customer_mobile: '+91 98220 99999' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: newer.id,
        prescribed_date: newer.prescribed_date,
        customer_name: 'Asha Verma',
        diagnoses: ['Irreversible pulpitis'],
        medicines: 0,
      },
      {
        id: older.id,
        prescribed_date: older.prescribed_date,
        customer_name: 'Asha Verma',
        diagnoses: ['Gingivitis'],
        medicines: 2,
      },
    ]);
  });
});

describe('the public prescription: GET /api/public/prescription/{id}', () => {
  it('answers exactly the prescription payload, without signing in', async () => {
    const form = (await calls.add(a, fullVisit())).json().data;
    const response = await t.app.inject({ method: 'GET', url: `/api/public/prescription/${form.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        consultation_form_data: {
          id: form.id,
          customer_name: 'Asha Verma',
          customer_age: 34,
          customer_gender: 'female',
          customer_mobile: '9822011001',
          prescribed_date: form.prescribed_date,
          updated_at: form.updated_at,
          metrics: form.metrics,
          complaints: form.complaints,
          observations: [{ id: form.observations[0].id, observation_name: 'Deep caries' }],
          diagnoses: [{ id: form.diagnoses[0].id, diagnosis_name: 'Irreversible pulpitis' }],
          investigations: [{ id: form.investigations[0].id, investigation_name: 'IOPA X-ray' }],
          treatments: [
            {
              id: form.treatments[0].id,
              treatment_name: 'Root canal treatment',
              tooth_number: 36,
              operations: form.treatments[0].operations,
            },
          ],
          products: form.products,
        },
        patient_safety: { allergies: [], alerts: [] },
        location: {
          location_name: 'Kothrud Clinic',
          address: '12, Karve Road, Pune',
          contact_no: '+91 20 2543 1188',
        },
        partner: {
          name: 'Smile Dental',
          speciality: 'DENTIST',
          authorised_signature_url: null,
          consultation_form_header_url: null,
          consultation_form_footer_url: null,
          time_zone: 'Asia/Kolkata',
        },
        // Who wrote it (issue 23): the owner who saved it, whose profile is still empty.
        author: {
          name: expect.stringMatching(/^Dr\. Test \d+$/),
          qualification: null,
          registration_council: null,
          registration_number: null,
          signature_url: null,
        },
      },
    });
  });

  it('carries the patient’s allergies and alerts as the registry holds them now, the alerts in words', async () => {
    const form = (
      await calls.add(a, fullVisit({ customerName: 'Ravi Kulkarni', customerMobile: '9822011077' }))
    ).json().data;
    await t.database.db
      .update(patients)
      .set({
        allergies: ['Penicillin', 'Latex'],
        medical_alerts: ['diabetic', 'blood_thinners'],
        alert_notes: 'Fainted at the last extraction',
      })
      .where(and(eq(patients.partner_id, a.partnerId), eq(patients.mobile, '9822011077')));

    const page = (await t.app.inject({ method: 'GET', url: `/api/public/prescription/${form.id}` })).json();
    expect(page.data.patient_safety).toEqual({
      allergies: ['Penicillin', 'Latex'],
      alerts: ['Diabetic', 'On blood thinners', 'Fainted at the last extraction'],
    });
  });

  it('answers an unknown and a deleted id with the same 404', async () => {
    const form = (await calls.add(a, fullVisit())).json().data;
    await calls.remove(a, form.id);
    const deleted = await t.app.inject({ method: 'GET', url: `/api/public/prescription/${form.id}` });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/public/prescription/${crypto.randomUUID()}`,
    });
    expect(deleted.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ message: 'Prescription not found', code: 'NOT_FOUND' });
    expect(unknown.body).toBe(deleted.body);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/public/prescription/not-an-id' });
    expect(malformed.statusCode).toBe(400);
  });

  it('is rate limited per client address', async () => {
    const url = `/api/public/prescription/${crypto.randomUUID()}`;
    for (let i = 0; i < 60; i += 1) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect(response.statusCode).toBe(404);
    }
    const limited = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const other = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(404);
  });
});

describe('validation', () => {
  it.each([
    [
      'a tooth number outside the FDI chart',
      { treatments: [{ treatment_name: 'RCT', tooth_number: 19 }] },
      consultationFormMessages.invalidToothNumber,
    ],
    ['an age of 200', { customerAge: 200 }, consultationFormMessages.invalidAge],
    [
      `${maxItemsPerList + 1} complaints`,
      {
        complaints: Array.from({ length: maxItemsPerList + 1 }, (_, i) => ({
          complaint_name: `Complaint ${i}`,
        })),
      },
      consultationFormMessages.tooManyItems('Chief complaints', maxItemsPerList),
    ],
    [
      'a mobile number that is not one',
      { customerMobile: '12345' },
      'Please enter a valid 10-digit mobile number',
    ],
  ])('refuses %s with 400 naming the field', async (_case, changes, message) => {
    const response = await calls.add(a, fullVisit(changes));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});
