import type { Patient } from '@vaidya/contract/bookings';

/**
 * What the bookings screen hands the prescription and bill editors as router state with
 * `?slot=<booking>`: the booking's patient, so the editor starts filled. Router state
 * survives in-app navigation only, and each editor checks it before use.
 */
export interface BookingHandover {
  patient: Patient;
}
