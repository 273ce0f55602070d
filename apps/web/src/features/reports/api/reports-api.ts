import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CollectionSplit,
  type ReportPeriod,
  reportEndpoints,
  type SendDuesReminderPayload,
} from '@vaidya/contract/reports';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

/** A report's days, both included, in the clinic's calendar, and its location ('' for all the caller's). */
export interface ReportRange {
  from: string;
  to: string;
  locationId: string;
}

export interface CollectionsOptions {
  period: ReportPeriod;
  /** Undefined: one figure per period. */
  by: CollectionSplit | undefined;
}

export interface DuesOptions {
  locationId: string;
  query: string;
  page: number;
  limit: number;
}

export const reportKeys = {
  all: ['reports'],
  collections: (range: ReportRange, options: CollectionsOptions) => [
    'reports',
    'collections',
    range,
    options,
  ],
  dues: (options: DuesOptions) => ['reports', 'dues', options],
  allDues: ['reports', 'dues'],
  visits: (range: ReportRange) => ['reports', 'visits', range],
  treatments: (range: ReportRange) => ['reports', 'treatments', range],
};

const rangeQueryOf = (range: ReportRange) => ({
  from: range.from,
  to: range.to,
  location_id: range.locationId || undefined,
});

/** Keeps the last answer on screen while the next filters' is on its way. */
const reportQuery = { placeholderData: keepPreviousData, retry: retryOnceUnlessRefused } as const;

/** Bills made and money received per period, split when `by` is chosen. */
export function useCollections(range: ReportRange, options: CollectionsOptions, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.collections(range, options),
    queryFn: async ({ signal }) =>
      (
        await callApi(reportEndpoints.collections, {
          query: { ...rangeQueryOf(range), period: options.period, by: options.by },
          signal,
        })
      ).data,
    enabled,
    ...reportQuery,
  });
}

/** A page of the patients who owe, largest balance first, with the whole report's totals. */
export function useDuesAgeing(options: DuesOptions) {
  return useQuery({
    queryKey: reportKeys.dues(options),
    queryFn: async ({ signal }) =>
      (
        await callApi(reportEndpoints.duesAgeing, {
          query: {
            location_id: options.locationId || undefined,
            query: options.query || undefined,
            page: options.page + 1,
            limit: options.limit,
          },
          signal,
        })
      ).data,
    ...reportQuery,
  });
}

/** Sends a patient a WhatsApp reminder of their dues at a location; the list then shows it as their last. */
export function useSendDuesReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SendDuesReminderPayload) =>
      (await callApi(reportEndpoints.sendDuesReminder, { body: payload })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.allDues }),
  });
}

/** Visits per day, new and returning patients, bookings, no-shows, queue times and the busiest hours. */
export function useVisits(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.visits(range),
    queryFn: async ({ signal }) =>
      (await callApi(reportEndpoints.visits, { query: rangeQueryOf(range), signal })).data,
    enabled,
    ...reportQuery,
  });
}

/** The most billed treatments and the most prescribed medicines. */
export function useTreatments(range: ReportRange, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.treatments(range),
    queryFn: async ({ signal }) =>
      (await callApi(reportEndpoints.treatments, { query: rangeQueryOf(range), signal })).data,
    enabled,
    ...reportQuery,
  });
}
