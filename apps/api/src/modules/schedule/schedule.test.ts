import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { offDays } from '../../db/schema';

// The test clock stands at Monday 2 November 2026, 10:00 in Asia/Kolkata.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: SignedInPartner, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

async function addQueue(who: SignedInPartner, values: { queueName?: string; slotSize?: number } = {}) {
  const response = await call(who, 'POST', 'add-queue', {
    locationId: who.locationId,
    queueName: values.queueName ?? 'Dr Rao — OPD',
    slotSize: values.slotSize ?? 15,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; location_id: string; queue_name: string; slot_size: number };
}

describe('locations', () => {
  it('adds a location and edits it, keeping its images', async () => {
    const clinic = await createSignedInPartner(t);
    const added = await call(clinic, 'POST', 'add-location', {
      locationName: '  Aundh branch ',
      address: 'ITI Road, Aundh, Pune',
      contactNo: '+91 98220 12345',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      data: {
        id: expect.any(String),
        location_name: 'Aundh branch',
        address: 'ITI Road, Aundh, Pune',
        contact_no: '+91 98220 12345',
        location_images: [],
      },
      message: 'Location added successfully',
    });
    const { id } = added.json().data;

    const updated = await call(clinic, 'PUT', 'update-location', {
      id,
      locationName: 'Aundh clinic',
      address: 'Parihar Chowk, Aundh',
      contactNo: '020 2588 1234',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      data: {
        id,
        location_name: 'Aundh clinic',
        address: 'Parihar Chowk, Aundh',
        contact_no: '020 2588 1234',
        location_images: [],
      },
      message: 'Location updated successfully',
    });
  });

  it('needs a name, and a contact number that is a mobile or a landline with its STD code', async () => {
    const clinic = await createSignedInPartner(t);
    const noName = await call(clinic, 'POST', 'add-location', { locationName: '   ', address: 'Aundh' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Location name is required');
    const letters = await call(clinic, 'POST', 'add-location', {
      locationName: 'Aundh',
      contactNo: 'call me',
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().message).toBe(
      'Contact number must be a 10-digit mobile number or a landline number with its STD code, like 020 2543 1234',
    );
  });

  it('answers 404 for another partner’s location', async () => {
    const { a, b } = await createTwoPartners(t);
    const response = await call(b, 'PUT', 'update-location', {
      id: a.locationId,
      locationName: 'Taken over',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Location not found', code: 'NOT_FOUND' });
  });
});

describe('queues', () => {
  it('adds queues to a location, lists them in the order added, renames one and changes its slot size', async () => {
    const clinic = await createSignedInPartner(t);
    const opd = await addQueue(clinic, { queueName: 'Dr Rao — OPD', slotSize: 15 });
    expect(opd).toEqual({
      id: expect.any(String),
      location_id: clinic.locationId,
      queue_name: 'Dr Rao — OPD',
      slot_size: 15,
      doctor_user_id: null,
    });
    const dental = await addQueue(clinic, { queueName: 'Dr Shah — Dental', slotSize: 30 });

    const renamed = await call(clinic, 'PUT', 'update-queue', {
      id: opd.id,
      queueName: 'Dr Rao — Morning OPD',
    });
    expect(renamed.json()).toEqual({
      data: { ...opd, queue_name: 'Dr Rao — Morning OPD' },
      message: 'Queue updated successfully',
    });
    const resized = await call(clinic, 'PUT', 'update-slot-size', { queueId: dental.id, slotSize: 20 });
    expect(resized.json()).toEqual({
      data: { ...dental, slot_size: 20 },
      message: 'Slot size updated successfully',
    });

    const listed = await call(clinic, 'GET', `get-queues?location_id=${clinic.locationId}`);
    expect(
      listed.json().data.map((q: { queue_name: string; slot_size: number }) => [q.queue_name, q.slot_size]),
    ).toEqual([
      ['Dr Rao — Morning OPD', 15],
      ['Dr Shah — Dental', 20],
    ]);
  });

  it.each([4, 121, 12.5, 7, 22, 118])('refuses a slot size of %s minutes', async (slotSize) => {
    const clinic = await createSignedInPartner(t);
    const queue = await addQueue(clinic);
    for (const [url, payload] of [
      ['add-queue', { locationId: clinic.locationId, queueName: 'OPD', slotSize }],
      ['update-slot-size', { queueId: queue.id, slotSize }],
    ] as const) {
      const response = await call(clinic, url === 'add-queue' ? 'POST' : 'PUT', url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Slot size must be a multiple of 5 minutes from 5 to 120');
    }
  });

  it.each([5, 10, 25, 120])('takes a slot size of %s minutes, a multiple of 5', async (slotSize) => {
    const clinic = await createSignedInPartner(t);
    const queue = await addQueue(clinic, { slotSize });
    expect(queue.slot_size).toBe(slotSize);
    const resized = await call(clinic, 'PUT', 'update-slot-size', { queueId: queue.id, slotSize });
    expect(resized.statusCode).toBe(200);
  });

  it('answers 404 for another partner’s location or queue', async () => {
    const { a, b } = await createTwoPartners(t);
    const queueOfA = await addQueue(a);
    const attempts = [
      call(b, 'GET', `get-queues?location_id=${a.locationId}`),
      call(b, 'POST', 'add-queue', { locationId: a.locationId, queueName: 'OPD', slotSize: 15 }),
      call(b, 'PUT', 'update-queue', { id: queueOfA.id, queueName: 'Mine now' }),
      call(b, 'PUT', 'update-slot-size', { queueId: queueOfA.id, slotSize: 60 }),
    ];
    expect((await Promise.all(attempts)).map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    const unchanged = await call(a, 'GET', `get-queues?location_id=${a.locationId}`);
    expect(unchanged.json().data).toEqual([queueOfA]);
  });
});

describe('weekly sessions', () => {
  it('adds sessions, lists them by weekday and start, edits and deletes one', async () => {
    const clinic = await createSignedInPartner(t);
    const queue = await addQueue(clinic);
    const session = (weekday: number, startTime: string, endTime: string) =>
      call(clinic, 'POST', 'add-queue-timings', { queueId: queue.id, weekday, startTime, endTime });

    const evening = await session(1, '17:00', '20:00');
    expect(evening.statusCode).toBe(201);
    expect(evening.json()).toEqual({
      data: {
        id: expect.any(String),
        queue_id: queue.id,
        weekday: 1,
        start_time: '17:00',
        end_time: '20:00',
      },
      message: 'Session added successfully',
    });
    await session(1, '10:00', '13:00');
    await session(0, '09:00', '12:00');

    const listed = await call(clinic, 'GET', `get-queue-timings?queue_id=${queue.id}`);
    expect(
      listed.json().data.map((s: { weekday: number; start_time: string }) => [s.weekday, s.start_time]),
    ).toEqual([
      [0, '09:00'],
      [1, '10:00'],
      [1, '17:00'],
    ]);

    const eveningId = evening.json().data.id;
    const edited = await call(clinic, 'PUT', 'edit-timings', {
      id: eveningId,
      queueId: queue.id,
      weekday: 1,
      startTime: '16:30',
      endTime: '19:30',
    });
    expect(edited.json()).toEqual({
      data: { id: eveningId, queue_id: queue.id, weekday: 1, start_time: '16:30', end_time: '19:30' },
      message: 'Session updated successfully',
    });

    const deleted = await call(clinic, 'DELETE', `delete-queue-timing?queue_timing_id=${eveningId}`);
    expect(deleted.json()).toMatchObject({
      data: { id: eveningId },
      message: 'Session deleted successfully',
    });
    const again = await call(clinic, 'DELETE', `delete-queue-timing?queue_timing_id=${eveningId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Session not found');
  });

  it('refuses a session that overlaps another of the queue on that weekday, and allows one that only touches it', async () => {
    const clinic = await createSignedInPartner(t);
    const queue = await addQueue(clinic);
    const session = (weekday: number, startTime: string, endTime: string) =>
      call(clinic, 'POST', 'add-queue-timings', { queueId: queue.id, weekday, startTime, endTime });
    const morning = (await session(2, '10:00', '13:00')).json().data;

    const overlapping = await session(2, '12:00', '14:00');
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toEqual({
      message: 'This session overlaps the 10:00 am–1:00 pm session on Tuesday. Please choose other times.',
      code: 'CONFLICT',
    });
    expect((await session(2, '09:00', '18:00')).statusCode).toBe(409);
    expect((await session(2, '13:00', '17:00')).statusCode).toBe(201);
    expect((await session(3, '12:00', '14:00')).statusCode).toBe(201);

    // A session edited within its own hours does not overlap itself; moved onto another, it does.
    const kept = await call(clinic, 'PUT', 'edit-timings', {
      ...morning,
      queueId: queue.id,
      startTime: '10:30',
      endTime: '12:30',
    });
    expect(kept.statusCode).toBe(200);
    const moved = await call(clinic, 'PUT', 'edit-timings', {
      id: morning.id,
      queueId: queue.id,
      weekday: 2,
      startTime: '11:00',
      endTime: '14:00',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(
      'This session overlaps the 1:00 pm–5:00 pm session on Tuesday. Please choose other times.',
    );
  });

  it('lets only one of several simultaneous overlapping sessions in', async () => {
    const clinic = await createSignedInPartner(t);
    const queue = await addQueue(clinic);
    const attempts = await Promise.all(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map((startTime) =>
        call(clinic, 'POST', 'add-queue-timings', {
          queueId: queue.id,
          weekday: 4,
          startTime,
          endTime: '12:00',
        }),
      ),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const listed = await call(clinic, 'GET', `get-queue-timings?queue_id=${queue.id}`);
    expect(listed.json().data).toHaveLength(1);
  });

  it.each([
    [{ startTime: '13:00', endTime: '10:00' }, 'Start time must be before end time'],
    [{ startTime: '10:00', endTime: '10:00' }, 'Start time must be before end time'],
    [{ startTime: '10:00', endTime: '24:00' }, 'End time must be a time of the day like 09:30'],
    [{ startTime: '9:00', endTime: '12:00' }, 'Start time must be a time of the day like 09:30'],
    [{ startTime: '10:00:00', endTime: '12:00' }, 'Start time must be a time of the day like 09:30'],
    [{ weekday: 7 }, 'Weekday must be a number from 0 (Sunday) to 6 (Saturday)'],
  ])('refuses %o', async (change, message) => {
    const clinic = await createSignedInPartner(t);
    const queue = await addQueue(clinic);
    const response = await call(clinic, 'POST', 'add-queue-timings', {
      queueId: queue.id,
      weekday: 1,
      startTime: '10:00',
      endTime: '12:00',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for another partner’s queue or session', async () => {
    const { a, b } = await createTwoPartners(t);
    const queueOfA = await addQueue(a);
    const sessionOfA = (
      await call(a, 'POST', 'add-queue-timings', {
        queueId: queueOfA.id,
        weekday: 1,
        startTime: '10:00',
        endTime: '12:00',
      })
    ).json().data;
    const queueOfB = await addQueue(b);
    const attempts = [
      call(b, 'GET', `get-queue-timings?queue_id=${queueOfA.id}`),
      call(b, 'POST', 'add-queue-timings', {
        queueId: queueOfA.id,
        weekday: 2,
        startTime: '10:00',
        endTime: '12:00',
      }),
      call(b, 'PUT', 'edit-timings', {
        ...sessionOfA,
        queueId: queueOfA.id,
        startTime: '08:00',
        endTime: '09:00',
      }),
      // Naming its own queue does not open another partner's session either.
      call(b, 'PUT', 'edit-timings', {
        ...sessionOfA,
        queueId: queueOfB.id,
        startTime: '08:00',
        endTime: '09:00',
      }),
      call(b, 'DELETE', `delete-queue-timing?queue_timing_id=${sessionOfA.id}`),
    ];
    expect((await Promise.all(attempts)).map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const unchanged = await call(a, 'GET', `get-queue-timings?queue_id=${queueOfA.id}`);
    expect(unchanged.json().data).toEqual([sessionOfA]);
  });
});

describe('off-days', () => {
  it('closes a whole date or part of one, lists those from today on, and deletes one', async () => {
    const clinic = await createSignedInPartner(t);
    const queue = await addQueue(clinic);
    const whole = await call(clinic, 'POST', 'add-off-day', { queueId: queue.id, date: '2026-11-14' });
    expect(whole.statusCode).toBe(201);
    expect(whole.json()).toEqual({
      data: {
        id: expect.any(String),
        queue_id: queue.id,
        date: '2026-11-14',
        start_time: null,
        end_time: null,
      },
      message: 'Off-day added successfully',
    });
    const part = await call(clinic, 'POST', 'add-off-day', {
      queueId: queue.id,
      date: '2026-11-02',
      startTime: '17:00',
      endTime: '18:30',
    });
    expect(part.json().data).toMatchObject({ date: '2026-11-02', start_time: '17:00', end_time: '18:30' });
    // One from before today, as a clinic that has used the schedule for a while has.
    await t.database.db
      .insert(offDays)
      .values({ partner_id: clinic.partnerId, queue_id: queue.id, date: '2026-10-30' });

    const upcoming = await call(clinic, 'GET', `get-off-days?queue_id=${queue.id}`);
    expect(upcoming.json().data.map((o: { date: string }) => o.date)).toEqual(['2026-11-02', '2026-11-14']);

    const onDate = await call(clinic, 'GET', `get-off-day-timings?queue_id=${queue.id}&date=2026-11-02`);
    expect(onDate.json().data).toEqual([part.json().data]);

    const deleted = await call(clinic, 'DELETE', `delete-off-day?off_day_id=${whole.json().data.id}`);
    expect(deleted.json()).toEqual({ data: whole.json().data, message: 'Off-day deleted successfully' });
    const after = await call(clinic, 'GET', `get-off-days?queue_id=${queue.id}`);
    expect(after.json().data.map((o: { date: string }) => o.date)).toEqual(['2026-11-02']);
  });

  it.each([
    [{ date: '2026-02-30' }, 400, 'Date must be a real date like 2026-11-25'],
    [{ date: '02/12/2026' }, 400, 'Date must be a real date like 2026-11-25'],
    [
      { date: '2026-11-20', startTime: '10:00' },
      400,
      'Give both a start and an end time, or neither to close the whole day',
    ],
    [{ date: '2026-11-20', startTime: '12:00', endTime: '11:00' }, 400, 'Start time must be before end time'],
    [{ date: '2026-11-01' }, 422, 'An off-day cannot be in the past'],
  ])('refuses %o', async (change, status, message) => {
    const clinic = await createSignedInPartner(t);
    const queue = await addQueue(clinic);
    const response = await call(clinic, 'POST', 'add-off-day', { queueId: queue.id, ...change });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for another partner’s queue or off-day', async () => {
    const { a, b } = await createTwoPartners(t);
    const queueOfA = await addQueue(a);
    const offDayOfA = (
      await call(a, 'POST', 'add-off-day', { queueId: queueOfA.id, date: '2026-11-20' })
    ).json().data;
    const attempts = [
      call(b, 'GET', `get-off-days?queue_id=${queueOfA.id}`),
      call(b, 'GET', `get-off-day-timings?queue_id=${queueOfA.id}&date=2026-11-20`),
      call(b, 'POST', 'add-off-day', { queueId: queueOfA.id, date: '2026-11-21' }),
      call(b, 'DELETE', `delete-off-day?off_day_id=${offDayOfA.id}`),
    ];
    expect((await Promise.all(attempts)).map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    const unchanged = await call(a, 'GET', `get-off-days?queue_id=${queueOfA.id}`);
    expect(unchanged.json().data).toEqual([offDayOfA]);
  });
});

describe('the wallet guard', () => {
  it('refuses schedule changes of a wallet partner below one booking’s charge, and still shows the schedule', async () => {
    const funded = await createSignedInPartner(t);
    const queue = await addQueue(funded);
    const broke = await createSignedInPartner(t, {
      subscription_type: 'wallet',
      wallet_balance: '5.00',
      charge_per_booking: '10.00',
    });
    const changes = [
      call(broke, 'POST', 'add-location', { locationName: 'Aundh branch' }),
      call(broke, 'PUT', 'update-location', { id: broke.locationId, locationName: 'Renamed' }),
      call(broke, 'POST', 'add-queue', { locationId: broke.locationId, queueName: 'OPD', slotSize: 15 }),
      call(broke, 'PUT', 'update-queue', { id: queue.id, queueName: 'OPD' }),
      call(broke, 'PUT', 'update-slot-size', { queueId: queue.id, slotSize: 20 }),
      call(broke, 'POST', 'add-queue-timings', {
        queueId: queue.id,
        weekday: 1,
        startTime: '10:00',
        endTime: '12:00',
      }),
      call(broke, 'POST', 'add-off-day', { queueId: queue.id, date: '2026-11-20' }),
    ];
    for (const response of await Promise.all(changes)) {
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({
        message: 'Insufficient balance. Please recharge.',
        code: 'PAYMENT_REQUIRED',
      });
    }
    const reading = await call(broke, 'GET', `get-queues?location_id=${broke.locationId}`);
    expect(reading.statusCode).toBe(200);

    const enough = await createSignedInPartner(t, {
      subscription_type: 'wallet',
      wallet_balance: '10.00',
      charge_per_booking: '10.00',
    });
    expect((await call(enough, 'POST', 'add-location', { locationName: 'Aundh branch' })).statusCode).toBe(
      201,
    );
  });
});
