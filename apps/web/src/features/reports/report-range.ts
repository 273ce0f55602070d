import { addDays } from '@vaidya/contract/calendar-dates';
import { useSearchParams } from 'react-router';
import { useClinic, useClinicToday } from '../../lib/clinic-context';
import type { ReportRange } from './api/reports-api';

export type RangePick = 'today' | 'thisMonth' | 'lastMonth' | 'thisYear';
export const rangePicks: readonly RangePick[] = ['today', 'thisMonth', 'lastMonth', 'thisYear'];

/** The days a quick pick covers, counted from the clinic's today. */
export function rangeOfPick(pick: RangePick, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (pick) {
    case 'today':
      return { from: today, to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastMonthEnd = addDays(monthStart, -1);
      return { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The search parameter that widens a report to every location the signed-in person works at. */
const everyLocation = 'all';

/**
 * The report's days and location, kept in the address so they stay as the reports' views
 * change and a reload shows the same figures: this month at the location being worked on
 * unless chosen otherwise. `range` is what the API is asked; `crossed` when From is after To
 * (nothing is asked then).
 */
export function useReportRange() {
  const { location } = useClinic();
  const today = useClinicToday();
  const [params, setParams] = useSearchParams();
  const fallback = rangeOfPick('thisMonth', today);
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const allLocations = params.get('location') === everyLocation;
  const range: ReportRange = { from, to, locationId: allLocations ? '' : (location?.id ?? '') };

  /**
   * Sets these parameters, keeping the others; null removes one. A date being typed is kept
   * empty rather than removed, so this month does not jump back into the field.
   */
  const change = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    range,
    today,
    params,
    crossed: from !== '' && to !== '' && from > to,
    complete: from !== '' && to !== '',
    allLocations,
    change,
    setDates: (dates: { from?: string; to?: string }) => change(dates),
    setAllLocations: (all: boolean) => change({ location: all ? everyLocation : null }),
    pickedRange: rangePicks.find((pick) => {
      const picked = rangeOfPick(pick, today);
      return picked.from === from && picked.to === to;
    }),
  };
}

export type ReportRangeState = ReturnType<typeof useReportRange>;
