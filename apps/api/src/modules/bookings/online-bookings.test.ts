import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bookingRefusals } from '@vaidya/contract/booking-refusals';
import { bookingMessages } from '@vaidya/contract/bookings';
import { messages } from '@vaidya/contract/messages';
import { partnerMessages } from '@vaidya/contract/partner';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createOutboxMessenger } from '../../adapters/messaging/outbox-messenger';
import { createLocalFileStorage } from '../../adapters/storage/local-file-storage';
import { type App, buildApp } from '../../app';
import { slots, usageCounts } from '../../db/schema';

// Each test starts at 2026-11-02T04:30Z: Monday 2 November, 10:00 in India.
const today = '2026-11-02';
const tomorrow = '2026-11-03';
const hour = 60 * 60 * 1000;

const mondayTenAm = new Date('2026-11-02T04:30:00Z');

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

interface Clinic extends SignedInPartner {
  queueId: string;
}

async function createClinic(values: Parameters<typeof createSignedInPartner>[1] = {}): Promise<Clinic> {
  const partner = await createSignedInPartner(t, values);
  const queueId = await createQueueWithTimings(t.database.db, {
    partnerId: partner.partnerId,
    locationId: partner.locationId,
  });
  return { ...partner, queueId };
}

let mobileSeed = 0;
/** A different valid mobile for each visitor, so per-number limits never meet by chance. */
const nextMobile = () => `97${String(10_000_000 + mobileSeed++).padStart(8, '0')}`;
let addressSeed = 0;
/** A different client address for each visitor, so the per-address limit never meets by chance. */
const nextAddress = () => {
  addressSeed += 1;
  return `10.77.${addressSeed >> 8}.${addressSeed & 255}`;
};

interface OnlineSlot {
  date?: string;
  startTime: string;
  name?: string;
  mobile?: string;
  queueId?: string;
  /** The visitor's address; a fresh one when absent. */
  from?: string;
}

const bookingRequest = (clinic: Clinic, slot: OnlineSlot): InjectOptions => ({
  method: 'POST',
  url: '/api/public/book-slot',
  remoteAddress: slot.from ?? nextAddress(),
  payload: {
    queueId: slot.queueId ?? clinic.queueId,
    date: slot.date ?? tomorrow,
    startTime: slot.startTime,
    customerName: slot.name ?? 'Online Patient',
    customerMobile: slot.mobile ?? nextMobile(),
  },
});

const bookOnline = (clinic: Clinic, slot: OnlineSlot, app: App = t.app) =>
  app.inject(bookingRequest(clinic, slot));

const bookAtDesk = (
  clinic: Clinic,
  slot: { date?: string; startTime: string; name: string; mobile: string },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/book-slot',
    headers: clinic.headers,
    payload: {
      queueId: clinic.queueId,
      date: slot.date ?? tomorrow,
      startTime: slot.startTime,
      customerName: slot.name,
      customerMobile: slot.mobile,
    },
  });

/** Cancels the clinic's booking at a start time, as its front desk would (straight in the database: tokens expire as the clock moves). */
async function cancelBookingAt(clinic: Clinic, date: string, startTime: string) {
  const cancelled = await t.database.db
    .update(slots)
    .set({ status: 'cancelled', cancelled_at: t.clock.now() })
    .where(and(eq(slots.queue_id, clinic.queueId), eq(slots.date, date), eq(slots.start_time, startTime)))
    .returning({ id: slots.id });
  expect(cancelled).toHaveLength(1);
}

const statusesOf = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode);

