/** '2026-11-02' → 'Mon, 2 Nov': the date as written, whatever the phone's own time zone. */
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** '17:30' → '5:30 pm', as clinics in India write times for patients and the app prints every time. */
export { timeOfDayEnIn as formatTime } from '@vaidya/contract/calendar-dates';
