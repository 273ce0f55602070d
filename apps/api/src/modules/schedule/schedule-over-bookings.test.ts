import { toPaise } from '@vaidya/contract/bill-arithmetic';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { WhatsAppTemplateMessage } from '../../adapters/messaging/whatsapp';
import type { BookingEvent } from '../../adapters/realtime/booking-events';
import { createInProcessBookingEvents } from '../../adapters/realtime/in-process-booking-events';
import { defaultUsageLimits } from '../../config';
import { outboxMessages, slots } from '../../db/schema';
import { createUsageLimiter } from '../usage-limits/usage-limits.service';
import { moveWallet, walletBalanceAndLedgerSum } from '../wallet/wallet.repository';
import { sendWaitingMessages } from '../whatsapp-messages/whatsapp-messages.service';

// The test clock stands at Monday 2 November 2026, 10:00 in Asia/Kolkata. Every queue is open
// 10:00–13:00 and 17:00–20:00 on every weekday, in 15-minute slots.
const tuesday = '2026-11-03';
const wednesday = '2026-11-04';
const nextTuesday = '2026-11-10';

const bookingEvents = createInProcessBookingEvents();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bookingEvents });
});
afterAll(async () => {
  await t.close();
});

interface Clinic extends SignedInPartner {
  queueId: string;
}

async function createClinic(values: Parameters<typeof createSignedInPartner>[1] = {}): Promise<Clinic> {
  const partner = await createSignedInPartner(t, { name: 'Sushrut Dental', ...values });
  const queueId = await createQueueWithTimings(t.database.db, {
    partnerId: partner.partnerId,
    locationId: partner.locationId,
  });
  return { ...partner, queueId };
}

const call = (clinic: SignedInPartner, request: InjectOptions) =>
  t.app.inject({ ...request, headers: clinic.headers });

let mobileSeed = 0;
const nextMobile = () => `97${String(20_000_000 + mobileSeed++).padStart(8, '0')}`;

interface Booked {
  id: string;
  token_number: number;
  start_time: string;
  date: string;
  customer: { name: string; mobile: string };
}

async function book(
  clinic: Clinic,
  slot: { date: string; startTime: string; name?: string; queueId?: string },
): Promise<Booked> {
  const response = await call(clinic, {
    method: 'POST',
    url: '/api/book-slot',
    payload: {
      queueId: slot.queueId ?? clinic.queueId,
      date: slot.date,
      startTime: slot.startTime,
      customerName: slot.name ?? `Patient ${slot.date} ${slot.startTime}`,
      customerMobile: nextMobile(),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

let addressSeed = 0;
async function bookOnline(clinic: Clinic, slot: { date: string; startTime: string; name: string }) {
  addressSeed += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/public/book-slot',
    remoteAddress: `10.77.${addressSeed >> 8}.${addressSeed & 255}`,
    payload: {
      queueId: clinic.queueId,
      date: slot.date,
      startTime: slot.startTime,
      customerName: slot.name,
      customerMobile: nextMobile(),
    },
  });
  expect(response.statusCode).toBe(201);
}

const bookingsInPeriod = (clinic: SignedInPartner, query: Record<string, string>) =>
  call(clinic, { method: 'GET', url: `/api/get-bookings-in-period?${new URLSearchParams(query)}` });

/** The start times of the answer's bookings, as "date time". */
const whenOf = (bookings: { date: string; start_time: string }[]) =>
  bookings.map((booking) => `${booking.date} ${booking.start_time}`);

/** Every booking of the queue with its status, by date and time. */
async function statuses(clinic: Clinic) {
  const rows = await t.database.db
    .select({ date: slots.date, start: slots.start_time, status: slots.status })
    .from(slots)
    .where(eq(slots.queue_id, clinic.queueId))
    .orderBy(asc(slots.date), asc(slots.start_time));
  return rows.map((row) => `${row.date} ${row.start.slice(0, 5)} ${row.status}`);
}

const outboxOf = (clinic: SignedInPartner) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.partner_id, clinic.partnerId), eq(outboxMessages.channel, 'whatsapp')))
    .orderBy(asc(outboxMessages.created_at), asc(outboxMessages.recipient));

