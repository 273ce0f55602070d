import { bookingRefusals } from '@vaidya/contract/booking-refusals';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { addOffDay, createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { locations, partners, queues, slots } from '../../db/schema';

// 2 November 2026 is a Monday; 04:30 UTC is 10:00 in Asia/Kolkata, the partners' default time zone.
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

let sites = 0;
/** A clinic with a booking-website domain of its own, so tests never find each other's. */
async function clinicWithDomain(values: Parameters<typeof createSignedInPartner>[1] = {}) {
  sites += 1;
  const domain = `clinic-${sites}-${Math.random().toString(36).slice(2, 8)}`;
  const clinic = await createSignedInPartner(t, { qr_code_domain: domain, ...values });
  return { clinic, domain };
}

/** Asked the way the booking website asks: no token, a fresh client address each time. */
let address = 0;
const ask = (url: string) => {
  address += 1;
  return t.app.inject({
    method: 'GET',
    url: `/api/public/${url}`,
    remoteAddress: `10.9.${address >> 8}.${address & 255}`,
  });
};

async function addLocation(clinic: SignedInPartner, name: string) {
  const [row] = await t.database.db
    .insert(locations)
    .values({
      partner_id: clinic.partnerId,
      location_name: name,
      address: 'Baner Road, Pune',
      contact_no: '020 2729 0000',
    })
    .returning({ id: locations.id });
  return row?.id as string;
}

describe('GET /api/public/site', () => {
  it('shows the clinic’s name, speciality, images, locations and their queues, without signing in', async () => {
    const { clinic, domain } = await clinicWithDomain({
      name: 'Sushrut Dental Care',
      speciality_type: 'DENTIST',
      profile_images: ['partners/front.jpg'],
    });
    const opd = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
    });
    const baner = await addLocation(clinic, 'Baner clinic');
    const [ortho] = await t.database.db
      .insert(queues)
      .values({
        partner_id: clinic.partnerId,
        location_id: baner,
        queue_name: 'Dr Shah — Ortho',
        slot_size: 30,
      })
      .returning({ id: queues.id });

    const response = await ask(`site?domain=${domain}`);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        name: 'Sushrut Dental Care',
        qr_code_domain: domain,
        speciality_type: 'DENTIST',
        profile_images: ['partners/front.jpg'],
        locations: [
          {
            id: clinic.locationId,
            location_name: expect.stringMatching(/main$/),
            address: '',
            contact_no: '9876543210',
            location_images: [],
            queues: [{ id: opd, queue_name: 'Dr Rao — OPD', slot_size: 15 }],
          },
          {
            id: baner,
            location_name: 'Baner clinic',
            address: 'Baner Road, Pune',
            contact_no: '020 2729 0000',
            location_images: [],
            queues: [{ id: ortho?.id, queue_name: 'Dr Shah — Ortho', slot_size: 30 }],
          },
        ],
        taking_online_bookings: true,
      },
    });
    // Nothing private leaves: no wallet, no users, no ids of the partner.
    expect(response.body).not.toMatch(/wallet|charge|email|partner_id|time_zone/);
  });

  it('says whether the clinic takes online bookings now, by the wallet’s rule, and never its balance', async () => {
    const takingBookings = async (values: Parameters<typeof clinicWithDomain>[0]) => {
      const { domain } = await clinicWithDomain(values);
      const response = await ask(`site?domain=${domain}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/wallet|balance|charge|owed/);
      return response.json().data.taking_online_bookings;
    };
    const wallet = { subscription_type: 'wallet', charge_per_booking: '10.00' } as const;
    expect(await takingBookings({ ...wallet, wallet_balance: '9.99' })).toBe(false);
    expect(await takingBookings({ ...wallet, wallet_balance: '0.00', wallet_owed_paise: 1500 })).toBe(false);
    expect(await takingBookings({ ...wallet, wallet_balance: '10.00' })).toBe(true);
    expect(await takingBookings({ subscription_type: 'standard', wallet_balance: '0.00' })).toBe(true);
  });

  it('finds the domain whatever its case', async () => {
    const { domain } = await clinicWithDomain({ name: 'Kulkarni Clinic' });
    const response = await ask(`site?domain=${domain.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Kulkarni Clinic');
  });

  it('answers 404 for a domain no clinic has', async () => {
    const unknown = await ask('site?domain=no-such-clinic.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Clinic not found', code: 'NOT_FOUND' });
  });

  it('says a disabled clinic is not taking online bookings, by its domain and by its own host', async () => {
    const { clinic, domain } = await clinicWithDomain({ domain_url: 'https://disabled-clinic.example' });
    await t.database.db
      .update(partners)
      .set({ disabled_at: mondayTenAm })
      .where(eq(partners.id, clinic.partnerId));
    const notTaking = { message: bookingRefusals.notTakingOnlineBookings, code: 'FORBIDDEN' };
    for (const address of [`domain=${domain}`, 'host=disabled-clinic.example']) {
      const response = await ask(`site?${address}`);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(notTaking);
    }
  });

  it('shows only the clinic the domain names, never another partner’s locations or queues', async () => {
    const { clinic: mine, domain } = await clinicWithDomain({ name: 'Mine' });
    const { clinic: theirs } = await clinicWithDomain({ name: 'Theirs' });
    const theirQueue = await createQueueWithTimings(t.database.db, {
      partnerId: theirs.partnerId,
      locationId: theirs.locationId,
    });

    const response = await ask(`site?domain=${domain}`);
    const site = response.json().data;
    expect(site.name).toBe('Mine');
    expect(site.locations.map((location: { id: string }) => location.id)).toEqual([mine.locationId]);
    expect(site.locations[0].queues).toEqual([]);
    expect(response.body).not.toContain(theirs.locationId);
    expect(response.body).not.toContain(theirQueue);
  });

  it('finds a clinic by the host of its custom domain, however the address was saved', async () => {
    await clinicWithDomain({
      name: 'Apte Eye Care',
      domain_url: 'https://Book.ApteEye.example/appointments',
    });
    await clinicWithDomain({ name: 'Joshi Skin', domain_url: 'joshiskin.example' });

    const byHost = await ask('site?host=book.apteeye.example:8443');
    expect(byHost.statusCode).toBe(200);
    expect(byHost.json().data.name).toBe('Apte Eye Care');
    expect((await ask('site?host=JoshiSkin.example')).json().data.name).toBe('Joshi Skin');
    expect((await ask('site?host=apteeye.example')).statusCode).toBe(404);
  });

  it('needs exactly one of domain and host', async () => {
    const neither = await ask('site');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/Give the clinic’s domain or host, not both/);
    expect((await ask('site?domain=a.example&host=a.example')).statusCode).toBe(400);
    expect((await ask(`site?domain=${'a'.repeat(254)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/public/get-dates', () => {
  it('gives the queue’s next open dates with their free slots, as the signed-in get-dates does', async () => {
    const { clinic } = await clinicWithDomain();
    // Mondays and Wednesdays 09:00–11:00 in 30-minute slots.
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
      slotSize: 30,
      sessions: [{ start: '09:00', end: '11:00' }],
      weekdays: [1, 3],
    });
    await addOffDay(t.database.db, { partnerId: clinic.partnerId, queueId, date: '2026-11-04' });
    await addOffDay(t.database.db, {
      partnerId: clinic.partnerId,
      queueId,
      date: '2026-11-09',
      start: '09:00',
      end: '10:00',
    });

    // One online booking takes a slot; a second one, cancelled by the clinic, gives its slot back.
    const bookOnline = (startTime: string, customerMobile: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/book-slot',
        payload: { queueId, date: '2026-11-11', startTime, customerName: 'Asha Patil', customerMobile },
      });
    expect((await bookOnline('09:00', '9822011111')).statusCode).toBe(201);
    expect((await bookOnline('09:30', '9822022222')).statusCode).toBe(201);
    const [cancelled] = await t.database.db
      .select({ id: slots.id })
      .from(slots)
      .where(and(eq(slots.queue_id, queueId), eq(slots.start_time, '09:30')));
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/cancel-token-by-admin?slot_id=${cancelled?.id}`,
      headers: clinic.headers,
    });
    expect(cancel.statusCode).toBe(200);

    const response = await ask(`get-dates?queue_id=${queueId}`);

    expect(response.statusCode).toBe(200);
    const dates: { date: string; available: number }[] = response.json().data;
    expect(dates.slice(0, 3)).toEqual([
      // Today at 10:00: 09:00 and 09:30 are past; Wednesday the 4th is off.
      { date: '2026-11-02', available: 2 },
      { date: '2026-11-09', available: 2 },
      { date: '2026-11-11', available: 3 },
    ]);
    // Up to the end of the booking window, 60 days from today: 1 January 2027.
    expect(dates).toHaveLength(17);
    expect(dates.at(-1)?.date).toBe('2026-12-30');
    // The front desk's own get-dates looks further ahead, to 30 open dates, with the same figures.
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/api/get-dates?queue_id=${queueId}`,
      headers: clinic.headers,
    });
    expect(signedIn.json().data).toHaveLength(30);
    expect(signedIn.json().data.slice(0, 17)).toEqual(dates);
  });

  it('stops at the clinic’s own booking window', async () => {
    const { clinic } = await clinicWithDomain({ booking_window_days: 7 });
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
    });
    const dates: { date: string }[] = (await ask(`get-dates?queue_id=${queueId}`)).json().data;
    expect(dates.map((open) => open.date)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
      '2026-11-09',
    ]);
  });

  it('answers a disabled clinic’s queue with 403: it is not taking online bookings', async () => {
    const { clinic } = await clinicWithDomain({ disabled_at: mondayTenAm });
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
    });
    const response = await ask(`get-dates?queue_id=${queueId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(bookingRefusals.notTakingOnlineBookings);
  });

  it('has no dates for a queue without sessions, and answers 404 for an unknown queue', async () => {
    const { clinic } = await clinicWithDomain();
    const [idleQueue] = await t.database.db
      .insert(queues)
      .values({ partner_id: clinic.partnerId, location_id: clinic.locationId, queue_name: 'Dr Idle' })
      .returning({ id: queues.id });
    const idle = idleQueue?.id as string;
    expect((await ask(`get-dates?queue_id=${idle}`)).json()).toEqual({ data: [] });

    const unknown = await ask('get-dates?queue_id=6f1c2d3e-4a5b-4c6d-8e7f-901234567890');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Queue not found', code: 'NOT_FOUND' });
    expect((await ask('get-dates?queue_id=not-a-uuid')).statusCode).toBe(400);
  });

  it('is rate limited per client address', async () => {
    const { clinic } = await clinicWithDomain();
    const queueId = await createQueueWithTimings(t.database.db, {
      partnerId: clinic.partnerId,
      locationId: clinic.locationId,
    });
    const fromOneAddress = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/public/get-dates?queue_id=${queueId}`,
        remoteAddress: '10.8.0.1',
      });
    const statuses: number[] = [];
    for (let request = 0; request < 61; request += 1) statuses.push((await fromOneAddress()).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
