import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCaller } from '../../../test/bill-calls';
import { bookVisit } from '../../../test/booking-fixtures';
import { addSignedInMember, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { consultationFormVersions, queues, slots, users } from '../../db/schema';
import { formCalls, fullVisit } from '../consultation-forms/consultation-form-fixtures';

// Issue 23: a prescription records its author (whoever saved it last, each version its own),
// and a bill its doctor and who made it.
let t: TestApp;
let a: SignedInPartner;
let b: SignedInPartner;
let doctor: SignedInPartner;
let formCall: ReturnType<typeof formCalls>;
const billCall = billCaller(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await createTwoPartners(t));
  await t.database.db
    .update(users)
    .set({ name: 'Dr. Meera Joshi', qualification: 'BDS', registration_number: null })
    .where(eq(users.id, a.userId));
  doctor = await addSignedInMember(t, a, {
    role: 'doctor',
    values: {
      name: 'Dr. Kiran Rao',
      qualification: 'MDS (Endodontics)',
      registration_council: 'Maharashtra State Dental Council',
      registration_number: 'A-12345',
      signature_url: 'signatures/kiran.png',
    },
  });
  formCall = formCalls(t);
});
afterAll(async () => {
  await t.close();
});

const kiran = {
  name: 'Dr. Kiran Rao',
  qualification: 'MDS (Endodontics)',
  registration_council: 'Maharashtra State Dental Council',
  registration_number: 'A-12345',
  signature_url: '/api/public/files/signatures/kiran.png',
};

describe('the author of a prescription', () => {
  it('is whoever wrote it, then the doctor who edited it; each version keeps its own', async () => {
    const added = await formCall.add(a, fullVisit({ locationId: a.locationId }));
    expect(added.statusCode).toBe(201);
    const form = added.json().data;
    expect(form.author).toEqual({
      name: 'Dr. Meera Joshi',
      qualification: 'BDS',
      registration_council: null,
      registration_number: null,
      signature_url: null,
    });

    const edited = await formCall.update(doctor, fullVisit({ id: form.id }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.author).toEqual(kiran);

    const versions = await t.database.db
      .select({ version: consultationFormVersions.version, author: consultationFormVersions.author_id })
      .from(consultationFormVersions)
      .where(eq(consultationFormVersions.form_id, form.id))
      .orderBy(asc(consultationFormVersions.version));
    expect(versions).toEqual([
      { version: 1, author: a.userId },
      { version: 2, author: doctor.userId },
    ]);

    const byId = await formCall.get(a, 'get-by-id', { id: form.id });
    expect(byId.json().data.author).toEqual(kiran);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/prescription/${form.id}` });
    expect(page.json().data.author).toMatchObject({
      name: 'Dr. Kiran Rao',
      registration_number: 'A-12345',
      registration_council: 'Maharashtra State Dental Council',
    });
  });
});

describe('the doctor of a bill', () => {
  const bill = (changes: object = {}) => ({
    locationId: a.locationId,
    customerName: 'Ravi Kulkarni',
    customerMobile: '9822044001',
    items: [{ name: 'Scaling', quantity: 1, unitPrice: 800 }],
    ...changes,
  });

  it('is chosen on add and answered with the name and registration number, beside who made it', async () => {
    const added = await billCall(a, 'POST', 'add-bill', bill({ doctorUserId: doctor.userId }));
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      doctor_user_id: doctor.userId,
      doctor: { name: 'Dr. Kiran Rao', registration_number: 'A-12345' },
      created_by_name: 'Dr. Meera Joshi',
    });
    const id = added.json().data.id;
    const page = (await t.app.inject({ method: 'GET', url: `/api/public/bill/${id}` })).json().data;
    expect(page.bill.doctor).toEqual({ name: 'Dr. Kiran Rao', registration_number: 'A-12345' });
    expect(page.bill).not.toHaveProperty('created_by_name');

    // Absent keeps it; null takes it off; the owner may be the doctor too.
    const kept = await billCall(a, 'PUT', 'edit-bill', bill({ id }));
    expect(kept.json().data.doctor_user_id).toBe(doctor.userId);
    const owner = await billCall(a, 'PUT', 'edit-bill', bill({ id, doctorUserId: a.userId }));
    expect(owner.json().data.doctor).toEqual({ name: 'Dr. Meera Joshi', registration_number: null });
    const none = await billCall(a, 'PUT', 'edit-bill', bill({ id, doctorUserId: null }));
    expect(none.json().data).toMatchObject({ doctor_user_id: null, doctor: null });
  });

  it('is, when none is chosen, the booking’s queue doctor, else the doctor making the bill, else none', async () => {
    const slotId = await bookVisit(t, a);
    const [slot] = await t.database.db.select().from(slots).where(eq(slots.id, slotId));
    await t.database.db
      .update(queues)
      .set({ doctor_user_id: doctor.userId })
      .where(eq(queues.id, slot?.queue_id as string));
    const forBooking = await billCall(a, 'POST', 'add-bill', bill({ slotId }));
    expect(forBooking.json().data.doctor_user_id).toBe(doctor.userId);
    const byDoctor = await billCall(doctor, 'POST', 'add-bill', bill());
    expect(byDoctor.json().data).toMatchObject({
      doctor_user_id: doctor.userId,
      created_by_name: 'Dr. Kiran Rao',
    });
    const byOwner = await billCall(a, 'POST', 'add-bill', bill());
    expect(byOwner.json().data.doctor).toBeNull();
  });

  it('prints on the receipt of a payment against the bill', async () => {
    const added = await billCall(
      a,
      'POST',
      'add-bill',
      bill({ customerMobile: '9822044002', doctorUserId: doctor.userId }),
    );
    const paid = await billCall(a, 'POST', 'record-dues-payment', {
      locationId: a.locationId,
      customerMobile: '9822044002',
      amount: 800,
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data.allocations).toEqual([
      expect.objectContaining({
        bill_id: added.json().data.id,
        doctor: { name: 'Dr. Kiran Rao', registration_number: 'A-12345' },
      }),
    ]);
  });

  it('must be an active doctor or owner of the clinic, else 404 naming it', async () => {
    const frontDesk = await addSignedInMember(t, a, { role: 'front_desk' });
    const disabled = await addSignedInMember(t, a, { role: 'doctor', values: { disabled_at: new Date() } });
    for (const doctorUserId of [b.userId, frontDesk.userId, disabled.userId, crypto.randomUUID()]) {
      const refused = await billCall(a, 'POST', 'add-bill', bill({ doctorUserId }));
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Doctor not found' });
    }
    const added = await billCall(a, 'POST', 'add-bill', bill());
    const edited = await billCall(
      a,
      'PUT',
      'edit-bill',
      bill({ id: added.json().data.id, doctorUserId: b.userId }),
    );
    expect(edited.statusCode).toBe(404);
  });
});
