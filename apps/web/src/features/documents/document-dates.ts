/** Spec §9: dates display in en-GB (23/11/2026). */

/** A calendar date as the API sends it, 'YYYY-MM-DD', read as written (no time zone can shift it); the API's messages print it alike. */
export { calendarDateEnGb } from '@vaidya/contract/calendar-dates';

/** The day of an instant where the reader is. */
export function instantDateEnGb(instant: string): string {
  return new Date(instant).toLocaleDateString('en-GB');
}
