import { EventEmitter } from 'node:events';
import type { BookingEvent, BookingEventListener, BookingEvents } from './booking-events';

/**
 * Fan-out inside one process, keyed by partner: the embedded database has one process,
 * and the PostgreSQL adapter hands what it hears to one of these.
 */
export function createInProcessBookingEvents(): BookingEvents & { deliver(event: BookingEvent): void } {
  const emitter = new EventEmitter();
  // One listener per open bookings screen; a busy clinic has many, which is no leak.
  emitter.setMaxListeners(0);
  const deliver = (event: BookingEvent) => {
    emitter.emit(event.partnerId, event);
  };
  return {
    deliver,
    publish: deliver,
    subscribe(partnerId: string, listener: BookingEventListener) {
      emitter.on(partnerId, listener);
      return () => {
        emitter.off(partnerId, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
