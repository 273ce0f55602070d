import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database';
import type { BookingEvent, BookingEvents } from './booking-events';
import { bookingEventsApplicationName, connectPostgresBookingEvents } from './postgres-booking-events';

const eventFor = (partnerId: string): BookingEvent => ({
  partnerId,
  queueId: crypto.randomUUID(),
  date: '2026-11-20',
  slotId: crypto.randomUUID(),
  kind: 'booked',
});

/**
 * The next event the listener hears, or a failure after `ms`: it resolves as soon as the event
 * comes, and the default only bounds how long a busy machine may take (inside the test's 20 s).
 */
const nextEvent = (events: BookingEvents, partnerId: string, ms = 10_000) =>
  new Promise<BookingEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
    const unsubscribe = events.subscribe(partnerId, (event) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(event);
    });
  });

describe.skipIf(testEngine() !== 'postgres')('booking events over LISTEN/NOTIFY', () => {
  let database: TestDatabase;
  let one: BookingEvents;
  let other: BookingEvents;
  const errors: unknown[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const options = {
      url: database.url as string,
      onError: (error: unknown) => errors.push(error),
      reconnectDelayMs: 50,
    };
    [one, other] = await Promise.all([
      connectPostgresBookingEvents(options),
      connectPostgresBookingEvents(options),
    ]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), other?.close()]);
    await database?.dispose();
  });

  it("delivers one process's event to the other's subscribers of that partner only", async () => {
    const partner = crypto.randomUUID();
    const stranger = crypto.randomUUID();
    const heardByStranger: BookingEvent[] = [];
    const unsubscribe = other.subscribe(stranger, (event) => heardByStranger.push(event));
    const heard = nextEvent(other, partner);
    const event = eventFor(partner);
    one.publish(event);
    expect(await heard).toEqual(event);
    // The stranger's own event arrives after it, and is all the stranger ever heard.
    const strangersEvent = eventFor(stranger);
    const strangerHeard = nextEvent(other, stranger);
    one.publish(strangersEvent);
    await strangerHeard;
    expect(heardByStranger).toEqual([strangersEvent]);
    unsubscribe();
  });

  it('ignores notifications on its channel that are not booking events', async () => {
    const partner = crypto.randomUUID();
    const heard = nextEvent(other, partner);
    await database.db.execute(sql`select pg_notify('vaidya_booking_events', 'not json')`);
    await database.db.execute(
      sql`select pg_notify('vaidya_booking_events', ${JSON.stringify({ partnerId: partner, kind: 'booked' })})`,
    );
    const event = eventFor(partner);
    one.publish(event);
    expect(await heard).toEqual(event);
  });

  it('listens again after its connection is cut', async () => {
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${bookingEventsApplicationName} and datname = current_database()`,
    );
    const partner = crypto.randomUUID();
    // Publishes until the reconnected listeners hear one: events sent while they are down are lost.
    await expect
      .poll(
        async () => {
          const heard = nextEvent(other, partner, 200).then(
            () => true,
            () => false,
          );
          one.publish(eventFor(partner));
          return heard;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });
});
