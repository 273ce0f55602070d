/**
 * What a visitor is told about a clinic whose account is disabled: by the server's 403 and by
 * the booking website, in the same words. A file of its own so the light booking website and
 * the bookings contract share it without loading each other.
 */
export const notTakingOnlineBookings =
  'This clinic is not taking online bookings. Please call the clinic to book.';
