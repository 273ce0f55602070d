import { useEffect, useState } from 'react';

/** How often the clock looks at the time: it shows minutes, so a minute is never late by more than this. */
const tickMs = 1000;

/**
 * The time as the app prints it everywhere (en-IN, "5:40 pm"), in `timeZone`, or in the
 * TV's own zone when none is given.
 */
export function clockTime(now: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(now);
}

/** The time now, kept current: the page draws again only when the minute changes. */
export function useClockTime(timeZone?: string): string {
  const [time, setTime] = useState(() => clockTime(new Date(), timeZone));
  useEffect(() => {
    setTime(clockTime(new Date(), timeZone));
    const timer = setInterval(() => setTime(clockTime(new Date(), timeZone)), tickMs);
    return () => clearInterval(timer);
  }, [timeZone]);
  return time;
}
