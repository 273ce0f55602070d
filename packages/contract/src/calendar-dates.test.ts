import { describe, expect, it } from 'vitest';
import { clinicDate, clinicDateTime, clinicTime } from './calendar-dates';

describe('times in the clinic zone', () => {
  // 23:50 UTC is already the next morning in Kolkata and still the same evening in New York.
  const instant = '2026-11-23T23:50:00.000Z';

  it('prints the time where the clinic is, en-IN', () => {
    expect(clinicTime(instant, 'Asia/Kolkata')).toBe('5:20 am');
    expect(clinicTime(instant, 'America/New_York')).toBe('6:50 pm');
  });

  it('prints the date where the clinic is, DD/MM/YYYY', () => {
    expect(clinicDate(instant, 'Asia/Kolkata')).toBe('24/11/2026');
    expect(clinicDate(instant, 'America/New_York')).toBe('23/11/2026');
    expect(clinicDateTime(instant, 'Asia/Kolkata')).toBe('24/11/2026, 5:20 am');
  });
});
