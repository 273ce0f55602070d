import type { Period } from './slot-arithmetic';

/**
 * The part of a queue's time a schedule change takes away, and so the open bookings it reaches
 * (get-bookings-in-period): on `days`, meeting `period` (any time of the day without it), and
 * with `slotSize` only those a change of the queue's slot size to it takes away.
 */
export interface BookingsReach {
  days: { date: string } | { from: 'now'; weekday?: number };
  period?: Period;
  slotSize?: number;
}
