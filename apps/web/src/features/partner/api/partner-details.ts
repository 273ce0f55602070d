import { useQuery } from '@tanstack/react-query';
import { partnerDetailsQuery } from '../../../lib/partner-details-query';

/**
 * Mounting the layout does not ask again: its loader has just brought the answer, or tried
 * (with its retry) and failed, which the layout then shows with a Retry.
 */
export function usePartnerDetails() {
  return useQuery({ ...partnerDetailsQuery, refetchOnMount: false, retryOnMount: false });
}
