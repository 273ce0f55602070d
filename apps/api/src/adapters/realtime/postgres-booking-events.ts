import { bookingEventKindSchema } from '@vaidya/contract/booking-events';
import pg from 'pg';
import { z } from 'zod';
import type { BookingEvent, BookingEvents } from './booking-events';
import { createInProcessBookingEvents } from './in-process-booking-events';

/** One channel for every partner: the payload names the partner, and each process filters. */
export const bookingEventsChannel = 'vaidya_booking_events';

/** Shows the listening connection in pg_stat_activity (and lets a test cut it). */
export const bookingEventsApplicationName = 'vaidya-booking-events';

const notification = z.object({
  partnerId: z.uuid(),
  queueId: z.uuid(),
  date: z.string(),
  slotId: z.uuid(),
  kind: bookingEventKindSchema,
});

/**
 * Booking events shared by every API process on one PostgreSQL database: a dedicated
 * connection LISTENs on one channel and hands each notification to this process's
 * subscribers; publishing is a NOTIFY with a small JSON payload, so the publishing process
 * hears its own events the same way as the others. A dropped listening connection is
 * reopened, waiting longer after each failure (events sent while it is down are missed;
 * the screens refetch when their stream reopens).
 */
export async function connectPostgresBookingEvents(options: {
  url: string;
  onError: (error: unknown) => void;
  /** First wait before reconnecting; doubles up to 30 s. */
  reconnectDelayMs?: number;
}): Promise<BookingEvents> {
  const local = createInProcessBookingEvents();
  const firstDelay = options.reconnectDelayMs ?? 1000;
  let delay = firstDelay;
  let closed = false;
  let listener: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const hear = (message: pg.Notification) => {
    if (message.channel !== bookingEventsChannel || !message.payload) return;
    // Anyone with access to the database can NOTIFY this channel: only well-formed events pass.
    let payload: unknown;
    try {
      payload = JSON.parse(message.payload);
    } catch {
      return;
    }
    const parsed = notification.safeParse(payload);
    if (parsed.success) local.deliver(parsed.data);
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().catch((error: unknown) => {
        options.onError(error);
        scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
    delay = Math.min(delay * 2, 30_000);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: bookingEventsApplicationName,
    });
    const lost = (error?: unknown) => {
      if (error) options.onError(error);
      if (listener !== client) return;
      listener = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', hear);
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${bookingEventsChannel}`);
    } catch (error) {
      listener = undefined;
      client.removeAllListeners();
      await client.end().catch(() => {});
      throw error;
    }
    delay = firstDelay;
  }

  /** Publishing uses short-lived connections of its own, so it never waits behind the listener's reconnects. */
  const publisher = new pg.Pool({ connectionString: options.url, max: 2 });
  publisher.on('error', () => {});

  await connect();

  return {
    publish(event: BookingEvent) {
      const payload = JSON.stringify({
        partnerId: event.partnerId,
        queueId: event.queueId,
        date: event.date,
        slotId: event.slotId,
        kind: event.kind,
      });
      publisher.query('select pg_notify($1, $2)', [bookingEventsChannel, payload]).catch(options.onError);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const client = listener;
      listener = undefined;
      await Promise.all([client?.end().catch(() => {}), publisher.end(), local.close()]);
    },
  };
}