/** The booking events the clinic's screens hear while `act` runs. */
async function eventsDuring(clinic: SignedInPartner, act: () => Promise<unknown>) {
  const heard: BookingEvent[] = [];
  const unsubscribe = bookingEvents.subscribe(clinic.partnerId, (event) => heard.push(event));
  try {
    await act();
  } finally {
    unsubscribe();
  }
  return heard;
}

const queueToken = (clinic: Clinic, path: string, slotId: string) =>
  call(clinic, { method: 'PUT', url: `/api/${path}`, payload: { slotId } });

async function markArrivedAndDone(clinic: Clinic, slotId: string) {
  const arrived = await call(clinic, {
    method: 'PUT',
    url: '/api/update-showed-up',
    payload: { slot_id: slotId, showed_up: true },
  });
  expect(arrived.statusCode).toBe(200);
  expect((await queueToken(clinic, 'complete-token', slotId)).statusCode).toBe(200);
}

describe('GET /api/get-bookings-in-period', () => {
  it('lists the open bookings of one date whose time meets the period, by time, as get-bookings-admin lists them', async () => {
    const clinic = await createClinic();
    const other = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
    });
    const early = await book(clinic, { date: tuesday, startTime: '10:45', name: 'Asha Rao' });
    await book(clinic, { date: tuesday, startTime: '11:00', name: 'Before noon' });
    await bookOnline(clinic, { date: tuesday, startTime: '11:45', name: 'Online Patient' });
    await book(clinic, { date: tuesday, startTime: '12:00', name: 'At noon, after the period' });
    const completed = await book(clinic, { date: tuesday, startTime: '11:15', name: 'Seen already' });
    await markArrivedAndDone(clinic, completed.id);
    const noShow = await book(clinic, { date: tuesday, startTime: '11:30', name: 'Did not come' });
    expect((await queueToken(clinic, 'mark-no-show', noShow.id)).statusCode).toBe(200);
    const called = await book(clinic, { date: tuesday, startTime: '10:30', name: 'Being seen' });
    expect((await queueToken(clinic, 'call-token', called.id)).statusCode).toBe(200);
    await book(clinic, { date: wednesday, startTime: '11:00', name: 'Another day' });
    await book(clinic, { date: tuesday, startTime: '11:00', name: 'Another queue', queueId: other });

    const response = await bookingsInPeriod(clinic, {
      queue_id: clinic.queueId,
      date: tuesday,
      start_time: '10:50',
      end_time: '12:00',
    });

    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    // 10:45–11:00 meets 10:50: a booking is reached when any minute of it is.
    expect(whenOf(data)).toEqual([`${tuesday} 10:45`, `${tuesday} 11:00`, `${tuesday} 11:45`]);
    expect(data[0]).toEqual({
      id: early.id,
      queue_id: clinic.queueId,
      date: tuesday,
      start_time: '10:45',
      end_time: '11:00',
      token_number: early.token_number,
      status: 'booked',
      source: 'front_desk',
      customer: expect.objectContaining({ name: 'Asha Rao', mobile: early.customer.mobile }),
      showed_up_at: null,
      called_at: null,
      completed_at: null,
      no_show_at: null,
    });
    expect(data[2]).toMatchObject({ source: 'online', customer: { name: 'Online Patient' } });

    const wholeDay = await bookingsInPeriod(clinic, { queue_id: clinic.queueId, date: tuesday });
    expect(whenOf(wholeDay.json().data)).toEqual([
      `${tuesday} 10:30`,
      `${tuesday} 10:45`,
      `${tuesday} 11:00`,
      `${tuesday} 11:45`,
      `${tuesday} 12:00`,
    ]);
    expect(wholeDay.json().data[0]).toMatchObject({ status: 'called' });
  });

  it('lists the coming bookings of a weekday from the present moment on', async () => {
    const clinic = await createClinic();
    await book(clinic, { date: '2026-11-02', startTime: '10:15' });
    await book(clinic, { date: '2026-11-02', startTime: '11:30' });
    await book(clinic, { date: '2026-11-09', startTime: '10:15' });
    await book(clinic, { date: tuesday, startTime: '10:15' });

    // 10:45 now (within the id token's hour): the 10:15 booking of today has begun, the one at 11:30 is still to come.
    t.clock.advance(45 * 60 * 1000);
    try {
      const mondays = await bookingsInPeriod(clinic, {
        queue_id: clinic.queueId,
        weekday: '1',
        start_time: '10:00',
        end_time: '13:00',
      });
      expect(whenOf(mondays.json().data)).toEqual(['2026-11-02 11:30', '2026-11-09 10:15']);
    } finally {
      t.clock.advance(-45 * 60 * 1000);
    }
  });

  it('lists, for a new slot size, the bookings on slots it does not have', async () => {
    const clinic = await createClinic();
    for (const startTime of ['10:00', '10:15', '10:30', '10:45', '17:00', '17:15']) {
      await book(clinic, { date: tuesday, startTime });
    }
    await book(clinic, { date: nextTuesday, startTime: '12:45' });

    const halfHours = await bookingsInPeriod(clinic, { queue_id: clinic.queueId, slot_size: '30' });
    expect(whenOf(halfHours.json().data)).toEqual([
      `${tuesday} 10:15`,
      `${tuesday} 10:45`,
      `${tuesday} 17:15`,
      `${nextTuesday} 12:45`,
    ]);
    const twenties = await bookingsInPeriod(clinic, { queue_id: clinic.queueId, slot_size: '20' });
    expect(whenOf(twenties.json().data)).toEqual([
      `${tuesday} 10:15`,
      `${tuesday} 10:30`,
      `${tuesday} 10:45`,
      `${tuesday} 17:15`,
      `${nextTuesday} 12:45`,
    ]);
    const same = await bookingsInPeriod(clinic, { queue_id: clinic.queueId, slot_size: '15' });
    expect(same.json().data).toEqual([]);
  });

  it('answers 404 for another clinic’s queue, and 400 naming the field for a query that makes no sense', async () => {
    const clinic = await createClinic();
    const stranger = await createClinic();
    await book(clinic, { date: tuesday, startTime: '10:00' });

    const foreign = await bookingsInPeriod(stranger, { queue_id: clinic.queueId, date: tuesday });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Queue not found', code: 'NOT_FOUND' });

    const both = await bookingsInPeriod(clinic, { queue_id: clinic.queueId, date: tuesday, weekday: '2' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Give a date or a weekday, not both');
    const halfPeriod = await bookingsInPeriod(clinic, {
      queue_id: clinic.queueId,
      date: tuesday,
      start_time: '10:00',
    });
    expect(halfPeriod.json().message).toBe('Give both a start and an end time, or neither for the whole day');
    const badSize = await bookingsInPeriod(clinic, { queue_id: clinic.queueId, slot_size: '7' });
    expect(badSize.json().message).toBe('Slot size must be a multiple of 5 minutes from 5 to 120');
  });
});

