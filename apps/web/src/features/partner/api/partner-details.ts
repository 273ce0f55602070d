import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PartnerDetails, partnerEndpoints } from '@vaidya/contract/partner';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

export async function getPartnerDetails(signal?: AbortSignal): Promise<PartnerDetails> {
  const body = await callApi(partnerEndpoints.details, { signal });
  return body.data;
}

/** The signed-in clinic; the dashboard's loader asks for it on arrival (decision 035). */
export const partnerDetailsQuery = queryOptions({
  queryKey: sharedKeys.partnerDetails,
  queryFn: ({ signal }) => getPartnerDetails(signal),
  retry: retryOnceUnlessRefused,
});

/**
 * Mounting the layout does not ask again: its loader has just brought the answer, or tried
 * (with its retry) and failed, which the layout then shows with a Retry.
 */
export function usePartnerDetails() {
  return useQuery({ ...partnerDetailsQuery, refetchOnMount: false, retryOnMount: false });
}