describe('the booking window (booking_window_days)', () => {
  it('takes online bookings from today to 60 days ahead and refuses a past date or one beyond, with a sentence', async () => {
    const clinic = await createClinic();
    expect((await bookOnline(clinic, { date: today, startTime: '17:00' })).statusCode).toBe(201);
    expect((await bookOnline(clinic, { date: '2027-01-01', startTime: '10:00' })).statusCode).toBe(201);

    for (const date of ['2027-01-02', '9999-12-30']) {
      const beyond = await bookOnline(clinic, { date, startTime: '10:00' });
      expect(beyond.statusCode).toBe(422);
      expect(beyond.json()).toEqual({
        message: bookingRefusals.beyondBookingWindow(60),
        code: 'BUSINESS_RULE',
      });
    }
    const past = await bookOnline(clinic, { date: '2026-11-01', startTime: '10:00' });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(bookingRefusals.dateInPast);

    // The front desk may book further ahead: a follow-up in three months.
    const followUp = await bookAtDesk(clinic, {
      date: '2027-02-01',
      startTime: '10:00',
      name: 'Ramesh Kumar',
      mobile: nextMobile(),
    });
    expect(followUp.statusCode).toBe(201);
  });

  it('follows the window the clinic sets in its profile, counted from its own today', async () => {
    // 04:30 UTC on 2 November is 20:30 on Sunday 1 November in Los Angeles.
    const clinic = await createClinic({ time_zone: 'America/Los_Angeles' });
    const edit = (change: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v2/edit-partner-details',
        headers: clinic.headers,
        payload: { name: 'Pacific Dental', specialityType: 'DENTIST', ...change },
      });
    const saved = await edit({ bookingWindowDays: 7 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.booking_window_days).toBe(7);
    // Absent keeps it.
    expect((await edit({})).json().data.booking_window_days).toBe(7);

    expect((await bookOnline(clinic, { date: '2026-11-08', startTime: '10:00' })).statusCode).toBe(201);
    const beyond = await bookOnline(clinic, { date: '2026-11-09', startTime: '10:00' });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().message).toBe(bookingRefusals.beyondBookingWindow(7));
  });

  it.each([
    ['no day', 0],
    ['more than a year', 366],
    ['part of a day', 1.5],
    ['text', '30'],
    ['nothing', null],
  ])('refuses a window of %s with 400 naming the field', async (_case, bookingWindowDays) => {
    const clinic = await createClinic();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/edit-partner-details',
      headers: clinic.headers,
      payload: { name: 'Window Clinic', specialityType: 'DOCTOR', bookingWindowDays },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(partnerMessages.invalidBookingWindow);
  });
});

