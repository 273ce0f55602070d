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
