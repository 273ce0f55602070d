import { calendarDateSchema } from '@vaidya/contract/schedule';
import { useState } from 'react';
import { sessionKeys } from '../../lib/session';

/** The day chosen last, when it is a valid date; the route's loader reads it too. */
export function storedDay(): string | null {
  const stored = localStorage.getItem(sessionKeys.selectedDay);
  return stored && calendarDateSchema.safeParse(stored).success ? stored : null;
}

/** Spec §3 Session: the day on view is remembered under its own key, so a reload stays on it; at first, the clinic's today. */
export function useSelectedDay(today: string): [string, (day: string) => void] {
  const [day, setDay] = useState(() => storedDay() ?? today);
  const select = (next: string) => {
    if (!calendarDateSchema.safeParse(next).success) return;
    localStorage.setItem(sessionKeys.selectedDay, next);
    setDay(next);
  };
  return [day, select];
}
