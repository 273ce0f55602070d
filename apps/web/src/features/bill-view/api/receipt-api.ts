import { useQuery } from '@tanstack/react-query';
import { receiptResponse } from '@vaidya/contract/bills';
import { apiRequest, retryOnceUnlessRefused } from '../../../lib/api-client';

/** A receipt of the clinic's (signed in): a payment against dues, as printed. */
export function useReceipt(receiptId: string) {
  return useQuery({
    queryKey: ['bills', 'receipt', receiptId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('GET', '/bill/get-receipt', {
          query: { receiptId },
          schema: receiptResponse,
          signal,
        })
      ).data,
    retry: retryOnceUnlessRefused,
  });
}
