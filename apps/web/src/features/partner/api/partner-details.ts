import { useQuery } from '@tanstack/react-query';
import { type PartnerDetails, partnerDetailsResponse } from '@vaidya/contract/partner';
import { apiRequest, retryOnceUnlessRefused } from '../../../lib/api-client';

export async function getPartnerDetails(signal?: AbortSignal): Promise<PartnerDetails> {
  const body = await apiRequest('GET', '/get-partner-details', { schema: partnerDetailsResponse, signal });
  return body.data;
}

export function usePartnerDetails() {
  return useQuery({
    queryKey: ['partner-details'],
    queryFn: ({ signal }) => getPartnerDetails(signal),
    retry: retryOnceUnlessRefused,
  });
}
