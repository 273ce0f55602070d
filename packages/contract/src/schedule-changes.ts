import { z } from 'zod';
import {
  type AddQueueTimingBody,
  calendarDateSchema,
  type QueueTiming,
  scheduleMessages,
  slotSizeRule,
  timeOfDayRule,
  weekdayRule,
} from './schedule';

/**
 * A change of a queue's schedule over booked patients (issue 19): an off-day, a session made
 * shorter or moved, another slot size takes time away, and the open bookings in it are kept or,
 * with `bookings: 'cancel'`, cancelled and each patient told. What the schedule screen asks
 * before saving, and what the API answers and tells the patients. Apart from schedule.ts, so the
 * pages that only book (bookings, bills) do not carry it.
 */
export const scheduleChangeMessages = {
  dateOrWeekday: 'Give a date or a weekday, not both',
  periodTimesTogether: 'Give both a start and an end time, or neither for the whole day',
  /** A change's answer, with how many bookings it cancelled when it cancelled any. */
  withBookingsCancelled: (done: string, cancelled: number) =>
    cancelled === 0
      ? done
      : `${done}. ${cancelled === 1 ? '1 booking' : `${cancelled} bookings`} cancelled; a WhatsApp message to each patient is queued in the outbox.`,
  /**
   * What a patient is told on WhatsApp when a change cancels their booking: the outbox's copy of
   * the booking-cancelled template, whose body takes these four in this order.
   */
  bookingCancelled: (booking: { patientName: string; clinicName: string; date: string; time: string }) =>
    `Hello ${booking.patientName}, ${booking.clinicName} has cancelled your booking of ${booking.date} at ${booking.time} because its timings changed. Please contact the clinic to book another time.`,
} as const;

/** A whole number written in a query string ('15'), checked by `rule`; other text is refused with `message`. */
const numberInQuery = (rule: z.ZodNumber, message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .pipe(rule);

/**
 * GET /api/get-bookings-in-period: a queue's open bookings (booked, showed up or called) whose
 * time meets start_time–end_time, or the whole day without them: on `date`; on the coming dates
 * of `weekday`, from the present moment; or, with neither, on every coming date. With
 * `slot_size`, only those a change of the queue's slot size to it takes away: the bookings on
 * a slot of the present size that is not a slot of the new one. The answer is a list of bookings
 * as get-bookings-admin gives them, by date, time and token.
 */
export const bookingsInPeriodQuery = z
  .object({
    queue_id: z.uuid(),
    date: calendarDateSchema.optional(),
    weekday: numberInQuery(weekdayRule, scheduleMessages.invalidWeekday).optional(),
    start_time: timeOfDayRule('Start time').optional(),
    end_time: timeOfDayRule('End time').optional(),
    slot_size: numberInQuery(slotSizeRule, scheduleMessages.invalidSlotSize).optional(),
  })
  .refine((query) => query.date === undefined || query.weekday === undefined, {
    message: scheduleChangeMessages.dateOrWeekday,
    path: ['weekday'],
  })
  .refine((query) => (query.start_time === undefined) === (query.end_time === undefined), {
    message: scheduleChangeMessages.periodTimesTogether,
    path: ['end_time'],
  })
  .refine(
    (query) =>
      query.start_time === undefined || query.end_time === undefined || query.start_time < query.end_time,
    { message: scheduleMessages.startBeforeEnd, path: ['end_time'] },
  );
export type BookingsInPeriodQuery = z.input<typeof bookingsInPeriodQuery>;

/** A part of one day, 'HH:mm' to 'HH:mm', the end not included. */
export interface PeriodOfDay {
  start_time: string;
  end_time: string;
}

/**
 * The time a change of a weekly session no longer opens on its weekday: the whole session when it
 * moves to another weekday or to times that do not meet it, else what the new times leave out at
 * either end (none, one or two periods). The API cancels the bookings in them; the screen lists
 * them first.
 */
export function sessionTimeTakenAway(
  before: Pick<QueueTiming, 'weekday' | 'start_time' | 'end_time'>,
  after: Pick<AddQueueTimingBody, 'weekday' | 'startTime' | 'endTime'>,
): PeriodOfDay[] {
  const meets =
    before.weekday === after.weekday &&
    after.startTime < before.end_time &&
    before.start_time < after.endTime;
  if (!meets) return [{ start_time: before.start_time, end_time: before.end_time }];
  const leftOut: PeriodOfDay[] = [];
  if (before.start_time < after.startTime) {
    leftOut.push({ start_time: before.start_time, end_time: after.startTime });
  }
  if (after.endTime < before.end_time) leftOut.push({ start_time: after.endTime, end_time: before.end_time });
  return leftOut;
}
