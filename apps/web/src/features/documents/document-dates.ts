/** Spec §9: dates display in en-GB (23/11/2026). */

/** A calendar date as the API sends it, 'YYYY-MM-DD', read as written (no time zone can shift it). */
export function calendarDateEnGb(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The day of an instant where the reader is. */
export function instantDateEnGb(instant: string): string {
  return new Date(instant).toLocaleDateString('en-GB');
}
