import type { Clock } from '../src/clock';

export interface TestClock {
  now: Clock;
  advance(milliseconds: number): void;
  set(date: Date): void;
}

/** A clock that stands still until a test moves it. */
export function createTestClock(start = new Date('2026-11-02T04:30:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
