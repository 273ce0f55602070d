import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BookingEventRecord, bookingEventName } from '@vaidya/contract/booking-events';
import { localToday } from '@vaidya/contract/calendar-dates';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../../test/api-process';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import { openTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database';
import { createInProcessBookingEvents } from '../../adapters/realtime/in-process-booking-events';
import { systemClock } from '../../clock';
import { defaultTokenIssuer } from '../../config';
import { registerErrorHandling } from '../../http/error-handler';
import type { AccessService } from '../access/access.service';
import { loadTokenService } from '../identity/tokens';
import { bookingEventsRoutes } from './booking-events.routes';

/** An open event stream: what it has sent so far, and a wait for what it should send next. */
interface EventStream {
  events: BookingEventRecord[];
  comments: string[];
  /** Resolves with the first event (from the start of the stream) that matches, or fails after `ms`. */
  next(match: (event: BookingEventRecord) => boolean, ms?: number): Promise<BookingEventRecord>;
  ended: Promise<void>;
  close(): void;
}

/**
 * Reads the stream with node:http rather than fetch: undici leaves a connection open on the
 * server after an aborted body, which would hold up closing the app after each test.
 */
function openStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      const events: BookingEventRecord[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          if (block.startsWith(':')) comments.push(block.slice(1).trim());
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.startsWith(`event: ${bookingEventName}\n`) && data) events.push(JSON.parse(data));
          boundary = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
      });
      const ended = new Promise<void>((done) => response.once('close', () => done()));
      resolve({
        events,
        comments,
        ended,
        close: () => request.destroy(),
        next: (match, ms = 1000) =>
          new Promise((found, fail) => {
            const check = () => {
              const event = events.find(match);
              if (!event) return;
              clearTimeout(timer);
              waiters.delete(check);
              found(event);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
            }, ms);
            waiters.add(check);
            check();
          }),
      });
    });
    request.on('error', reject);
  });
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
  const streams: EventStream[] = [];

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

  const book = async (
    partner: SignedInPartner,
    queueId: string,
    startTime: string,
    url = '/api/book-slot',
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: partner.headers,
      payload: bookingBody(queueId, date, startTime),
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  };

  it('tells the partner of a booking within a second, and never another partner', async () => {
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
    const online = await book(a, queueA, '10:30', '/api/public/book-slot');
    await stream.next((event) => event.slot_id === online && event.kind === 'booked');
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
    let database: TestDatabase;
    let processes: ApiProcess[] = [];

    beforeAll(async () => {
      database = await openTestDatabase();
      // Creates the signing key both processes then load, so they accept these tokens.
      await loadTokenService({
        db: database.db,
        issuer: defaultTokenIssuer,
        clientId: testClientId,
        clock: systemClock,
      });
      const env = { DATABASE_URL: database.url as string, IDENTITY_CLIENT_ID: testClientId };
      processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all(processes.map((process) => process.stop()));
      await database?.dispose();
    });

    it('shows a booking made through one process on a stream of the other within 2 s', async () => {
      const tokens = await loadTokenService({
        db: database.db,
        issuer: defaultTokenIssuer,
        clientId: testClientId,
        clock: systemClock,
      });
      const partner = await createSignedInPartner({ database, tokens, clock: { now: systemClock } });
      const queueId = await createQueueWithTimings(database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      const [first, second] = processes;
      const stream = await openStream(`${second?.url}/api/booking-events?token=${partner.idToken}`);
      try {
        const response = await fetch(`${first?.url}/api/book-slot`, {
          method: 'POST',
          headers: { ...partner.headers, 'content-type': 'application/json' },
          body: JSON.stringify(bookingBody(queueId, dayAfterTomorrow(systemClock()), '17:00')),
        });
        expect(response.status).toBe(201);
        const { data } = (await response.json()) as { data: { id: string } };
        const slotId = data.id;
        expect(await stream.next((event) => event.slot_id === slotId, 2000)).toMatchObject({
          queue_id: queueId,
          kind: 'booked',
        });
      } finally {
        stream.close();
      }
    }, 30_000);
  },
);
