import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import type { ReportPeriod } from '@vaidya/contract/reports';
import { monthLabel, reportScreenWords as words } from '@vaidya/contract/reports-screens';

/** A period's row as the clinic reads it, from its first day as the API gives it: 26/11/2026, "Week of 23/11/2026", "Nov 2026". */
export function periodLabel(period: ReportPeriod, periodStart: string): string {
  if (period === 'month') return monthLabel(periodStart);
  const day = calendarDateEnGb(periodStart);
  return period === 'week' ? words.weekOf(day) : day;
}
