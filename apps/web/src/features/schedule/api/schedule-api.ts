import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingEndpoints, type Slot } from '@vaidya/contract/bookings';
import { type AddOffDayBody, type BookingsChoice, scheduleEndpoints } from '@vaidya/contract/schedule';
import type { BookingsInPeriodQuery } from '@vaidya/contract/schedule-changes';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { storeQueue } from '../../../lib/queues-api';

const scheduleKeys = {
  timings: (queueId: string) => ['schedule', 'timings', queueId],
  offDays: (queueId: string) => ['schedule', 'off-days', queueId],
  dates: (queueId: string) => ['schedule', 'dates', queueId],
};

export function useQueueTimings(queueId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.timings(queueId ?? ''),
    queryFn: ({ signal }) =>
      callApi(scheduleEndpoints.queueTimings, { query: { queue_id: queueId ?? '' }, signal }),
    select: (answer) => answer.data,
    enabled: Boolean(queueId),
    retry: retryOnceUnlessRefused,
  });
}

export function useOffDays(queueId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.offDays(queueId ?? ''),
    queryFn: ({ signal }) =>
      callApi(scheduleEndpoints.offDays, { query: { queue_id: queueId ?? '' }, signal }),
    select: (answer) => answer.data,
    enabled: Boolean(queueId),
    retry: retryOnceUnlessRefused,
  });
}

export function useBookableDates(queueId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.dates(queueId ?? ''),
    queryFn: ({ signal }) =>
      callApi(scheduleEndpoints.bookableDates, { query: { queue_id: queueId ?? '' }, signal }),
    select: (answer) => answer.data,
    enabled: Boolean(queueId),
    retry: retryOnceUnlessRefused,
  });
}

/** Sessions, off-days and slot size all change which days are open and how many slots they hold. */
function refreshQueueSchedule(queryClient: QueryClient, queueId: string, list: 'timings' | 'off-days') {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: list === 'timings' ? scheduleKeys.timings(queueId) : scheduleKeys.offDays(queueId),
    }),
    queryClient.invalidateQueries({ queryKey: scheduleKeys.dates(queueId) }),
  ]);
}

export interface TimingPayload {
  queueId: string;
  weekday: number;
  startTime: string;
  endTime: string;
}

/**
 * The open bookings a change would take away, from one call per period of get-bookings-in-period,
 * each booking once, by date, time and token. Asked once, as the change is about to be saved.
 */
export function useBookingsInPeriods() {
  return useMutation({
    mutationFn: async (periods: BookingsInPeriodQuery[]): Promise<Slot[]> => {
      const answers = await Promise.all(
        periods.map((query) => callApi(bookingEndpoints.inPeriod, { query })),
      );
      const byId = new Map(answers.flatMap((answer) => answer.data).map((slot) => [slot.id, slot]));
      return [...byId.values()].sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          a.start_time.localeCompare(b.start_time) ||
          a.token_number - b.token_number,
      );
    },
  });
}

/**
 * Adds a weekly session, or changes one when `id` is given; the server refuses one that overlaps
 * another. A change keeps the bookings in the time it takes away unless `bookings` says cancel.
 */
export function useSaveTiming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      payload,
      bookings,
    }: {
      id?: string;
      payload: TimingPayload;
      bookings?: BookingsChoice;
    }) =>
      id
        ? callApi(scheduleEndpoints.editTiming, { body: { ...payload, id, bookings } })
        : callApi(scheduleEndpoints.addTiming, { body: payload }),
    onSuccess: (_saved, { payload }) => refreshQueueSchedule(queryClient, payload.queueId, 'timings'),
  });
}

export function useDeleteTiming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timingId: string) =>
      callApi(scheduleEndpoints.deleteTiming, { query: { queue_timing_id: timingId } }),
    onSuccess: (deleted) => refreshQueueSchedule(queryClient, deleted.data.queue_id, 'timings'),
  });
}

export function useAddOffDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AddOffDayBody) => callApi(scheduleEndpoints.addOffDay, { body: payload }),
    onSuccess: (added) => refreshQueueSchedule(queryClient, added.data.queue_id, 'off-days'),
  });
}

export function useDeleteOffDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offDayId: string) =>
      callApi(scheduleEndpoints.deleteOffDay, { query: { off_day_id: offDayId } }),
    onSuccess: (deleted) => refreshQueueSchedule(queryClient, deleted.data.queue_id, 'off-days'),
  });
}

export function useUpdateSlotSize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: { queueId: string; slotSize: number; bookings?: BookingsChoice }) =>
      callApi(scheduleEndpoints.updateSlotSize, { body: payload }),
    onSuccess: (saved) => {
      storeQueue(queryClient, saved.data);
      return queryClient.invalidateQueries({ queryKey: scheduleKeys.dates(saved.data.id) });
    },
  });
}
