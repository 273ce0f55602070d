/** Calendar dates 'YYYY-MM-DD' counted in whole days, with no time zone involved. */

export function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Noon, so no daylight-saving shift can move the date to its neighbour. */
function atNoon(date: string): Date {
  return new Date(`${date}T12:00:00`);
}

export function addDays(date: string, days: number): string {
  const moved = atNoon(date);
  moved.setDate(moved.getDate() + days);
  return isoDate(moved);
}

/** 0 = Sunday … 6, as queue timings number weekdays. */
export function weekdayOf(date: string): number {
  return atNoon(date).getDay();
}

/** "Mon, 25 Nov" as Indian clinics write a date. */
export function formatDay(date: string): string {
  return atNoon(date).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });
}

export function dayOfMonth(date: string): number {
  return atNoon(date).getDate();
}

export const formatPeriod = (startTime: string, endTime: string) => `${startTime}–${endTime}`;