describe('adding an off-day over booked patients', () => {
  /** Bookings on Tuesday at 10:00, 11:00 (completed), 11:15 and 12:00, and at 11:15 on Wednesday. */
  async function bookedTuesday(clinic: Clinic) {
    const bookings = {
      before: await book(clinic, { date: tuesday, startTime: '10:00' }),
      seen: await book(clinic, { date: tuesday, startTime: '11:00' }),
      inside: await book(clinic, { date: tuesday, startTime: '11:15', name: 'Asha Rao' }),
      atEnd: await book(clinic, { date: tuesday, startTime: '12:00' }),
      otherDay: await book(clinic, { date: wednesday, startTime: '11:15' }),
    };
    await markArrivedAndDone(clinic, bookings.seen.id);
    return bookings;
  }

  const addOffDay = (clinic: Clinic, extra: object = {}) =>
    call(clinic, {
      method: 'POST',
      url: '/api/add-off-day',
      payload: { queueId: clinic.queueId, date: tuesday, startTime: '11:00', endTime: '12:00', ...extra },
    });

  it('keeps the bookings in it unless told to cancel them; told so, cancels the open ones, queues a message to each patient and tells the screens', async () => {
    const clinic = await createClinic();
    const bookings = await bookedTuesday(clinic);
    const before = await statuses(clinic);
    for (const kept of [{}, { bookings: 'keep' }]) {
      const response = await addOffDay(clinic, kept);
      expect(response.statusCode).toBe(201);
      expect(response.json().message).toBe('Off-day added successfully');
    }
    expect(await statuses(clinic)).toEqual(before);
    expect(await outboxOf(clinic)).toEqual([]);

    let response: Awaited<ReturnType<typeof addOffDay>> | undefined;
    const heard = await eventsDuring(clinic, async () => {
      response = await addOffDay(clinic, { bookings: 'cancel' });
    });

    expect(response?.statusCode).toBe(201);
    expect(response?.json().message).toBe(
      'Off-day added successfully. 1 booking cancelled; a WhatsApp message to each patient is queued in the outbox.',
    );
    expect(await statuses(clinic)).toEqual([
      `${tuesday} 10:00 booked`,
      `${tuesday} 11:00 completed`,
      `${tuesday} 11:15 cancelled`,
      `${tuesday} 12:00 booked`,
      `${wednesday} 11:15 booked`,
    ]);
    expect(heard).toEqual([
      {
        partnerId: clinic.partnerId,
        queueId: clinic.queueId,
        date: tuesday,
        slotId: bookings.inside.id,
        kind: 'cancelled',
      },
    ]);
    const outbox = await outboxOf(clinic);
    expect(outbox).toEqual([
      expect.objectContaining({
        channel: 'whatsapp',
        recipient: bookings.inside.customer.mobile,
        reference_id: bookings.inside.id,
        location_id: clinic.locationId,
        status: 'waiting',
        template_message: {
          template: 'booking_cancelled',
          bodyParameters: ['Asha Rao', 'Sushrut Dental', '03/11/2026', '11:15 am'],
        },
        body: 'Hello Asha Rao, Sushrut Dental has cancelled your booking of 03/11/2026 at 11:15 am because its timings changed. Please contact the clinic to book another time.',
      }),
    ]);
    // The booking's time is free again.
    expect((await book(clinic, { date: tuesday, startTime: '10:15' })).token_number).toBeGreaterThan(0);
  });

  it('cancels the whole day’s open bookings for a whole-day off-day, and gives back what they were charged', async () => {
    const clinic = await createClinic({ subscription_type: 'wallet', charge_per_booking: '10.00' });
    await moveWallet(t.database.db, {
      kind: 'opening',
      partnerId: clinic.partnerId,
      amountPaise: toPaise(100),
    });
    await book(clinic, { date: tuesday, startTime: '10:00' });
    await book(clinic, { date: tuesday, startTime: '19:45' });
    await book(clinic, { date: wednesday, startTime: '10:00' });
    expect((await walletBalanceAndLedgerSum(t.database.db, clinic.partnerId))?.balance).toBe('70.00');

    const response = await call(clinic, {
      method: 'POST',
      url: '/api/add-off-day',
      payload: { queueId: clinic.queueId, date: tuesday, bookings: 'cancel' },
    });

    expect(response.statusCode).toBe(201);
    expect(await statuses(clinic)).toEqual([
      `${tuesday} 10:00 cancelled`,
      `${tuesday} 19:45 cancelled`,
      `${wednesday} 10:00 booked`,
    ]);
    const wallet = await walletBalanceAndLedgerSum(t.database.db, clinic.partnerId);
    expect(wallet?.balance).toBe('90.00');
    expect(wallet?.balance).toBe(wallet?.ledgerSum);
    expect((await outboxOf(clinic)).map((row) => row.template_message?.bodyParameters[3])).toEqual(
      expect.arrayContaining(['10:00 am', '7:45 pm']),
    );
  });

  it('sends the queued messages through WhatsApp once the change has committed', async () => {
    const clinic = await createClinic();
    await book(clinic, { date: tuesday, startTime: '11:30', name: 'Asha Rao' });
    await addOffDay(clinic, { bookings: 'cancel' });

    const handed: WhatsAppTemplateMessage[] = [];
    const deps = {
      db: t.database.db,
      whatsapp: {
        async send(message: WhatsAppTemplateMessage) {
          handed.push(message);
          return { status: 'sent' as const, providerMessageId: `wamid.${handed.length}` };
        },
      },
      usageLimiter: createUsageLimiter({ db: t.database.db, clock: t.clock.now }),
      limits: defaultUsageLimits,
    };
    await sendWaitingMessages(deps);

    expect(handed).toContainEqual(
      expect.objectContaining({
        template: 'booking_cancelled',
        bodyParameters: ['Asha Rao', 'Sushrut Dental', '03/11/2026', '11:30 am'],
      }),
    );
    expect((await outboxOf(clinic)).map((row) => row.status)).toEqual(['sent']);
  });
});

