import type { SlotStatus } from './bookings';
import { notTakingOnlineBookings } from './clinic-availability';

/**
 * What the server answers when it refuses a booking or a queue move: apart from the
 * screens' sentences, so the bookings screen does not download them (a module of its own: the bundler
 * keeps whole any module a page imports).
 */
export const bookingRefusals = {
  slotNotOpen: 'This time is not open for booking on that date. Please choose a free slot.',
  slotInPast: 'This time has already passed. Please choose a later slot.',
  alreadyCancelled: 'This booking has already been cancelled.',
  bookingCancelled: 'This booking has been cancelled and cannot be changed.',
  bookingCompleted: 'This booking is already completed.',
  /** Why a token cannot make the queue move asked of it, by the state it is in. */
  tokenNotArrived: 'This patient has not arrived yet.',
  tokenAlreadyWaiting: 'This patient is already waiting.',
  tokenAlreadyCalled: 'This token has already been called.',
  tokenNoShow: 'This patient is marked as not come. Send them back to waiting if they have arrived.',
  tooManyBookings: 'Too many bookings from this number. Please try again later.',
  /** The booking website, for a date its visitor cannot book. */
  dateInPast: 'This date has passed. Please choose today or a later date.',
  beyondBookingWindow: (days: number) =>
    `Online booking is open only for the next ${days} days. Please choose an earlier date, or call the clinic.`,
  notTakingOnlineBookings,
  /** The booking website's limits on open bookings (booked or showed up, today or later). */
  tooManyBookingsForPatientOnDate: (max: number) =>
    `You already have ${max} bookings under this name on this date. Please call the clinic if you need another.`,
  tooManyOpenBookingsForMobile: (max: number) =>
    `This mobile number already has ${max} upcoming online bookings at this clinic. Please call the clinic to book more.`,
} as const;

/** What a token in each state answers a move its state does not allow (409). */
export const tokenStateRefusals: Record<SlotStatus, string> = {
  booked: bookingRefusals.tokenNotArrived,
  showed_up: bookingRefusals.tokenAlreadyWaiting,
  called: bookingRefusals.tokenAlreadyCalled,
  completed: bookingRefusals.bookingCompleted,
  no_show: bookingRefusals.tokenNoShow,
  cancelled: bookingRefusals.bookingCancelled,
};
