import { useQuery } from '@tanstack/react-query';
import { referralEndpoints } from '@vaidya/contract/referrals';
import { callApi } from '../../lib/api-client';

/** Whose referral link the sign-up page was opened from; public, so no session is needed. */
export function useReferrer(code: string | null) {
  return useQuery({
    queryKey: ['referrer', code],
    queryFn: async ({ signal }) =>
      (await callApi(referralEndpoints.referrer, { params: { code: code ?? '' }, signal })).data,
    enabled: code !== null,
    // An unknown or stale code just names nobody: sign-up goes on without it.
    retry: false,
  });
}
