import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billEndpoints, type DuesPaymentBody } from '@vaidya/contract/bills';
import { callApi, retryOnceUnlessRefused } from './api-client';
import { sharedKeys } from './query-keys';

/**
 * Under the bills' own key (`['bills']`), so a bill saved anywhere asks for the dues again,
 * and a payment recorded here asks for the bills again.
 */
const billsKey = ['bills'];
const duesKey = (locationId: string, mobile: string) => [...billsKey, 'dues', locationId, mobile];

/** The patient's unpaid bills at the location, oldest first, and what they owe in all (Record payment). */
export function useDues(locationId: string, mobile: string) {
  return useQuery({
    queryKey: duesKey(locationId, mobile),
    queryFn: async ({ signal }) =>
      (
        await callApi(billEndpoints.dues, {
          query: { locationId, customerMobile: mobile },
          signal,
        })
      ).data,
    retry: retryOnceUnlessRefused,
  });
}

/** Records money against the dues; the lists, histories, dues and what plans were paid ask again. */
export function useRecordDuesPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DuesPaymentBody) => callApi(billEndpoints.recordDuesPayment, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billsKey }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.dentalPlans }),
      ]),
  });
}
