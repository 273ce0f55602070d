import type { AddressInfo } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import { bookingRefusals } from '@vaidya/contract/booking-refusals';
import { bookingMessages } from '@vaidya/contract/bookings';
import { localToday } from '@vaidya/contract/calendar-dates';
import {
  pairingCodeAlphabet,
  pairingCodeLifetimeSeconds,
  type TvDisplay,
  type TvRegistration,
  tvDisplayEventName,
  tvMessages,
} from '@vaidya/contract/tv';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EventStreamClient, openEventStream } from '../../../test/event-stream-client';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { openTestDatabase, testEngine } from '../../../test/test-database';
import { useTwoApiProcesses } from '../../../test/two-api-processes';
import { createInProcessBookingEvents } from '../../adapters/realtime/in-process-booking-events';
import { systemClock } from '../../clock';
import type { Db } from '../../db/database';
import { patients, slots } from '../../db/schema';
import { registerErrorHandling } from '../../http/error-handler';
import { tvRoutes } from './tv.routes';
import { createTvService } from './tv.service';

/** Each caller its own address, so the per-address limits count only what a test means them to. */
let addresses = 0;
const freshAddress = () => {
  addresses += 1;
  return `10.12.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

type Paired = Extract<TvDisplay, { status: 'paired' }>;

describe('the waiting-room TV', () => {
  let t: TestApp;
  let baseUrl: string;
  let today: string;
  const streams: EventStreamClient<TvDisplay>[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // 10:00 in Asia/Kolkata (10:10 once a code has expired): the evening session is still ahead.
    today = localToday('Asia/Kolkata', t.clock.now()).date;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await t.close();
  });

  const register = async (): Promise<TvRegistration> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/tv/register',
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(201);
    return response.json().data;
  };

  const display = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/public/tv/display',
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() };
  };

  const displayOf = async (token: string): Promise<TvDisplay> => {
    const answer = await display(token);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  const pair = (
    partner: SignedInPartner,
    body: { code: string; queueId: string; locationId?: string },
    remoteAddress = freshAddress(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tv/pair',
      headers: partner.headers,
      remoteAddress,
      payload: { locationId: partner.locationId, ...body },
    });

  /** A clinic with a queue, and a TV paired with it. */
  const pairedClinic = async () => {
    const partner = await createSignedInPartner(t);
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: partner.partnerId,
      locationId: partner.locationId,
    });
    const tv = await register();
    const paired = await pair(partner, { code: tv.pairing_code, queueId });
    expect(paired.statusCode).toBe(200);
    return { partner, queueId, tv, tvId: paired.json().data.id as string };
  };

  let patientsBooked = 0;
  /** Each booking its own patient: one mobile is one patient, whose name the desk may correct. */
  const book = async (partner: SignedInPartner, queueId: string, startTime: string, customerName: string) => {
    patientsBooked += 1;
    const customerMobile = `98220${String(patientsBooked).padStart(5, '0')}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/book-slot',
      headers: partner.headers,
      payload: { queueId, date: today, startTime, customerName, customerMobile },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  };

  /** The token's state and times as stored. */
  const statusOf = async (slotId: string) => {
    const [row] = await t.database.db
      .select({ status: slots.status, called_at: slots.called_at, completed_at: slots.completed_at })
      .from(slots)
      .where(eq(slots.id, slotId));
    return row;
  };

  const showedUp = async (partner: SignedInPartner, slotId: string) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/update-showed-up',
      headers: partner.headers,
      payload: { slot_id: slotId, showed_up: true },
    });
    expect(response.statusCode).toBe(200);
  };

  const callNext = (partner: SignedInPartner, queueId: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/call-next-token',
      headers: partner.headers,
      payload: { queueId, date: today },
    });

  const moveToken = (partner: SignedInPartner, path: string, slotId: string) =>
    t.app.inject({ method: 'PUT', url: `/api/${path}`, headers: partner.headers, payload: { slotId } });

  const stream = async (token: string) => {
    const opened = await openEventStream<TvDisplay>(
      `${baseUrl}/api/public/tv/stream?token=${encodeURIComponent(token)}`,
      tvDisplayEventName,
    );
    streams.push(opened);
    return opened;
  };

  describe('pairing codes', () => {
    it('a new TV waits with a six-character code of its alphabet, valid for ten minutes', async () => {
      const tv = await register();
      expect(tv.token.length).toBeGreaterThanOrEqual(43);
      expect([...tv.pairing_code].every((char) => pairingCodeAlphabet.includes(char))).toBe(true);
      expect(tv.pairing_code).toHaveLength(6);
      expect(new Date(tv.code_expires_at).getTime() - t.clock.now().getTime()).toBe(
        pairingCodeLifetimeSeconds * 1000,
      );
      expect(await displayOf(tv.token)).toEqual({
        status: 'waiting',
        pairing_code: tv.pairing_code,
        code_expires_at: tv.code_expires_at,
      });
    });

    it('an expired code pairs nothing, and the TV shows a fresh one in its place', async () => {
      const partner = await createSignedInPartner(t);
      const queueId = await createQueueWithTimings(t.database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      const tv = await register();
      t.clock.advance(pairingCodeLifetimeSeconds * 1000);
      const refused = await pair(partner, { code: tv.pairing_code, queueId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(tvMessages.invalidCode);

      const waiting = await displayOf(tv.token);
      expect(waiting.status).toBe('waiting');
      const fresh = waiting.status === 'waiting' ? waiting.pairing_code : '';
      expect(fresh).not.toBe(tv.pairing_code);
      // Typed in lower case with a space, as staff might.
      const typed = `${fresh.slice(0, 3).toLowerCase()} ${fresh.slice(3)}`;
      expect((await pair(partner, { code: typed, queueId })).statusCode).toBe(200);
    });

    it('a code pairs once; a used code and a wrong one get the answer an expired one gets', async () => {
      const { partner, queueId, tv } = await pairedClinic();
      const again = await pair(partner, { code: tv.pairing_code, queueId });
      const wrong = await pair(partner, { code: 'ZZZZZZ', queueId });
      for (const answer of [again, wrong]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toBe(tvMessages.invalidCode);
      }
      const malformed = await pair(partner, { code: 'O0I1', queueId });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe(tvMessages.invalidCodeFormat);
    });

    it('stops a guesser after ten attempts a minute, per person and per address', async () => {
      const partner = await createSignedInPartner(t);
      const queueId = await createQueueWithTimings(t.database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      const statuses = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        statuses.push((await pair(partner, { code: 'ZZZZZZ', queueId })).statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      const limited = await pair(partner, { code: 'ZZZZZZ', queueId });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(tvMessages.tooManyAttempts);

      // Ten people behind one address are one guesser too.
      const address = freshAddress();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const someone = await createSignedInPartner(t);
        await pair(someone, { code: 'ZZZZZZ', queueId }, address);
      }
      const eleventh = await createSignedInPartner(t);
      expect((await pair(eleventh, { code: 'ZZZZZZ', queueId }, address)).statusCode).toBe(429);
    });

    it("pairs only with the caller's own queue at the chosen location", async () => {
      const { partner, queueId } = await pairedClinic();
      const other = await createSignedInPartner(t);
      const tv = await register();
      expect((await pair(other, { code: tv.pairing_code, queueId })).statusCode).toBe(404);
      const elsewhere = { code: tv.pairing_code, queueId, locationId: other.locationId };
      expect((await pair(partner, elsewhere)).statusCode).toBe(404);
      // The refusals did not use the code up.
      expect((await pair(partner, { code: tv.pairing_code, queueId })).statusCode).toBe(200);
    });
  });

  describe('the display', () => {
    it('shows the clinic, the token called and the ones waiting to be called, with first names only', async () => {
      const { partner, queueId, tv } = await pairedClinic();
      await book(partner, queueId, '17:00', 'Ravi Kumar');
      const second = await book(partner, queueId, '17:15', 'Meera S. Iyer');
      const third = await book(partner, queueId, '17:30', '  Anil   Sharma ');
      const fourth = await book(partner, queueId, '17:45', 'Sunita Rao');
      await showedUp(partner, fourth);
      await showedUp(partner, third);
      await showedUp(partner, second);

      // Arrived is not called: nobody is served until a desk calls someone.
      const arrived = (await displayOf(tv.token)) as Paired;
      expect(arrived.now_serving).toBeNull();
      expect(arrived.next.map((token) => token.token_number)).toEqual([2, 3, 4]);

      expect((await callNext(partner, queueId)).statusCode).toBe(200);
      const shown = (await displayOf(tv.token)) as Paired;
      expect(shown).toEqual({
        status: 'paired',
        clinic_name: expect.stringMatching(/^Test Clinic/),
        location_name: expect.stringMatching(/main$/),
        queue_name: 'Dr Rao — OPD',
        date: today,
        time_zone: 'Asia/Kolkata',
        now_serving: { token_number: 2, patient: 'Meera' },
        next: [
          { token_number: 3, patient: 'Anil' },
          { token_number: 4, patient: 'Sunita' },
        ],
      });
      expect(JSON.stringify(shown)).not.toMatch(/98220/);
    });

    it('answers an unknown or missing TV token with 401, and a TV token opens no signed-in route', async () => {
      const { tv } = await pairedClinic();
      expect((await display(`${tv.token}x`)).status).toBe(401);
      const missing = await t.app.inject({ method: 'GET', url: '/api/public/tv/display' });
      expect(missing.statusCode).toBe(401);
      for (const url of ['/api/tv/list', '/api/get-partner-details', `/api/get-queues`]) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${tv.token}` },
        });
        expect(response.statusCode, url).toBe(401);
      }
      for (const url of ['/api/public/tv/stream?token=', `/api/public/tv/stream?token=${tv.token}x`]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).not.toBe(200);
        expect(response.statusCode, url).toBeLessThan(500);
      }
    });

    it('lists the clinic its paired TVs, and unpairing sends the TV back to a new code', async () => {
      const { partner, queueId, tv, tvId } = await pairedClinic();
      await displayOf(tv.token);
      const listed = await t.app.inject({ method: 'GET', url: '/api/tv/list', headers: partner.headers });
      expect(listed.json().data).toEqual([
        expect.objectContaining({ id: tvId, queue_id: queueId, location_id: partner.locationId }),
      ]);
      expect(listed.json().data[0].last_seen_at).not.toBeNull();

      const other = await createSignedInPartner(t);
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: `/api/tv/unpair?id=${tvId}`,
        headers: other.headers,
      });
      expect(foreign.statusCode).toBe(404);

      const unpaired = await t.app.inject({
        method: 'DELETE',
        url: `/api/tv/unpair?id=${tvId}`,
        headers: partner.headers,
      });
      expect(unpaired.statusCode).toBe(200);
      expect(unpaired.json().message).toBe(tvMessages.unpaired);
      const waiting = await displayOf(tv.token);
      expect(waiting.status).toBe('waiting');
      expect(waiting.status === 'waiting' && waiting.pairing_code).not.toBe(tv.pairing_code);
      const after = await t.app.inject({ method: 'GET', url: '/api/tv/list', headers: partner.headers });
      expect(after.json().data).toEqual([]);
    });
  });

  describe('calling the next token', () => {
    it('keeps serving the token called while a late patient with an earlier token arrives, and calls them next', async () => {
      const { partner, queueId, tv } = await pairedClinic();
      const first = await book(partner, queueId, '18:00', 'Ravi Kumar');
      await book(partner, queueId, '18:15', 'Meera Iyer');
      const third = await book(partner, queueId, '18:30', 'Anil Sharma');
      await showedUp(partner, third);

      const called = await callNext(partner, queueId);
      expect(called.statusCode).toBe(200);
      expect(called.json().message).toBe(tvMessages.calledNext);
      expect(called.json().data.now_serving).toEqual({ token_number: 3, patient: 'Anil' });

      // Token 1 comes late: token 3 is still the one served, token 1 is next.
      await showedUp(partner, first);
      const late = (await displayOf(tv.token)) as Paired;
      expect(late.now_serving).toEqual({ token_number: 3, patient: 'Anil' });
      expect(late.next).toEqual([{ token_number: 1, patient: 'Ravi' }]);

      const again = await callNext(partner, queueId);
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toMatchObject({
        now_serving: { token_number: 1, patient: 'Ravi' },
        next: [],
      });
      expect(await statusOf(third)).toMatchObject({ status: 'completed', completed_at: expect.any(Date) });
      expect(await statusOf(first)).toMatchObject({ status: 'called', called_at: expect.any(Date) });
    });

    it('completes the token served when nobody has arrived, calls nobody and answers 409', async () => {
      const { partner, queueId, tv } = await pairedClinic();
      const first = await book(partner, queueId, '18:00', 'Ravi Kumar');
      await book(partner, queueId, '18:15', 'Meera Iyer');
      expect((await callNext(partner, queueId)).json().message).toBe(bookingMessages.nobodyArrived);
      await showedUp(partner, first);
      expect((await callNext(partner, queueId)).statusCode).toBe(200);

      const nobody = await callNext(partner, queueId);
      expect(nobody.statusCode).toBe(409);
      expect(nobody.json()).toEqual({ message: 'No patient has arrived yet.', code: 'CONFLICT' });
      expect(await statusOf(first)).toMatchObject({ status: 'completed' });
      expect(((await displayOf(tv.token)) as Paired).now_serving).toBeNull();

      const other = await createSignedInPartner(t);
      expect((await callNext(other, queueId)).statusCode).toBe(404);
    });

    it('calls a token that must go first, completing the one served, and sends a called token back to waiting', async () => {
      const { partner, queueId, tv } = await pairedClinic();
      const first = await book(partner, queueId, '18:00', 'Ravi Kumar');
      const second = await book(partner, queueId, '18:15', 'Meera Iyer');
      const third = await book(partner, queueId, '18:30', 'Anil Sharma');
      await showedUp(partner, first);
      await showedUp(partner, second);
      expect((await callNext(partner, queueId)).statusCode).toBe(200);

      // Token 3 has not even been marked arrived: calling it is the desk's say-so.
      const urgent = await moveToken(partner, 'call-token', third);
      expect(urgent.statusCode).toBe(200);
      expect(urgent.json()).toMatchObject({
        message: bookingMessages.tokenCalled(3),
        data: { status: 'called', showed_up_at: expect.any(String), called_at: expect.any(String) },
      });
      expect(await statusOf(first)).toMatchObject({ status: 'completed' });
      const shown = (await displayOf(tv.token)) as Paired;
      expect(shown.now_serving?.token_number).toBe(3);
      expect(shown.next.map((token) => token.token_number)).toEqual([2]);

      // Sent back to waiting (gone for an X-ray): nobody is served, and token 3 waits in its turn.
      const back = await moveToken(partner, 'return-to-waiting', third);
      expect(back.statusCode).toBe(200);
      expect(back.json().data.status).toBe('showed_up');
      const waiting = (await displayOf(tv.token)) as Paired;
      expect(waiting.now_serving).toBeNull();
      expect(waiting.next.map((token) => token.token_number)).toEqual([2, 3]);

      const refused = await moveToken(partner, 'return-to-waiting', third);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(bookingRefusals.tokenAlreadyWaiting);
      expect((await moveToken(partner, 'complete-token', third)).json().data.status).toBe('completed');
      expect((await moveToken(partner, 'call-token', third)).json().message).toBe(
        bookingRefusals.bookingCompleted,
      );
      expect((await moveToken(partner, 'mark-no-show', second)).json().data.status).toBe('no_show');
      const none = (await displayOf(tv.token)) as Paired;
      expect(none).toMatchObject({ now_serving: null, next: [] });
    });

    it('answers 409 when arrival is marked or taken back on a token called or finished', async () => {
      const { partner, queueId } = await pairedClinic();
      const first = await book(partner, queueId, '18:00', 'Ravi Kumar');
      const second = await book(partner, queueId, '18:15', 'Meera Iyer');
      await showedUp(partner, first);
      expect((await callNext(partner, queueId)).statusCode).toBe(200);
      expect((await moveToken(partner, 'mark-no-show', second)).statusCode).toBe(200);
      const mark = (slotId: string, showed_up: boolean) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/update-showed-up',
          headers: partner.headers,
          payload: { slot_id: slotId, showed_up },
        });
      for (const showed of [true, false]) {
        const called = await mark(first, showed);
        expect(called.statusCode).toBe(409);
        expect(called.json().message).toBe(bookingRefusals.tokenAlreadyCalled);
        expect((await mark(second, showed)).json().message).toBe(bookingRefusals.tokenNoShow);
      }
      expect(await statusOf(first)).toMatchObject({ status: 'called' });
      expect((await moveToken(partner, 'complete-token', first)).statusCode).toBe(200);
      expect((await mark(first, false)).json().message).toBe(bookingRefusals.bookingCompleted);
    });

    it("answers 404 for another clinic's token and 400 for a bad id", async () => {
      const { partner, queueId } = await pairedClinic();
      const slotId = await book(partner, queueId, '18:00', 'Ravi Kumar');
      const other = await createSignedInPartner(t);
      for (const path of ['call-token', 'complete-token', 'mark-no-show', 'return-to-waiting']) {
        const foreign = await moveToken(other, path, slotId);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json().message).toBe('Booking not found');
        expect((await moveToken(partner, path, 'not-an-id')).statusCode).toBe(400);
      }
      expect(await statusOf(slotId)).toMatchObject({ status: 'booked' });
    });
  });

  describe('the live display', () => {
    it('switches to the display the moment the TV is paired, and back to a code when unpaired', async () => {
      const partner = await createSignedInPartner(t);
      const queueId = await createQueueWithTimings(t.database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      const tv = await register();
      const live = await stream(tv.token);
      expect(live.status).toBe(200);
      await live.next((shown) => shown.status === 'waiting' && shown.pairing_code === tv.pairing_code);

      const paired = await pair(partner, { code: tv.pairing_code, queueId });
      await live.next((shown) => shown.status === 'paired');

      const seen = live.events.length;
      await t.app.inject({
        method: 'DELETE',
        url: `/api/tv/unpair?id=${paired.json().data.id}`,
        headers: partner.headers,
      });
      await live.nextAfter(seen, (shown) => shown.status === 'waiting');
    });

    // Pushed: the test app's heartbeat (25 s, the only other read) never comes within a test's 20 s.
    it("follows its queue's changes as they are pushed, and never another queue's or clinic's", async () => {
      const { partner, queueId, tv } = await pairedClinic();
      const otherQueue = await createQueueWithTimings(t.database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      const other = await pairedClinic();
      const live = await stream(tv.token);
      await live.next((shown) => shown.status === 'paired');

      await book(partner, otherQueue, '19:00', 'Elsewhere Patient');
      await book(other.partner, other.queueId, '19:00', 'Other Clinic');
      const slotId = await book(partner, queueId, '19:00', 'Kavya Menon');
      await showedUp(partner, slotId);
      expect((await callNext(partner, queueId)).statusCode).toBe(200);
      // From the stream's start: the call's event may arrive before this line runs, and no
      // earlier event serves anyone (an arrival alone serves nobody).
      const served = (await live.next(
        (shown) => shown.status === 'paired' && shown.now_serving !== null,
      )) as Paired;
      expect(served.now_serving).toEqual({ token_number: 1, patient: 'Kavya' });
      const names = live.events.flatMap((shown) =>
        shown.status === 'paired' ? [shown.now_serving, ...shown.next].map((token) => token?.patient) : [],
      );
      expect(names).not.toContain('Elsewhere');
      expect(names).not.toContain('Other');
    });

    it('ends open streams when the server closes', async () => {
      const separate = await createTestApp();
      await separate.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (separate.app.server.address() as AddressInfo).port;
      const registered = await separate.app.inject({ method: 'POST', url: '/api/public/tv/register' });
      const { token } = registered.json().data as TvRegistration;
      const live = await openEventStream<TvDisplay>(
        `http://127.0.0.1:${port}/api/public/tv/stream?token=${encodeURIComponent(token)}`,
        tvDisplayEventName,
      );
      await live.next((shown) => shown.status === 'waiting');
      await separate.app.close();
      await live.ended;
      await separate.database.dispose();
    });
  });
});

describe('the TV stream between heartbeats', () => {
  it('shows a fresh code by the next heartbeat once the one on screen expires, and nothing unchanged', async () => {
    const database = await openTestDatabase();
    const clock = createTestClock();
    const tv = createTvService({
      db: database.db,
      clock: clock.now,
      events: createInProcessBookingEvents(),
      bookings: { callNext: () => Promise.reject(new Error('No token is called in this test')) },
    });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    // The clinic's pairing counts on the one limiter, which the app registers.
    await app.register(rateLimit, { global: false });
    await app.register(tvRoutes(tv, { heartbeatMs: 50 }), { prefix: '/api' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (app.server.address() as AddressInfo).port;
      const { token, pairing_code } = await tv.register();
      const live = await openEventStream<TvDisplay>(
        `http://127.0.0.1:${port}/api/public/tv/stream?token=${encodeURIComponent(token)}`,
        tvDisplayEventName,
      );
      await live.next((shown) => shown.status === 'waiting' && shown.pairing_code === pairing_code);
      await expect
        .poll(() => live.comments.filter((comment) => comment === 'heartbeat').length)
        .toBeGreaterThan(2);
      expect(live.events).toHaveLength(1);

      clock.advance(pairingCodeLifetimeSeconds * 1000);
      const fresh = await live.nextAfterNow((shown) => shown.status === 'waiting');
      expect(fresh.status === 'waiting' && fresh.pairing_code).not.toBe(pairing_code);
      live.close();
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

/** A patient and a booking of today written straight to the database, whatever the time of day. */
async function insertTodaysBooking(db: Db, ids: { partnerId: string; queueId: string; date: string }) {
  const [patient] = await db
    .insert(patients)
    .values({
      partner_id: ids.partnerId,
      patient_number: '1',
      name: 'Farah Khan',
      mobile: '9822012345',
      first_seen_on: ids.date,
    })
    .returning({ id: patients.id });
  const [slot] = await db
    .insert(slots)
    .values({
      partner_id: ids.partnerId,
      queue_id: ids.queueId,
      patient_id: patient?.id as string,
      date: ids.date,
      start_time: '00:00',
      end_time: '00:15',
      token_number: 1,
    })
    .returning({ id: slots.id });
  return slot?.id as string;
}

describe.skipIf(testEngine() !== 'postgres')(
  'the TV between two API processes (PostgreSQL: LISTEN/NOTIFY)',
  () => {
    const twoProcesses = useTwoApiProcesses();

    // The processes send no heartbeat (useTwoApiProcesses), the only other time a TV's display
    // is read again: the change reaching B's stream can only have come by NOTIFY from A.
    it('pairs through A and pushes a change made through A to a TV streaming from B', async () => {
      const [a, b] = twoProcesses.processes();
      const { partner, queueId } = await twoProcesses.partnerWithQueue();
      const slotId = await insertTodaysBooking(twoProcesses.db(), {
        partnerId: partner.partnerId,
        queueId,
        date: localToday('Asia/Kolkata', systemClock()).date,
      });
      const registered = await fetch(`${a.url}/api/public/tv/register`, { method: 'POST' });
      const tv = ((await registered.json()) as { data: TvRegistration }).data;
      const live = await openEventStream<TvDisplay>(
        `${b.url}/api/public/tv/stream?token=${encodeURIComponent(tv.token)}`,
        tvDisplayEventName,
      );
      const send = (method: string, path: string, body: object) =>
        fetch(`${a.url}${path}`, {
          method,
          headers: { ...partner.headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      try {
        await live.next((shown) => shown.status === 'waiting');
        const paired = await send('POST', '/api/tv/pair', {
          code: tv.pairing_code,
          locationId: partner.locationId,
          queueId,
        });
        expect(paired.status).toBe(200);
        await live.next((shown) => shown.status === 'paired');

        const marked = await send('PUT', '/api/update-showed-up', { slot_id: slotId, showed_up: true });
        expect(marked.status).toBe(200);
        const called = await send('PUT', '/api/call-token', { slotId });
        expect(called.status).toBe(200);
        // From the stream's start: the call's event may come before this wait begins.
        const served = await live.next((shown) => shown.status === 'paired' && shown.now_serving !== null);
        expect(served).toMatchObject({ now_serving: { token_number: 1, patient: 'Farah' } });
      } finally {
        live.close();
      }
    }, 30_000);
  },
);
