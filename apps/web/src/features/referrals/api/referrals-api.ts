import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NewClientRequestBody, referralEndpoints } from '@vaidya/contract/referrals';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

const referralsKey = ['referrals'];

/** The clinic's referrals, newest first. */
export function useReferrals() {
  return useQuery({
    queryKey: referralsKey,
    queryFn: async ({ signal }) => (await callApi(referralEndpoints.list, { signal })).data.results,
    retry: retryOnceUnlessRefused,
  });
}

/** The clinic's own referral link; it never changes, so it is asked once. */
export function useReferralLink() {
  return useQuery({
    queryKey: ['referral-link'],
    queryFn: async ({ signal }) => (await callApi(referralEndpoints.link, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryOnceUnlessRefused,
  });
}

/** spec §7 new-client-request; the list shows the new referral at once. */
export function useReferClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewClientRequestBody) => callApi(referralEndpoints.refer, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}
