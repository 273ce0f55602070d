import type { BookingEventKind } from '@vaidya/contract/booking-events';

/** A booking that was made or changed, after its transaction committed. */
export interface BookingEvent {
  partnerId: string;
  queueId: string;
  date: string;
  slotId: string;
  kind: BookingEventKind;
}

export type BookingEventListener = (event: BookingEvent) => void;

/**
 * Tells every API process's open bookings screens of a partner that a booking changed:
 * in process on the embedded database (one process), through PostgreSQL's LISTEN/NOTIFY
 * when several processes share a database.
 */
export interface BookingEvents {
  /** Never throws: the booking is already committed, and a lost event only delays a screen. */
  publish(event: BookingEvent): void;
  /** Returns the unsubscribe. */
  subscribe(partnerId: string, listener: BookingEventListener): () => void;
  close(): Promise<void>;
}
