/** '2026-11-02' → 'Mon, 2 Nov': the date as written, whatever the phone's own time zone. */
const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** '17:30' → '5:30 pm', as clinics in India write times for patients. */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
