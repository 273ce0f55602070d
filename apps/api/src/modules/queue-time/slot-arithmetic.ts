import { weekdayOf } from '@vaidya/contract/calendar-dates';
import type { OffDay, QueueTiming } from '@vaidya/contract/schedule';

/** A span of one day, both ends 'HH:mm'; the end is exclusive. */
export interface Period {
  start: string;
  end: string;
}

const MINUTES_PER_DAY = 24 * 60;

function toMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function toTime(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * The bookable slots of one queue on one day: each session cut into `slotSize`-minute slots (a last
 * piece too short for a whole slot is dropped), without slots that overlap an off period, slots
 * already taken (by start time) and slots starting before `notBefore` (the present moment on today).
 */
export function freeSlots(input: {
  sessions: Period[];
  slotSize: number;
  offPeriods: Period[];
  taken: string[];
  notBefore?: string;
}): Period[] {
  if (!Number.isInteger(input.slotSize) || input.slotSize <= 0) return [];
  const taken = new Set(input.taken.map((time) => toMinutes(time)));
  const off = input.offPeriods.map((period) => ({
    start: toMinutes(period.start),
    end: toMinutes(period.end),
  }));
  const notBefore = input.notBefore === undefined ? 0 : toMinutes(input.notBefore);
  const starts = new Set<number>();
  for (const session of input.sessions) {
    const sessionEnd = Math.min(toMinutes(session.end), MINUTES_PER_DAY);
    for (
      let start = toMinutes(session.start);
      start + input.slotSize <= sessionEnd;
      start += input.slotSize
    ) {
      const end = start + input.slotSize;
      if (start < notBefore || taken.has(start)) continue;
      if (off.some((period) => start < period.end && period.start < end)) continue;
      starts.add(start);
    }
  }
  return [...starts]
    .sort((left, right) => left - right)
    .map((start) => ({ start: toTime(start), end: toTime(start + input.slotSize) }));
}

/**
 * What one date of a queue offers, the one answer for the front desk's and the booking website's
 * free slots and for whether a booking's time is open: whether the date opens at all, and the
 * slots still free. A past date is closed; an off-day without times closes the whole date; today
 * is open only while a slot is still ahead, and a booked-out day stays open with nothing free.
 */
export function slotsOfDate(input: {
  date: string;
  slotSize: number;
  timings: readonly Pick<QueueTiming, 'weekday' | 'start_time' | 'end_time'>[];
  offDays: readonly Pick<OffDay, 'date' | 'start_time' | 'end_time'>[];
  taken: string[];
  /** The clinic's present moment, in its time zone. */
  today: { date: string; time: string };
}): { open: boolean; free: Period[] } {
  const closed = { open: false, free: [] };
  if (input.date < input.today.date) return closed;
  const weekday = weekdayOf(input.date);
  const sessions = input.timings
    .filter((timing) => timing.weekday === weekday)
    .map((timing) => ({ start: timing.start_time, end: timing.end_time }));
  const offPeriods: Period[] = [];
  for (const offDay of input.offDays) {
    if (offDay.date !== input.date) continue;
    if (offDay.start_time === null || offDay.end_time === null) return closed;
    offPeriods.push({ start: offDay.start_time, end: offDay.end_time });
  }
  const notBefore = input.date === input.today.date ? input.today.time : undefined;
  const open = freeSlots({ sessions, slotSize: input.slotSize, offPeriods, taken: [], notBefore }).length > 0;
  if (!open) return closed;
  const free = freeSlots({ sessions, slotSize: input.slotSize, offPeriods, taken: input.taken, notBefore });
  return { open, free };
}
