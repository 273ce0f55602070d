import { z } from 'zod';

/**
 * Live updates of the bookings screen (server-sent events). EventSource cannot send an
 * Authorization header, so the stream takes the id token as `?token=` (decision 020).
 */
export const bookingEventsPath = '/api/booking-events';

/** The SSE event name of a booking change; the stream also sends comment heartbeats. */
export const bookingEventName = 'booking';

/**
 * `called`, `completed`, `no_show`: the queue moved (a token sent back to waiting is `showed_up`). `tv_pairing`: a waiting-room TV was paired or
 * unpaired; it is published to the TV's own id in place of a partner's (slot_id holds the
 * TV's id), so only that TV's stream hears it and no bookings screen does.
 */
export const bookingEventKinds = [
  'booked',
  'showed_up',
  'cancelled',
  'renamed',
  'moved',
  'called',
  'completed',
  'no_show',
  'tv_pairing',
] as const;
export const bookingEventKindSchema = z.enum(bookingEventKinds);
export type BookingEventKind = z.infer<typeof bookingEventKindSchema>;

/** What changed, never who: the screen refetches the day of that queue when it shows it. */
export const bookingEventSchema = z.object({
  queue_id: z.uuid(),
  date: z.string(),
  slot_id: z.uuid(),
  kind: bookingEventKindSchema,
});
export type BookingEventRecord = z.infer<typeof bookingEventSchema>;

export const bookingEventsQuery = z.object({
  token: z.string().max(8192).optional(),
});
