/**
 * Spec §9: dates display in en-GB (23/11/2026). A calendar date as the API sends it,
 * 'YYYY-MM-DD', is read as written (no time zone can shift it); the API's messages print
 * it alike. An instant is dated where the clinic is, with `clinicDate` and the document's
 * `partner.time_zone`, never where the reader is.
 */
export { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