describe('open online bookings', () => {
  it('allows a patient (mobile and name) 2 open online bookings on a date; a family on one phone books its own', async () => {
    const clinic = await createClinic();
    const mobile = nextMobile();
    const asha = (startTime: string, name = 'Asha Patil', date = tomorrow) =>
      bookOnline(clinic, { startTime, name, mobile, date });

    expect((await asha('10:00')).statusCode).toBe(201);
    // Case and spaces do not make another patient.
    expect((await asha('10:15', '  asha   PATIL ')).statusCode).toBe(201);
    const third = await asha('10:30');
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({
      message: bookingRefusals.tooManyBookingsForPatientOnDate(2),
      code: 'BUSINESS_RULE',
    });
    // Her son on the same phone, and she herself on another date.
    expect((await asha('10:30', 'Ravi Patil')).statusCode).toBe(201);
    expect((await asha('10:00', 'Asha Patil', '2026-11-04')).statusCode).toBe(201);
    // The front desk's bookings are the clinic's own choice and do not count.
    const atDesk = await bookAtDesk(clinic, { startTime: '11:00', name: 'Asha Patil', mobile });
    expect(atDesk.statusCode).toBe(201);

    // A cancelled booking is no longer open. (Past the hour, so the hourly limit per mobile has room again.)
    t.clock.advance(hour);
    await cancelBookingAt(clinic, tomorrow, '10:00');
    expect((await asha('10:45')).statusCode).toBe(201);
  });

  it('allows a mobile 6 open online bookings at a clinic; past and cancelled ones and other clinics’ do not count', async () => {
    const clinic = await createClinic();
    const mobile = nextMobile();
    const family = ['Asha', 'Ravi', 'Meera', 'Kiran', 'Anil', 'Sunita', 'Vijay'];
    const bookFor = (name: string, date: string, startTime = '17:00', at = clinic) =>
      bookOnline(at, { startTime, name: `${name} Deshpande`, mobile, date });

    // One of them today, which tomorrow is past; the hourly limit per mobile is 5, so two hours.
    const first = [
      await bookFor('Asha', today),
      await bookFor('Ravi', '2026-11-03'),
      await bookFor('Meera', '2026-11-04'),
      await bookFor('Kiran', '2026-11-05'),
      await bookFor('Anil', '2026-11-06'),
    ];
    expect(statusesOf(first)).toEqual([201, 201, 201, 201, 201]);
    t.clock.advance(hour);
    expect((await bookFor('Sunita', '2026-11-07')).statusCode).toBe(201);
    const seventh = await bookFor('Vijay', '2026-11-08');
    expect(seventh.statusCode).toBe(422);
    expect(seventh.json()).toEqual({
      message: bookingRefusals.tooManyOpenBookingsForMobile(6),
      code: 'BUSINESS_RULE',
    });
    // Another clinic counts its own.
    expect((await bookFor('Vijay', '2026-11-08', '17:00', await createClinic())).statusCode).toBe(201);
    // A cancelled one makes room.
    await cancelBookingAt(clinic, '2026-11-03', '17:00');
    expect((await bookFor('Vijay', '2026-11-08')).statusCode).toBe(201);
    expect((await bookFor(family[0] as string, '2026-11-09')).statusCode).toBe(422);

    // Tomorrow, today's booking is past and no longer open.
    t.clock.advance(24 * hour);
    expect((await bookFor('Asha', '2026-11-09')).statusCode).toBe(201);
  });

  it('counts bookings made at the same moment one after another, whatever their queues', async () => {
    const clinic = await createClinic();
    const queues = [clinic.queueId];
    for (let extra = 0; extra < 4; extra += 1) {
      queues.push(
        await createQueueWithTimings(t.database.db, {
          partnerId: clinic.partnerId,
          locationId: clinic.locationId,
        }),
      );
    }
    const mobile = nextMobile();
    // Five at once for one patient on one date, each in its own queue: two get in.
    const samePatient = await Promise.all(
      queues.map((queueId) =>
        bookOnline(clinic, { queueId, startTime: '10:00', name: 'Asha Patil', mobile }),
      ),
    );
    expect(statusesOf(samePatient).sort()).toEqual([201, 201, 422, 422, 422]);

    // Two more open bookings under the number (four in all), then five at once for others: two get in.
    t.clock.advance(hour);
    for (const [index, name] of ['Ravi', 'Meera'].entries()) {
      const booked = await bookOnline(clinic, {
        startTime: '17:00',
        name,
        mobile,
        date: `2026-11-1${index}`,
      });
      expect(booked.statusCode).toBe(201);
    }
    t.clock.advance(hour);
    const family = await Promise.all(
      queues.map((queueId, index) =>
        bookOnline(clinic, {
          queueId,
          startTime: '11:00',
          name: `Child ${index}`,
          mobile,
          date: '2026-11-20',
        }),
      ),
    );
    expect(statusesOf(family).sort()).toEqual([201, 201, 422, 422, 422]);
  });
});

