/** How the schedule writes calendar dates 'YYYY-MM-DD' and periods. */

/** Noon, so no daylight-saving shift can move the date to its neighbour. */
function atNoon(date: string): Date {
  return new Date(`${date}T12:00:00`);
}

/** "Mon, 25 Nov" as Indian clinics write a date. */
export function formatDay(date: string): string {
  return atNoon(date).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });
}

export function dayOfMonth(date: string): number {
  return atNoon(date).getDate();
}

/** A session or off-day period as every time prints, en-IN ("10:00 am–1:00 pm"). */
export { periodEnIn as formatPeriod } from '@vaidya/contract/calendar-dates';
