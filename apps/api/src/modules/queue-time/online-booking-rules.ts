import { bookingRefusals } from '@vaidya/contract/booking-refusals';
import { addDays } from '@vaidya/contract/calendar-dates';
import { AppError } from '../../http/app-error';

/**
 * What a clinic's booking website may offer a visitor, the same for its dates, its free
 * slots and its bookings: nothing at all once the clinic's account is disabled, and only
 * dates from the clinic's today to `booking_window_days` after it.
 */
export interface OnlineBookingTerms {
  disabledAt: Date | null;
  bookingWindowDays: number;
}

/** A disabled clinic serves no booking website, no free slots and takes no online booking. */
export function requireTakingOnlineBookings(terms: Pick<OnlineBookingTerms, 'disabledAt'>): void {
  if (terms.disabledAt !== null) throw new AppError('FORBIDDEN', bookingRefusals.notTakingOnlineBookings);
}

/**
 * Refuses a date the booking website does not offer: before the clinic's `today`, or more
 * than the window's days after it (get-dates stops at the same last date).
 */
export function requireDateInBookingWindow(
  date: string,
  today: string,
  terms: Pick<OnlineBookingTerms, 'bookingWindowDays'>,
): void {
  if (date < today) throw new AppError('BUSINESS_RULE', bookingRefusals.dateInPast);
  if (date > addDays(today, terms.bookingWindowDays)) {
    throw new AppError('BUSINESS_RULE', bookingRefusals.beyondBookingWindow(terms.bookingWindowDays));
  }
}
