import { calendarDateSchema } from '@vaidya/contract/schedule';
import { useState } from 'react';
import { sessionKeys } from '../../lib/session';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Today as the front desk's own calendar says it, 'YYYY-MM-DD'. */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

/** The date `days` after (or before) `date`; counted in UTC, so no clock change skips or repeats a day. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

function storedDay(): string {
  const stored = localStorage.getItem(sessionKeys.selectedDay);
  return stored && calendarDateSchema.safeParse(stored).success ? stored : today();
}

/** Spec §3 Session: the day on view is remembered under its own key, so a reload stays on it. */
export function useSelectedDay(): [string, (day: string) => void] {
  const [day, setDay] = useState(storedDay);
  const select = (next: string) => {
    if (!calendarDateSchema.safeParse(next).success) return;
    localStorage.setItem(sessionKeys.selectedDay, next);
    setDay(next);
  };
  return [day, select];
}
