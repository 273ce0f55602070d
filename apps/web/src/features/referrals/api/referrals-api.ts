import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NewClientRequestBody,
  referralLinkResponse,
  referralListResponse,
  referralResponse,
} from '@vaidya/contract/referrals';
import { apiRequest, retryOnceUnlessRefused } from '../../../lib/api-client';

const referralsKey = ['referrals'];

/** The clinic's referrals, newest first. */
export function useReferrals() {
  return useQuery({
    queryKey: referralsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/referrals', { schema: referralListResponse, signal })).data.results,
    retry: retryOnceUnlessRefused,
  });
}

/** The clinic's own referral link; it never changes, so it is asked once. */
export function useReferralLink() {
  return useQuery({
    queryKey: ['referral-link'],
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/referral-link', { schema: referralLinkResponse, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryOnceUnlessRefused,
  });
}

/** spec §7 new-client-request; the list shows the new referral at once. */
export function useReferClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewClientRequestBody) =>
      apiRequest('POST', '/new-client-request', { body, schema: referralResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsKey }),
  });
}
