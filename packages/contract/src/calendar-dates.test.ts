import { describe, expect, it } from 'vitest';
import { clinicDate, clinicDateTime, clinicTime, timeOfDayEnIn } from './calendar-dates';

describe('times in the clinic zone', () => {
  // 23:50 UTC is already the next morning in Kolkata and still the same evening in New York.
  const instant = '2026-11-23T23:50:00.000Z';

  it('prints the time where the clinic is, en-IN', () => {
    expect(clinicTime(instant, 'Asia/Kolkata')).toBe('5:20 am');
    expect(clinicTime(instant, 'America/New_York')).toBe('6:50 pm');
    expect(clinicTime('2026-11-23T12:10:00Z', 'Asia/Kolkata')).toBe('5:40 pm');
    expect(clinicTime('2026-11-23T12:10:00Z', 'Europe/London')).toBe('12:10 pm');
    expect(clinicTime(new Date('2026-11-23T03:35:00Z'), 'Asia/Kolkata')).toBe('9:05 am');
  });

  it('prints the date where the clinic is, DD/MM/YYYY', () => {
    expect(clinicDate(instant, 'Asia/Kolkata')).toBe('24/11/2026');
    expect(clinicDate(instant, 'America/New_York')).toBe('23/11/2026');
    expect(clinicDateTime(instant, 'Asia/Kolkata')).toBe('24/11/2026, 5:20 am');
  });
});

describe('wall-clock times', () => {
  it('prints a time of the day as en-IN does, midnight and noon as 12', () => {
    expect(['00:05', '09:05', '12:00', '17:30', '23:59'].map(timeOfDayEnIn)).toEqual([
      '12:05 am',
      '9:05 am',
      '12:00 pm',
      '5:30 pm',
      '11:59 pm',
    ]);
  });
});
