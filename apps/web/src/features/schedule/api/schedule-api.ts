import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Slot, slotsResponse } from '@vaidya/contract/bookings';
import type { Location, PartnerDetails } from '@vaidya/contract/partner';
import {
  type AddOffDayBody,
  type AddQueueBody,
  type BookingsChoice,
  bookableDatesResponse,
  locationResponse,
  offDayResponse,
  offDaysResponse,
  type Queue,
  queueResponse,
  queuesResponse,
  queueTimingResponse,
  queueTimingsResponse,
  type UpdateLocationBody,
} from '@vaidya/contract/schedule';
import type { BookingsInPeriodQuery } from '@vaidya/contract/schedule-changes';
import { apiRequest, retryOnceUnlessRefused } from '../../../lib/api-client';

/** The dashboard shell's query of the partner, whose locations fill the location menu. */
const partnerDetailsKey = ['partner-details'];

const scheduleKeys = {
  queues: (locationId: string) => ['schedule', 'queues', locationId],
  timings: (queueId: string) => ['schedule', 'timings', queueId],
  offDays: (queueId: string) => ['schedule', 'off-days', queueId],
  dates: (queueId: string) => ['schedule', 'dates', queueId],
};

/** Spec §4: a saved record replaces the entry with the same id, or is appended. */
function replaceOrAppend<R extends { id: string }>(records: R[], saved: R): R[] {
  return records.some((record) => record.id === saved.id)
    ? records.map((record) => (record.id === saved.id ? saved : record))
    : [...records, saved];
}

export function useQueues(locationId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.queues(locationId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest('GET', '/get-queues', {
        query: { location_id: locationId },
        schema: queuesResponse,
        signal,
      }),
    select: (answer) => answer.data,
    enabled: Boolean(locationId),
    retry: retryOnceUnlessRefused,
  });
}

export function useQueueTimings(queueId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.timings(queueId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest('GET', '/get-queue-timings', {
        query: { queue_id: queueId },
        schema: queueTimingsResponse,
        signal,
      }),
    select: (answer) => answer.data,
    enabled: Boolean(queueId),
    retry: retryOnceUnlessRefused,
  });
}

export function useOffDays(queueId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.offDays(queueId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest('GET', '/get-off-days', { query: { queue_id: queueId }, schema: offDaysResponse, signal }),
    select: (answer) => answer.data,
    enabled: Boolean(queueId),
    retry: retryOnceUnlessRefused,
  });
}

export function useBookableDates(queueId: string | undefined) {
  return useQuery({
    queryKey: scheduleKeys.dates(queueId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest('GET', '/get-dates', {
        query: { queue_id: queueId },
        schema: bookableDatesResponse,
        signal,
      }),
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
        periods.map((query) =>
          apiRequest('GET', '/get-bookings-in-period', { query, schema: slotsResponse }),
        ),
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
        ? apiRequest('PUT', '/edit-timings', {
            body: { ...payload, id, bookings },
            schema: queueTimingResponse,
          })
        : apiRequest('POST', '/add-queue-timings', { body: payload, schema: queueTimingResponse }),
    onSuccess: (_saved, { payload }) => refreshQueueSchedule(queryClient, payload.queueId, 'timings'),
  });
}

export function useDeleteTiming() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timingId: string) =>
      apiRequest('DELETE', '/delete-queue-timing', {
        query: { queue_timing_id: timingId },
        schema: queueTimingResponse,
      }),
    onSuccess: (deleted) => refreshQueueSchedule(queryClient, deleted.data.queue_id, 'timings'),
  });
}

export function useAddOffDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AddOffDayBody) =>
      apiRequest('POST', '/add-off-day', { body: payload, schema: offDayResponse }),
    onSuccess: (added) => refreshQueueSchedule(queryClient, added.data.queue_id, 'off-days'),
  });
}

export function useDeleteOffDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offDayId: string) =>
      apiRequest('DELETE', '/delete-off-day', { query: { off_day_id: offDayId }, schema: offDayResponse }),
    onSuccess: (deleted) => refreshQueueSchedule(queryClient, deleted.data.queue_id, 'off-days'),
  });
}

function storeQueue(queryClient: QueryClient, saved: Queue) {
  queryClient.setQueryData<{ data: Queue[] }>(scheduleKeys.queues(saved.location_id), (answer) =>
    answer ? { ...answer, data: replaceOrAppend(answer.data, saved) } : answer,
  );
}

export function useUpdateSlotSize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: { queueId: string; slotSize: number; bookings?: BookingsChoice }) =>
      apiRequest('PUT', '/update-slot-size', { body: payload, schema: queueResponse }),
    onSuccess: (saved) => {
      storeQueue(queryClient, saved.data);
      return queryClient.invalidateQueries({ queryKey: scheduleKeys.dates(saved.data.id) });
    },
  });
}

/** Adds a queue to a location, or renames one when `id` is given. */
export function useSaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { add: AddQueueBody } | { rename: { id: string; queueName: string } }) =>
      'add' in change
        ? apiRequest('POST', '/add-queue', { body: change.add, schema: queueResponse })
        : apiRequest('PUT', '/update-queue', { body: change.rename, schema: queueResponse }),
    onSuccess: (saved) => storeQueue(queryClient, saved.data),
  });
}

/**
 * Adds a location, or edits one when `id` is given. The saved location replaces its
 * entry in the partner's locations or is appended (spec §4), so the location menu
 * shows it at once; the partner is then asked for again to be sure.
 */
export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: Omit<UpdateLocationBody, 'id'> & { id?: string }) =>
      payload.id
        ? apiRequest('PUT', '/update-location', { body: payload, schema: locationResponse })
        : apiRequest('POST', '/add-location', { body: payload, schema: locationResponse }),
    onSuccess: (saved) => {
      queryClient.setQueryData<PartnerDetails>(partnerDetailsKey, (partner) =>
        partner
          ? { ...partner, locations: replaceOrAppend<Location>(partner.locations, saved.data) }
          : partner,
      );
      return queryClient.invalidateQueries({ queryKey: partnerDetailsKey });
    },
  });
}
