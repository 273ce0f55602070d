import type { AddressInfo } from 'node:net';
import { type BookingEventRecord, bookingEventName } from '@vaidya/contract/booking-events';
import { localToday } from '@vaidya/contract/calendar-dates';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EventStreamClient, openEventStream } from '../../../test/event-stream-client';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { useTwoApiProcesses } from '../../../test/two-api-processes';
import { createInProcessBookingEvents } from '../../adapters/realtime/in-process-booking-events';
import { systemClock } from '../../clock';
import { registerErrorHandling } from '../../http/error-handler';
import type { AccessService } from '../access/access.service';
import { bookingEventsRoutes } from './booking-events.routes';

/** A booking-events stream, which must have opened as one. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream<BookingEventRecord>(url, bookingEventName, headers);
  expect(stream.status).toBe(200);
  expect(stream.contentType).toMatch(/^text\/event-stream/);
  return stream;
}

/** Two days ahead in the partner's zone, so no slot is in the past whatever the time now. */
const dayAfterTomorrow = (now: Date) => {
  const today = new Date(`${localToday('Asia/Kolkata', now).date}T00:00:00Z`);
  return new Date(today.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
};

const bookingBody = (queueId: string, date: string, startTime: string) => ({
  queueId,
  date,
  startTime,
  customerName: 'Meera Iyer',
  customerMobile: '9822012345',
});

describe('live booking updates', () => {
  let t: TestApp;
  let baseUrl: string;
  let a: SignedInPartner;
  let b: SignedInPartner;
  let queueA: string;
  let queueB: string;
  let date: string;
  const streams: EventStreamClient<BookingEventRecord>[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    a = await createSignedInPartner(t);
    b = await createSignedInPartner(t);
    date = dayAfterTomorrow(t.clock.now());
    queueA = await createQueueWithTimings(t.database.db, {
      partnerId: a.partnerId,
      locationId: a.locationId,
    });
    queueB = await createQueueWithTimings(t.database.db, {
      partnerId: b.partnerId,
      locationId: b.locationId,
    });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await t.close();
  });

  const subscribe = async (partner: SignedInPartner) => {
    const stream = await openStream(`${baseUrl}/api/booking-events?token=${partner.idToken}`);
    streams.push(stream);
    return stream;
  };

  const book = async (partner: SignedInPartner, queueId: string, startTime: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/book-slot',
      headers: partner.headers,
      payload: bookingBody(queueId, date, startTime),
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  };

  it('tells the partner of a booking as it happens, and never another partner', async () => {
    const [streamA, streamB] = await Promise.all([subscribe(a), subscribe(b)]);
    const slotId = await book(a, queueA, '10:00');
    expect(await streamA.next((event) => event.slot_id === slotId)).toEqual({
      queue_id: queueA,
      date,
      slot_id: slotId,
      kind: 'booked',
    });
    // B's own booking arrives, and it is the first thing B's stream carries: A's never did.
    const slotOfB = await book(b, queueB, '10:00');
    await streamB.next((event) => event.slot_id === slotOfB);
    expect(streamB.events.map((event) => event.slot_id)).toEqual([slotOfB]);
  });

  it('tells of online bookings and of every change the front desk makes', async () => {
    const stream = await subscribe(a);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/book-slot',
      payload: bookingBody(queueA, date, '10:30'),
    });
    expect(response.statusCode).toBe(201);
    // The visitor's answer names no record of the clinic's; its stream does.
    const online = (await stream.next((event) => event.kind === 'booked')).slot_id;
    const changes = [
      {
        kind: 'showed_up',
        request: {
          method: 'PUT',
          url: '/api/update-showed-up',
          payload: { slot_id: online, showed_up: true },
        },
      },
      {
        kind: 'renamed',
        request: {
          method: 'PUT',
          url: '/api/edit-name',
          payload: { slotId: online, customerName: 'Meera S. Iyer' },
        },
      },
      {
        kind: 'moved',
        request: {
          method: 'PUT',
          url: '/api/edit-time-for-ind-patient',
          payload: { slotId: online, startTime: '11:00' },
        },
      },
      {
        kind: 'cancelled',
        request: { method: 'DELETE', url: `/api/cancel-token-by-admin?slot_id=${online}` },
      },
    ] as const;
    for (const change of changes) {
      const response = await t.app.inject({ ...change.request, headers: a.headers });
      expect(response.statusCode, change.kind).toBe(200);
      await stream.next((event) => event.slot_id === online && event.kind === change.kind);
    }
  });

  it('also takes the token in the Authorization header', async () => {
    const stream = await openStream(`${baseUrl}/api/booking-events`, a.headers);
    streams.push(stream);
    const slotId = await book(a, queueA, '11:30');
    await stream.next((event) => event.slot_id === slotId);
  });

  it('answers a missing or wrong token with 401 at once', async () => {
    for (const url of [
      '/api/booking-events',
      '/api/booking-events?token=',
      '/api/booking-events?token=not.a.jwt',
      `/api/booking-events?token=${a.idToken}x`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('ends open streams when the server closes, so a shutdown never waits for them', async () => {
    const separate = await createTestApp();
    await separate.app.listen({ port: 0, host: '127.0.0.1' });
    const partner = await createSignedInPartner(separate);
    const port = (separate.app.server.address() as AddressInfo).port;
    const stream = await openStream(`http://127.0.0.1:${port}/api/booking-events?token=${partner.idToken}`);
    // Without the route's preClose hook this waits forever for the open stream (and the test times out).
    await separate.app.close();
    await stream.ended;
    await separate.database.dispose();
  });
});

describe('the event stream between heartbeats', () => {
  it('sends a heartbeat comment each interval and ends once the token no longer signs in', async () => {
    let signedIn = true;
    const access = {
      authenticate: async () => {
        if (!signedIn) throw new Error('session ended');
        return { partnerId: crypto.randomUUID() };
      },
    } as unknown as AccessService;
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(
      bookingEventsRoutes({ events: createInProcessBookingEvents(), access, heartbeatMs: 50 }),
      {
        prefix: '/api',
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (app.server.address() as AddressInfo).port;
      const stream = await openStream(`http://127.0.0.1:${port}/api/booking-events?token=some-token`);
      await expect
        .poll(() => stream.comments.filter((comment) => comment === 'heartbeat').length)
        .toBeGreaterThan(1);
      signedIn = false;
      await stream.ended;
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(testEngine() !== 'postgres')(
  'live booking updates between two API processes (PostgreSQL: LISTEN/NOTIFY)',
  () => {
    const twoProcesses = useTwoApiProcesses();

    // The stream has no poll behind it (its heartbeat only checks the session): only the
    // NOTIFY between the processes can bring the event, so its arrival is the proof.
    it('shows a booking made through one process on a stream of the other', async () => {
      const { partner, queueId } = await twoProcesses.partnerWithQueue();
      const [first, second] = twoProcesses.processes();
      const stream = await openStream(`${second.url}/api/booking-events?token=${partner.idToken}`);
      try {
        const response = await fetch(`${first.url}/api/book-slot`, {
          method: 'POST',
          headers: { ...partner.headers, 'content-type': 'application/json' },
          body: JSON.stringify(bookingBody(queueId, dayAfterTomorrow(systemClock()), '17:00')),
        });
        expect(response.status).toBe(201);
        const { data } = (await response.json()) as { data: { id: string } };
        const slotId = data.id;
        expect(await stream.next((event) => event.slot_id === slotId)).toMatchObject({
          queue_id: queueId,
          kind: 'booked',
        });
      } finally {
        stream.close();
      }
    }, 30_000);
  },
);
