import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { billEndpoints } from '@vaidya/contract/bills';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

export const billKeys = {
  all: ['bills'],
  list: (filters: BillFilters) => ['bills', 'list', filters],
  pending: (locationId: string, mobile: string) => ['bills', 'pending', locationId, mobile],
};

export interface BillFilters {
  locationId: string;
  query: string;
  startDate: string;
  endDate: string;
  /** From 0, as the pager counts; the API counts from 1. */
  page: number;
  limit: number;
}

export function useBills(filters: BillFilters, enabled: boolean) {
  return useQuery({
    queryKey: billKeys.list(filters),
    queryFn: async ({ signal }) =>
      (
        await callApi(billEndpoints.list, {
          query: {
            location_id: filters.locationId,
            query: filters.query || undefined,
            limit: filters.limit,
            page: filters.page + 1,
            start_date: filters.startDate || undefined,
            end_date: filters.endDate || undefined,
          },
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    retry: retryOnceUnlessRefused,
  });
}

/** The patient's bills at the location and what they still owe (spec §3 "Bill history response"). */
export function usePendingAmount(locationId: string | null, mobile: string | null) {
  return useQuery({
    queryKey: billKeys.pending(locationId ?? '', mobile ?? ''),
    queryFn:
      locationId && mobile
        ? async ({ signal }) =>
            (
              await callApi(billEndpoints.pendingAmount, {
                body: { customer_mobile: mobile, location_id: locationId },
                signal,
              })
            ).data
        : skipToken,
    retry: retryOnceUnlessRefused,
  });
}
