import { bookingRefusals } from '@vaidya/contract/booking-refusals';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { partners, patients, slots } from '../../db/schema';

// 2 November 2026 is a Monday; 04:30 UTC is 10:00 in Asia/Kolkata, the partners' default time zone.
const mondayTenAm = new Date('2026-11-02T04:30:00Z');
const today = '2026-11-02';
const nextMonday = '2026-11-09';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.set(mondayTenAm);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedInPartner, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

/** Asked the way the booking website asks: no token. */
async function freeStarts(queueId: string, date: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/public/get-available-slots?queue_id=${queueId}&date=${date}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { start_time: string; end_time: string }[]).map((slot) => slot.start_time);
}

/** A queue of 30-minute slots with these weekly sessions ([weekday, start, end]). */
async function queueWithSessions(who: SignedInPartner, sessions: [number, string, string][], slotSize = 30) {
  const added = await call(who, 'POST', 'add-queue', {
    locationId: who.locationId,
    queueName: 'Dr Rao — OPD',
    slotSize,
  });
  const queueId: string = added.json().data.id;
  for (const [weekday, startTime, endTime] of sessions) {
    const response = await call(who, 'POST', 'add-queue-timings', { queueId, weekday, startTime, endTime });
    expect(response.statusCode).toBe(201);
  }
  return queueId;
}

let booked = 0;
/** A booking made at the front desk, as the bookings module stores it. */
async function book(
  who: SignedInPartner,
  queueId: string,
  date: string,
  start: string,
  end: string,
  status: 'booked' | 'cancelled' = 'booked',
) {
  booked += 1;
  const [patient] = await t.database.db
    .insert(patients)
    .values({
      partner_id: who.partnerId,
      patient_number: String(booked),
      name: `Patient ${booked}`,
      mobile: `98${String(booked).padStart(8, '0')}`,
      first_seen_on: date,
    })
    .returning({ id: patients.id });
  await t.database.db.insert(slots).values({
    partner_id: who.partnerId,
    queue_id: queueId,
    patient_id: patient?.id as string,
    date,
    start_time: start,
    end_time: end,
    token_number: booked,
    status,
  });
}

