import { queryOptions } from '@tanstack/react-query';
import { type PartnerDetails, partnerEndpoints } from '@vaidya/contract/partner';
import { callApi, retryOnceUnlessRefused } from './api-client';
import { sharedKeys } from './query-keys';

export async function getPartnerDetails(signal?: AbortSignal): Promise<PartnerDetails> {
  const body = await callApi(partnerEndpoints.details, { signal });
  return body.data;
}

/**
 * The signed-in clinic; the dashboard's loader asks for it on arrival (decision 035), and the
 * pages outside the dashboard that need it (a prescription's preview) read it the same way.
 */
export const partnerDetailsQuery = queryOptions({
  queryKey: sharedKeys.partnerDetails,
  queryFn: ({ signal }) => getPartnerDetails(signal),
  retry: retryOnceUnlessRefused,
});
