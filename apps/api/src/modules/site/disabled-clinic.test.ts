import { bookingRefusals } from '@vaidya/contract/booking-refusals';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { partners } from '../../db/schema';
import { formCalls, fullVisit } from '../consultation-forms/consultation-form-fixtures';

// The test clock stands at Monday 2 November 2026, 10:00 in India.
const tomorrow = '2026-11-03';

/**
 * A clinic whose account is disabled (partners.disabled_at, set by `npm run cli -- disable-partner`):
 * its booking website offers nothing and takes no booking, while the prescriptions and bills it
 * already gave its patients stay readable by their links.
 */
describe('a disabled clinic', () => {
  let t: TestApp;
  let clinic: SignedInPartner;
  let queueId: string;
  let prescriptionId: string;
  let billId: string;
  const domain = 'kale-physio';

  beforeAll(async () => {
    t = await createTestApp();
    clinic = await createSignedInPartner(t, { qr_code_domain: domain });
    queueId = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
    });
    const prescription = await formCalls(t).add(clinic, fullVisit());
    expect(prescription.statusCode).toBe(201);
    prescriptionId = prescription.json().data.id;
    const bill = await t.app.inject({
      method: 'POST',
      url: '/api/bill/add-bill',
      headers: clinic.headers,
      payload: {
        locationId: clinic.locationId,
        customerName: 'Asha Verma',
        customerMobile: '98220 11001',
        items: [{ name: 'Consultation', quantity: 1, unitPrice: 500 }],
      },
    });
    expect(bill.statusCode).toBe(201);
    billId = bill.json().data.id;
    await t.database.db
      .update(partners)
      .set({ disabled_at: t.clock.now() })
      .where(eq(partners.id, clinic.partnerId));
  });
  afterAll(async () => {
    await t.close();
  });

  const notTaking = { message: bookingRefusals.notTakingOnlineBookings, code: 'FORBIDDEN' };

  it('serves no booking website, no dates and no free slots', async () => {
    for (const url of [
      `/api/public/site?domain=${domain}`,
      `/api/public/get-dates?queue_id=${queueId}`,
      `/api/public/get-available-slots?queue_id=${queueId}&date=${tomorrow}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(notTaking);
    }
  });

  it('takes no online booking', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/book-slot',
      payload: {
        queueId,
        date: tomorrow,
        startTime: '10:00',
        customerName: 'Asha Verma',
        customerMobile: '9822011001',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(notTaking);
  });

  it('keeps its patients’ prescription and bill pages readable', async () => {
    const prescription = await t.app.inject({
      method: 'GET',
      url: `/api/public/prescription/${prescriptionId}`,
    });
    expect(prescription.statusCode).toBe(200);
    expect(prescription.json().data.consultation_form_data.id).toBe(prescriptionId);
    const bill = await t.app.inject({ method: 'GET', url: `/api/public/bill/${billId}` });
    expect(bill.statusCode).toBe(200);
    expect(bill.json().data.bill.id).toBe(billId);
  });

  it('lets none of its users act', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/get-partner-details',
      headers: clinic.headers,
    });
    expect(response.statusCode).toBe(403);
  });
});
