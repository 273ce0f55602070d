import type { Patient } from '@vaidya/contract/bookings';

/**
 * What the bookings screen hands the prescription and bill editors as router state with
 * `?slot=<booking>`: the booking's patient, so the editor starts filled. The patient page
 * hands its patient the same way: to the editors without a booking (a walk-in's), and to
 * the bookings screen, whose walk-in dialog opens filled with them. Router state survives
 * in-app navigation only, and each screen checks it before use.
 */
export interface BookingHandover {
  patient: Patient;
}
