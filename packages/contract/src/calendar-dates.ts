/**
 * Calendar dates ('YYYY-MM-DD') and wall-clock times ('HH:mm') as a clinic lives them:
 * "today" is the clinic's own, in its time zone, whatever the server's or the browser's
 * zone; arithmetic on dates is in whole days, counted in UTC so no clock change skips
 * or repeats one. Shared by the API and the web app; no zod, so pages stay light.
 */

/** The calendar date and wall-clock time at `now` in `timeZone`. */
export function localToday(timeZone: string, now: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** The date `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Spec §9: a calendar date as pages and messages print it, en-GB (23/11/2026), read as written. */
export function calendarDateEnGb(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** 0 = Sunday … 6, as queue timings number weekdays. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * A wall-clock time 'HH:mm' as the app prints every time, en-IN ('17:30' → "5:30 pm"). Written
 * out rather than left to Intl, whose en-IN output (the case of "pm", the space before it)
 * differs between browsers and ICU versions.
 */
export function timeOfDayEnIn(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** A period of the day from two 'HH:mm' times, as the app prints it ("10:00 am–1:00 pm"). */
export function periodEnIn(startTime: string, endTime: string): string {
  return `${timeOfDayEnIn(startTime)}–${timeOfDayEnIn(endTime)}`;
}

/** An instant's wall-clock time in the clinic's zone, as the app prints every time (en-IN, "5:40 pm"). */
export function clinicTime(instant: Date | string, timeZone: string): string {
  return timeOfDayEnIn(localToday(timeZone, new Date(instant)).time);
}

/** An instant's calendar date in the clinic's zone, printed as spec §9 prints dates (23/11/2026). */
export function clinicDate(instant: Date | string, timeZone: string): string {
  return calendarDateEnGb(localToday(timeZone, new Date(instant)).date);
}

/** An instant as date and time in the clinic's zone ("23/11/2026, 5:40 pm"). */
export function clinicDateTime(instant: Date | string, timeZone: string): string {
  return `${clinicDate(instant, timeZone)}, ${clinicTime(instant, timeZone)}`;
}
