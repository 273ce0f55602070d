import type { SignedInPartner } from './partners';
import { createQueueWithTimings } from './schedule-fixtures';
import type { TestApp } from './test-app';

/** A booking of the clinic's for tomorrow (the test clock's Tuesday 3 November) in a new queue at `locationId`. */
export async function bookVisit(
  t: TestApp,
  clinic: SignedInPartner,
  options: { startTime?: string; mobile?: string; locationId?: string } = {},
): Promise<string> {
  const queueId = await createQueueWithTimings(t.database.db, {
    partnerId: clinic.partnerId,
    locationId: options.locationId ?? clinic.locationId,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/book-slot',
    headers: clinic.headers,
    payload: {
      queueId,
      date: '2026-11-03',
      startTime: options.startTime ?? '10:00',
      customerName: 'Asha Verma',
      customerMobile: options.mobile ?? '9822011001',
    },
  });
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.body}`);
  return response.json().data.id;
}