describe('editing a session over booked patients', () => {
  async function tuesdayMorning(clinic: Clinic) {
    const response = await call(clinic, {
      method: 'GET',
      url: `/api/get-queue-timings?queue_id=${clinic.queueId}`,
    });
    const session = response
      .json()
      .data.find(
        (timing: { weekday: number; start_time: string }) =>
          timing.weekday === 2 && timing.start_time === '10:00',
      );
    return session.id as string;
  }

  /** Bookings on this and next Tuesday's morning, and on Wednesday's. */
  async function bookedMornings(clinic: Clinic) {
    await book(clinic, { date: tuesday, startTime: '10:15' });
    await book(clinic, { date: tuesday, startTime: '11:00' });
    await book(clinic, { date: tuesday, startTime: '12:30' });
    await book(clinic, { date: tuesday, startTime: '17:00' });
    await book(clinic, { date: nextTuesday, startTime: '10:00' });
    await book(clinic, { date: wednesday, startTime: '10:15' });
  }

  const editTimings = async (clinic: Clinic, times: object) =>
    call(clinic, {
      method: 'PUT',
      url: '/api/edit-timings',
      payload: { id: await tuesdayMorning(clinic), queueId: clinic.queueId, weekday: 2, ...times },
    });

  it('keeps the bookings outside the new times unless told to cancel them; told so, cancels those in the time the session no longer opens, on every coming date of its weekday', async () => {
    const clinic = await createClinic();
    await bookedMornings(clinic);
    const before = await statuses(clinic);
    for (const kept of [{}, { bookings: 'keep' }]) {
      const response = await editTimings(clinic, { startTime: '10:00', endTime: '12:45', ...kept });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Session updated successfully');
    }
    expect(await statuses(clinic)).toEqual(before);
    expect(await outboxOf(clinic)).toEqual([]);

    const heard = await eventsDuring(clinic, async () => {
      const response = await editTimings(clinic, {
        startTime: '11:00',
        endTime: '12:30',
        bookings: 'cancel',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(
        'Session updated successfully. 3 bookings cancelled; a WhatsApp message to each patient is queued in the outbox.',
      );
    });

    expect(await statuses(clinic)).toEqual([
      `${tuesday} 10:15 cancelled`,
      `${tuesday} 11:00 booked`,
      `${tuesday} 12:30 cancelled`,
      `${tuesday} 17:00 booked`,
      `${wednesday} 10:15 booked`,
      `${nextTuesday} 10:00 cancelled`,
    ]);
    expect(heard.map((event) => `${event.date} ${event.kind}`).sort()).toEqual([
      `${tuesday} cancelled`,
      `${tuesday} cancelled`,
      `${nextTuesday} cancelled`,
    ]);
    expect((await outboxOf(clinic)).map((row) => row.status)).toEqual(['waiting', 'waiting', 'waiting']);
  });

  it('cancels the whole session’s bookings when it moves to another weekday', async () => {
    const clinic = await createClinic();
    await bookedMornings(clinic);

    const response = await call(clinic, {
      method: 'PUT',
      url: '/api/edit-timings',
      payload: {
        id: await tuesdayMorning(clinic),
        queueId: clinic.queueId,
        weekday: 0,
        startTime: '10:00',
        endTime: '13:00',
        bookings: 'cancel',
      },
    });

    // Sunday has its own 10:00–13:00 already: refused, and nothing is cancelled with it.
    expect(response.statusCode).toBe(409);
    expect((await statuses(clinic)).filter((line) => line.endsWith('cancelled'))).toEqual([]);
    expect(await outboxOf(clinic)).toEqual([]);

    const moved = await call(clinic, {
      method: 'PUT',
      url: '/api/edit-timings',
      payload: {
        id: await tuesdayMorning(clinic),
        queueId: clinic.queueId,
        weekday: 0,
        startTime: '07:00',
        endTime: '09:00',
        bookings: 'cancel',
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(await statuses(clinic)).toEqual([
      `${tuesday} 10:15 cancelled`,
      `${tuesday} 11:00 cancelled`,
      `${tuesday} 12:30 cancelled`,
      `${tuesday} 17:00 booked`,
      `${wednesday} 10:15 booked`,
      `${nextTuesday} 10:00 cancelled`,
    ]);
  });
});

describe('changing the slot size over booked patients', () => {
  async function bookedQuarterHours(clinic: Clinic) {
    for (const startTime of ['10:00', '10:15', '10:30', '17:45'])
      await book(clinic, { date: tuesday, startTime });
  }

  const resize = (clinic: Clinic, extra: object = {}) =>
    call(clinic, {
      method: 'PUT',
      url: '/api/update-slot-size',
      payload: { queueId: clinic.queueId, slotSize: 30, ...extra },
    });

  it('keeps every booking at its time unless told to cancel; told so, cancels those on slots the new size does not have', async () => {
    const clinic = await createClinic();
    await bookedQuarterHours(clinic);
    const before = await statuses(clinic);
    for (const [slotSize, kept] of [
      [20, {}],
      [10, { bookings: 'keep' }],
      [15, {}],
    ] as const) {
      const response = await resize(clinic, { slotSize, ...kept });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        data: { slot_size: slotSize },
        message: 'Slot size updated successfully',
      });
    }
    expect(await statuses(clinic)).toEqual(before);
    expect(await outboxOf(clinic)).toEqual([]);
    const stranger = await createClinic();
    const foreign = await call(stranger, {
      method: 'PUT',
      url: '/api/update-slot-size',
      payload: { queueId: clinic.queueId, slotSize: 30, bookings: 'cancel' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await statuses(clinic)).toEqual(before);

    const heard = await eventsDuring(clinic, async () => {
      const response = await resize(clinic, { bookings: 'cancel' });
      expect(response.json()).toMatchObject({
        data: { slot_size: 30 },
        message:
          'Slot size updated successfully. 2 bookings cancelled; a WhatsApp message to each patient is queued in the outbox.',
      });
    });

    expect(await statuses(clinic)).toEqual([
      `${tuesday} 10:00 booked`,
      `${tuesday} 10:15 cancelled`,
      `${tuesday} 10:30 booked`,
      `${tuesday} 17:45 cancelled`,
    ]);
    expect(heard.map((event) => event.kind)).toEqual(['cancelled', 'cancelled']);
    expect(await outboxOf(clinic)).toHaveLength(2);
  });
});
