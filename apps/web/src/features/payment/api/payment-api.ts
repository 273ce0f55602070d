import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CheckoutResult, paymentEndpoints } from '@vaidya/contract/payments';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

export const creditsKey = ['payment', 'credits'];
/** The key of the partner details (features/partner), which the wallet guard reads. */

/** The wallet, the charge per booking, bookings left and the latest movements. */
export function useCredits() {
  return useQuery({
    queryKey: creditsKey,
    queryFn: async ({ signal }) => (await callApi(paymentEndpoints.credits, { signal })).data,
    retry: retryOnceUnlessRefused,
  });
}

export async function createOrder(amount: number) {
  return (await callApi(paymentEndpoints.createOrder, { body: { amount } })).data;
}

/** The test gateway's checkout: what Razorpay Checkout would hand back, or its refusal. */
export async function payWithTestGateway(orderId: string, outcome: 'success' | 'failure') {
  return (await callApi(paymentEndpoints.payWithTestGateway, { body: { order_id: orderId, outcome } })).data;
}

/**
 * Sends Checkout's answer for the server to verify and credit; on success the wallet and
 * the partner details are asked again, so the balance shows and the wallet guard lifts.
 */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (result: CheckoutResult) => callApi(paymentEndpoints.confirm, { body: result }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditsKey }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.partnerDetails }),
      ]),
  });
}