describe('GET /api/public/get-available-slots', () => {
  it('cuts each session of the weekday into slots and leaves out booked ones, but not cancelled ones', async () => {
    const clinic = await createSignedInPartner(t);
    const queueId = await queueWithSessions(clinic, [
      [1, '17:00', '18:00'],
      [1, '10:00', '12:00'],
      [2, '09:00', '10:00'],
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/get-available-slots?queue_id=${queueId}&date=${nextMonday}`,
    });
    expect(response.json()).toEqual({
      data: [
        { start_time: '10:00', end_time: '10:30' },
        { start_time: '10:30', end_time: '11:00' },
        { start_time: '11:00', end_time: '11:30' },
        { start_time: '11:30', end_time: '12:00' },
        { start_time: '17:00', end_time: '17:30' },
        { start_time: '17:30', end_time: '18:00' },
      ],
    });

    await book(clinic, queueId, nextMonday, '10:30', '11:00');
    await book(clinic, queueId, nextMonday, '17:00', '17:30', 'cancelled');
    expect(await freeStarts(queueId, nextMonday)).toEqual(['10:00', '11:00', '11:30', '17:00', '17:30']);
    // Sunday has no session.
    expect(await freeStarts(queueId, '2026-11-08')).toEqual([]);
  });

  it('leaves out an off-day’s hours, and everything on a whole off-day', async () => {
    const clinic = await createSignedInPartner(t);
    const queueId = await queueWithSessions(clinic, [[1, '10:00', '12:00']]);
    await call(clinic, 'POST', 'add-off-day', {
      queueId,
      date: nextMonday,
      startTime: '10:45',
      endTime: '11:15',
    });
    expect(await freeStarts(queueId, nextMonday)).toEqual(['10:00', '11:30']);

    await call(clinic, 'POST', 'add-off-day', { queueId, date: '2026-11-16' });
    expect(await freeStarts(queueId, '2026-11-16')).toEqual([]);
    expect(await freeStarts(queueId, '2026-11-23')).toEqual(['10:00', '10:30', '11:00', '11:30']);
  });

  it('leaves out times already past today, in the partner’s time zone, and every slot of a past date', async () => {
    const clinic = await createSignedInPartner(t);
    const queueId = await queueWithSessions(clinic, [[1, '09:00', '12:00']]);
    t.clock.set(new Date('2026-11-02T05:10:00Z')); // 10:40 in Kolkata
    expect(await freeStarts(queueId, today)).toEqual(['11:00', '11:30']);
    // A visitor cannot ask for a past date; the clinic's own front desk finds nothing free on it.
    const past = await t.app.inject({
      method: 'GET',
      url: `/api/public/get-available-slots?queue_id=${queueId}&date=2026-10-26`,
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(bookingRefusals.dateInPast);
    expect(
      (await call(clinic, 'GET', `public/get-available-slots?queue_id=${queueId}&date=2026-10-26`)).json(),
    ).toEqual({ data: [] });

    // The same instant is 00:10 on Monday in Auckland (UTC+13 in November).
    const auckland = await createSignedInPartner(t, { time_zone: 'Pacific/Auckland' });
    const aucklandQueue = await queueWithSessions(auckland, [[2, '09:00', '10:00']]);
    expect(await freeStarts(aucklandQueue, '2026-11-03')).toEqual(['09:00', '09:30']);
    t.clock.set(new Date('2026-11-02T20:40:00Z')); // 09:40 on Tuesday 3 November in Auckland
    expect(await freeStarts(aucklandQueue, '2026-11-03')).toEqual([]);
  });

  it('follows a change of slot size', async () => {
    const clinic = await createSignedInPartner(t);
    const queueId = await queueWithSessions(clinic, [[1, '10:00', '11:00']]);
    expect(await freeStarts(queueId, nextMonday)).toEqual(['10:00', '10:30']);
    await call(clinic, 'PUT', 'update-slot-size', { queueId, slotSize: 20 });
    expect(await freeStarts(queueId, nextMonday)).toEqual(['10:00', '10:20', '10:40']);
    await call(clinic, 'PUT', 'update-slot-size', { queueId, slotSize: 45 });
    // What is left of the session after the last whole slot is no slot.
    expect(await freeStarts(queueId, nextMonday)).toEqual(['10:00']);
  });

  it('answers 404 for an unknown queue and 400 for a date that does not exist', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/public/get-available-slots?queue_id=${crypto.randomUUID()}&date=${nextMonday}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Queue not found');
    const clinic = await createSignedInPartner(t);
    const queueId = await queueWithSessions(clinic, [[1, '10:00', '11:00']]);
    const impossible = await t.app.inject({
      method: 'GET',
      url: `/api/public/get-available-slots?queue_id=${queueId}&date=2026-02-30`,
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe('Date must be a real date like 2026-11-25');
  });
});

describe('GET /api/public/get-available-slots within the booking window', () => {
  const slotsOn = (queueId: string, date: string, who?: { headers: Record<string, string> }) =>
    t.app.inject({
      method: 'GET',
      url: `/api/public/get-available-slots?queue_id=${queueId}&date=${date}`,
      headers: who?.headers,
    });

  it('offers a visitor dates up to the clinic’s window only; its own front desk any date', async () => {
    const { a: clinic, b: other } = await createTwoPartners(t);
    const queueId = await queueWithSessions(clinic, [[1, '10:00', '11:00']]);
    // Monday 28 December is within the 60 days; Monday 4 January 2027 is not.
    expect(await freeStarts(queueId, '2026-12-28')).toEqual(['10:00', '10:30']);
    const beyond = await slotsOn(queueId, '2027-01-04');
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toEqual({
      message: bookingRefusals.beyondBookingWindow(60),
      code: 'BUSINESS_RULE',
    });
    // Another clinic's staff are visitors here.
    expect((await slotsOn(queueId, '2027-01-04', other)).statusCode).toBe(422);
    // The clinic's own desk books follow-ups further ahead.
    const ownDesk = await slotsOn(queueId, '2027-03-01', clinic);
    expect(ownDesk.statusCode).toBe(200);
    expect(ownDesk.json().data).toHaveLength(2);
    // A token that does not sign in is refused, not taken for a visitor's.
    expect(
      (await slotsOn(queueId, '2026-12-28', { headers: { authorization: 'Bearer forged' } })).statusCode,
    ).toBe(401);
  });

  it('offers nothing of a disabled clinic', async () => {
    const clinic = await createSignedInPartner(t);
    const queueId = await queueWithSessions(clinic, [[1, '10:00', '11:00']]);
    await t.database.db
      .update(partners)
      .set({ disabled_at: mondayTenAm })
      .where(eq(partners.id, clinic.partnerId));
    const response = await slotsOn(queueId, nextMonday);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: bookingRefusals.notTakingOnlineBookings, code: 'FORBIDDEN' });
  });
});

describe('GET /api/get-dates', () => {
  it('gives the next 30 open dates from today, each with its free slots, skipping whole off-days', async () => {
    const clinic = await createSignedInPartner(t);
    // Mondays and Thursdays, four 30-minute slots each.
    const queueId = await queueWithSessions(clinic, [
      [1, '09:00', '11:00'],
      [4, '16:00', '18:00'],
    ]);
    await call(clinic, 'POST', 'add-off-day', { queueId, date: '2026-11-05' });
    await call(clinic, 'POST', 'add-off-day', {
      queueId,
      date: nextMonday,
      startTime: '09:00',
      endTime: '10:00',
    });
    await book(clinic, queueId, '2026-11-12', '16:30', '17:00');

    const response = await call(clinic, 'GET', `get-dates?queue_id=${queueId}`);
    expect(response.statusCode).toBe(200);
    const dates: { date: string; available: number }[] = response.json().data;
    expect(dates).toHaveLength(30);
    expect(dates.slice(0, 4)).toEqual([
      // Today at 10:00: 09:00 and 09:30 are past.
      { date: today, available: 2 },
      { date: nextMonday, available: 2 },
      { date: '2026-11-12', available: 3 },
      { date: '2026-11-16', available: 4 },
    ]);
    for (const { date } of dates) expect([1, 4]).toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
    expect(dates.at(-1)?.date).toBe('2027-02-15');
  });

  it('keeps a fully booked open date with nothing free, and has no dates for a queue without sessions', async () => {
    const clinic = await createSignedInPartner(t);
    const queueId = await queueWithSessions(clinic, [[2, '09:00', '10:00']]);
    await book(clinic, queueId, '2026-11-03', '09:00', '09:30');
    await book(clinic, queueId, '2026-11-03', '09:30', '10:00');
    const dates = (await call(clinic, 'GET', `get-dates?queue_id=${queueId}`)).json().data;
    expect(dates[0]).toEqual({ date: '2026-11-03', available: 0 });
    expect(dates[1]).toEqual({ date: '2026-11-10', available: 2 });

    const idle = await queueWithSessions(clinic, []);
    expect((await call(clinic, 'GET', `get-dates?queue_id=${idle}`)).json()).toEqual({ data: [] });
  });

  it('starts from today in the partner’s time zone', async () => {
    const newYork = await createSignedInPartner(t, { time_zone: 'America/New_York' });
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday): [number, string, string] => [
      weekday,
      '09:00',
      '10:00',
    ]);
    const queueId = await queueWithSessions(newYork, everyDay);
    // 04:30 UTC on 2 November is 23:30 on Sunday 1 November in New York: its 09:00 session is over,
    // so that day is no longer offered at all.
    const dates = (await call(newYork, 'GET', `get-dates?queue_id=${queueId}`)).json().data;
    expect(dates[0]).toEqual({ date: '2026-11-02', available: 2 });
    expect(dates).toHaveLength(30);
  });

  it('answers 404 for another partner’s queue', async () => {
    const { a, b } = await createTwoPartners(t);
    const queueOfA = await queueWithSessions(a, [[1, '09:00', '10:00']]);
    expect((await call(b, 'GET', `get-dates?queue_id=${queueOfA}`)).statusCode).toBe(404);
  });
});
