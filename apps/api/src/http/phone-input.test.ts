import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../test/partners';
import { createQueueWithTimings } from '../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bills, locations, patients } from '../db/schema';

/**
 * Issue 19: a mobile pasted as "+91 98123 45678" or "098123-45678" is stored as the
 * same ten digits by every call that takes one; a location's contact number is a
 * full mobile or a landline with its STD code, and "98765" is refused naming the field.
 */

// The test clock stands at Monday 2 November 2026, 10:00 in Asia/Kolkata.
const tomorrow = '2026-11-03';

let t: TestApp;
let clinic: SignedInPartner;
let queueId: string;
beforeAll(async () => {
  t = await createTestApp();
  clinic = await createSignedInPartner(t);
  queueId = await createQueueWithTimings(t.database.db, {
    partnerId: clinic.partnerId,
    locationId: clinic.locationId,
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, signedIn = true) =>
  t.app.inject({ method: 'POST', url, payload, ...(signedIn ? { headers: clinic.headers } : {}) });

const patientMobiles = async () =>
  (
    await t.database.db
      .select({ mobile: patients.mobile })
      .from(patients)
      .where(eq(patients.partner_id, clinic.partnerId))
  ).map((patient) => patient.mobile);

describe('a pasted mobile number', () => {
  it('is stored as its ten digits on a bill', async () => {
    const added = await post('/api/bill/add-bill', {
      locationId: clinic.locationId,
      customerName: 'Asha Verma',
      customerMobile: '+91 98123 45678',
      items: [{ name: 'Consultation', quantity: 1, unitPrice: 500 }],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.customer_mobile).toBe('9812345678');
    const [stored] = await t.database.db
      .select({ customer_mobile: bills.customer_mobile })
      .from(bills)
      .where(eq(bills.id, added.json().data.id));
    expect(stored?.customer_mobile).toBe('9812345678');
  });

  it('books the desk’s walk-in and the website’s visitor under the same ten digits', async () => {
    const walkIn = await post('/api/book-slot', {
      queueId,
      date: tomorrow,
      startTime: '10:00',
      customerName: 'Asha Verma',
      customerMobile: '+91 98123 45678',
    });
    expect(walkIn.statusCode).toBe(201);
    const online = await post(
      '/api/public/book-slot',
      {
        queueId,
        date: tomorrow,
        startTime: '10:15',
        customerName: 'Asha Verma',
        customerMobile: '098123-45678',
      },
      false,
    );
    expect(online.statusCode).toBe(201);
    expect(await patientMobiles()).toEqual(['9812345678']);

    const found = await t.app.inject({
      method: 'GET',
      url: '/api/get-patient-by-mobile?mobile=98123%2045678',
      headers: clinic.headers,
    });
    expect(found.json().data).toMatchObject([{ mobile: '9812345678', name: 'Asha Verma' }]);
  });

  it('is refused when it is not ten digits, in the field’s words', async () => {
    const refused = await post('/api/book-slot', {
      queueId,
      date: tomorrow,
      startTime: '10:30',
      customerName: 'Asha Verma',
      customerMobile: '+91 98123 4567',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Please enter a valid 10-digit mobile number',
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('a location’s contact number', () => {
  const refusal = {
    message:
      'Contact number must be a 10-digit mobile number or a landline number with its STD code, like 020 2543 1234',
    code: 'VALIDATION_FAILED',
  };

  it('refuses a short number, naming the field and the two forms it takes, and stores nothing', async () => {
    const added = await post('/api/add-location', { locationName: 'Baner', contactNo: '98765' });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual(refusal);
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/update-location',
      headers: clinic.headers,
      payload: { id: clinic.locationId, locationName: 'Kothrud', contactNo: '98765' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual(refusal);
    const named = await t.database.db
      .select({ contact_no: locations.contact_no })
      .from(locations)
      .where(eq(locations.partner_id, clinic.partnerId));
    expect(named.map((location) => location.contact_no)).not.toContain('98765');
  });

  it.each(['020 2543 1234', '080-4123-4567', '+91 98123 45678'])(
    'takes "%s" as written',
    async (contactNo) => {
      const added = await post('/api/add-location', { locationName: 'Baner', contactNo });
      expect(added.statusCode).toBe(201);
      expect(added.json().data.contact_no).toBe(contactNo);
    },
  );
});
