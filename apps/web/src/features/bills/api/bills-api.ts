import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billsResponse,
  type DuesPaymentBody,
  duesResponse,
  pendingAmountResponse,
  receiptResponse,
} from '@vaidya/contract/bills';
import { apiRequest, retryOnceUnlessRefused } from '../../../lib/api-client';

export const billBase = '/bill';

export const billKeys = {
  all: ['bills'],
  list: (filters: BillFilters) => ['bills', 'list', filters],
  pending: (locationId: string, mobile: string) => ['bills', 'pending', locationId, mobile],
  dues: (locationId: string, mobile: string) => ['bills', 'dues', locationId, mobile],
  start: (target: { billId: string | null; slotId: string | null }) => ['bills', 'start', target],
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
        await apiRequest('GET', `${billBase}/get-bills`, {
          query: {
            location_id: filters.locationId,
            query: filters.query || undefined,
            limit: filters.limit,
            page: filters.page + 1,
            start_date: filters.startDate || undefined,
            end_date: filters.endDate || undefined,
          },
          schema: billsResponse,
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
    queryFn: async ({ signal }) =>
      (
        await apiRequest('POST', `${billBase}/get-pending-amount`, {
          body: { customer_mobile: mobile, location_id: locationId },
          schema: pendingAmountResponse,
          signal,
        })
      ).data,
    enabled: Boolean(locationId && mobile),
    retry: retryOnceUnlessRefused,
  });
}

/** The patient's unpaid bills at the location, oldest first, and what they owe in all (Record payment). */
export function useDues(locationId: string, mobile: string) {
  return useQuery({
    queryKey: billKeys.dues(locationId, mobile),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('GET', `${billBase}/get-dues`, {
          query: { locationId, customerMobile: mobile },
          schema: duesResponse,
          signal,
        })
      ).data,
    retry: retryOnceUnlessRefused,
  });
}

/** Records money against the dues; the lists, histories and dues ask again. */
export function useRecordDuesPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DuesPaymentBody) =>
      apiRequest('POST', `${billBase}/record-dues-payment`, { body, schema: receiptResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
