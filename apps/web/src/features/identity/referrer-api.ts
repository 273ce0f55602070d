import { useQuery } from '@tanstack/react-query';
import { referrerResponse } from '@vaidya/contract/referrals';
import { apiRequest } from '../../lib/api-client';

/** Whose referral link the sign-up page was opened from; public, so no session is needed. */
export function useReferrer(code: string | null) {
  return useQuery({
    queryKey: ['referrer', code],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('GET', `/public/referral/${encodeURIComponent(code ?? '')}`, {
          schema: referrerResponse,
          signal,
          anonymous: true,
        })
      ).data,
    enabled: code !== null,
    // An unknown or stale code just names nobody: sign-up goes on without it.
    retry: false,
  });
}
