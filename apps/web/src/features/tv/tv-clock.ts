import { clinicTime } from '@vaidya/contract/calendar-dates';
import { useEffect, useState } from 'react';

/** How often the clock looks at the time: it shows minutes, so a minute is never late by more than this. */
const tickMs = 1000;

/**
 * The time now in the clinic's zone, as the app prints every time ("5:40 pm"), kept
 * current: the page draws again only when the minute changes.
 */
export function useClockTime(timeZone: string): string {
  const [time, setTime] = useState(() => clinicTime(new Date(), timeZone));
  useEffect(() => {
    setTime(clinicTime(new Date(), timeZone));
    const timer = setInterval(() => setTime(clinicTime(new Date(), timeZone)), tickMs);
    return () => clearInterval(timer);
  }, [timeZone]);
  return time;
}
