import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingEndpoints, tokenMoveEndpoints } from '@vaidya/contract/bookings';
import {
  type CloseDayPayload,
  type DaySummary,
  dayCloseEndpoints,
  type ReopenDayPayload,
} from '@vaidya/contract/day-close';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

/** A location and a date: the day the page is about. */
export interface LocationDay {
  locationId: string;
  /** 'YYYY-MM-DD' in the clinic's calendar. */
  date: string;
}

export const dayCloseKeys = {
  all: ['day-close'],
  summary: (day: LocationDay) => ['day-close', 'summary', day.locationId, day.date],
};

/** The day's summary; the last day's stays on screen while another date's is on its way. */
export function useDaySummary(day: LocationDay, enabled: boolean) {
  return useQuery({
    queryKey: dayCloseKeys.summary(day),
    queryFn: async ({ signal }) =>
      (
        await callApi(dayCloseEndpoints.summary, {
          query: { date: day.date, location_id: day.locationId },
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    retry: retryOnceUnlessRefused,
  });
}

/** Closing and reopening answer the day as it now stands: it replaces the one on screen. */
function useStoreSummary() {
  const queryClient = useQueryClient();
  return (summary: DaySummary) =>
    queryClient.setQueryData(
      dayCloseKeys.summary({ locationId: summary.location_id, date: summary.date }),
      summary,
    );
}

export function useCloseDay() {
  const store = useStoreSummary();
  return useMutation({
    mutationFn: (body: CloseDayPayload) => callApi(dayCloseEndpoints.close, { body }),
    onSuccess: (answer) => store(answer.data),
  });
}

export function useReopenDay() {
  const store = useStoreSummary();
  return useMutation({
    mutationFn: (body: ReopenDayPayload) => callApi(dayCloseEndpoints.reopen, { body }),
    onSuccess: (answer) => store(answer.data),
  });
}

/** How the desk settles an open token at the day's end. */
export type TokenOutcome = 'completed' | 'noShow' | 'cancelled';

/**
 * Settles one open token with the bookings screen's own calls. A token booked but never
 * marked arrived is marked arrived first: completed means the patient came and was seen.
 * Whatever the outcome, the day is asked for again, as the list shows it now.
 */
export function useSettleToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      slotId,
      arrived,
      outcome,
    }: {
      slotId: string;
      arrived: boolean;
      outcome: TokenOutcome;
    }) => {
      if (outcome === 'cancelled') return callApi(bookingEndpoints.cancel, { query: { slot_id: slotId } });
      if (outcome === 'noShow') return callApi(tokenMoveEndpoints.markNoShow, { body: { slotId } });
      if (!arrived) {
        await callApi(bookingEndpoints.setShowedUp, { body: { slot_id: slotId, showed_up: true } });
      }
      return callApi(tokenMoveEndpoints.complete, { body: { slotId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dayCloseKeys.all }),
  });
}