describe('the limits per address and per mobile, counted in the database', () => {
  const countOf = async (scope: string, subject: string) => {
    const [row] = await t.database.db
      .select({ count: usageCounts.count })
      .from(usageCounts)
      .where(and(eq(usageCounts.scope, scope), eq(usageCounts.subject, subject)));
    return row?.count;
  };

  it('refuses the 21st attempt from one address within the hour with 429, and counts it in usage_counts', async () => {
    const clinic = await createClinic();
    const address = '203.0.113.21';
    const starts = ['10', '11', '12', '17', '18', '19'].flatMap((h) =>
      ['00', '15', '30', '45'].map((m) => `${h}:${m}`),
    );
    const statuses: number[] = [];
    for (const startTime of starts.slice(0, 20)) {
      statuses.push((await bookOnline(clinic, { startTime, from: address })).statusCode);
    }
    expect(statuses.every((status) => status === 201)).toBe(true);
    const refused = await bookOnline(clinic, { startTime: '19:30', from: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: messages.tooManyRequests, code: 'RATE_LIMITED' });
    expect(await countOf('public-booking-address', address)).toBe(21);
    // Another address is not held back.
    expect((await bookOnline(clinic, { startTime: '19:30' })).statusCode).toBe(201);
  });

  describe('with a second app on the same database (another process of the deployment)', () => {
    let second: App;
    let uploadsDir: string;
    beforeAll(async () => {
      uploadsDir = mkdtempSync(join(tmpdir(), 'vaidya-second-app-'));
      second = await buildApp({
        database: t.database,
        tokens: t.tokens,
        clock: t.clock.now,
        messenger: createOutboxMessenger({ db: t.database.db }),
        storage: createLocalFileStorage({ db: t.database.db, root: uploadsDir, clock: t.clock.now }),
        paymentGateway: null,
      });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    });

    it('the 6th booking under one mobile within the hour is refused whichever app takes it', async () => {
      const clinic = await createClinic();
      const mobile = nextMobile();
      const times = ['10:00', '10:15', '10:30', '10:45', '11:00'];
      const statuses: number[] = [];
      for (const [index, startTime] of times.entries()) {
        const app = index % 2 === 0 ? t.app : second;
        statuses.push(
          (
            await bookOnline(
              clinic,
              { startTime, mobile, name: `Patient ${index}`, date: `2026-11-0${index + 3}` },
              app,
            )
          ).statusCode,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201]);
      expect(await countOf('public-booking-mobile', mobile)).toBe(5);

      const sixth = await bookOnline(
        clinic,
        { startTime: '11:15', mobile, name: 'Patient 6', date: '2026-11-09' },
        second,
      );
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ message: bookingRefusals.tooManyBookings, code: 'RATE_LIMITED' });

      // The next hour is a new count.
      t.clock.advance(hour);
      const later = await bookOnline(
        clinic,
        { startTime: '11:15', mobile, name: 'Patient 6', date: '2026-11-09' },
        second,
      );
      expect(later.statusCode).toBe(201);
    });

    it('one address’s attempts through both apps add up to one count', async () => {
      const clinic = await createClinic();
      const address = '198.51.100.7';
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const app = attempt < 10 ? t.app : second;
        // Attempts count whatever they answer: here 409 after the first.
        await bookOnline(clinic, { startTime: '12:00', from: address }, app);
      }
      const refused = await bookOnline(clinic, { startTime: '12:15', from: address }, t.app);
      expect(refused.statusCode).toBe(429);
      expect(await countOf('public-booking-address', address)).toBe(21);
    });
  });
});

describe('the answer to the visitor', () => {
  it('holds only their own booking, the same whether the clinic knew the number or not', async () => {
    const clinic = await createClinic();
    const known = nextMobile();
    const desk = await bookAtDesk(clinic, { startTime: '10:00', name: 'Stored Name', mobile: known });
    const patientId: string = desk.json().data.customer.id;

    const knownAnswer = await bookOnline(clinic, { startTime: '10:15', name: 'Typed Name', mobile: known });
    const newAnswer = await bookOnline(clinic, { startTime: '10:30', name: 'New Visitor' });
    expect(knownAnswer.statusCode).toBe(201);
    expect(newAnswer.statusCode).toBe(201);
    const location = 'Test Clinic';
    expect(knownAnswer.json()).toEqual({
      data: {
        token_number: 2,
        date: tomorrow,
        start_time: '10:15',
        end_time: '10:30',
        queue_name: 'Dr Rao — OPD',
        location_name: expect.stringContaining(location),
        customer_name: 'Typed Name',
      },
      message: bookingMessages.booked,
    });
    expect(Object.keys(newAnswer.json().data).sort()).toEqual(Object.keys(knownAnswer.json().data).sort());
    expect(knownAnswer.body).not.toContain(patientId);
    expect(knownAnswer.body).not.toContain('Stored Name');
    expect(knownAnswer.body).not.toMatch(/"id"|customer"|mobile/);
  });
});
