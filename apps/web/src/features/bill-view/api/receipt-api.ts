import { useQuery } from '@tanstack/react-query';
import { billEndpoints } from '@vaidya/contract/bills';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

/** A receipt of the clinic's (signed in): a payment against dues, as printed. */
export function useReceipt(receiptId: string) {
  return useQuery({
    queryKey: ['bills', 'receipt', receiptId],
    queryFn: async ({ signal }) =>
      (await callApi(billEndpoints.receipt, { query: { receiptId }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
}
