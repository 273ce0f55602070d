import { useInfiniteQuery } from '@tanstack/react-query';
import { patientRegistryEndpoints } from '@vaidya/contract/patients';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

/** Under the registry's key, beside the patient's record. */
const timelineKey = (id: string) => ['patients', 'timeline', id];

/** How many items a page of the timeline asks for. */
const pageSize = 20;

/**
 * A patient's timeline, a page at a time, newest first: each next page is the one before the
 * last page's `next_before`, until the server says there is none.
 */
export function usePatientTimeline(id: string) {
  return useInfiniteQuery({
    queryKey: timelineKey(id),
    queryFn: async ({ pageParam, signal }) =>
      (
        await callApi(patientRegistryEndpoints.timeline, {
          query: { patient_id: id, before: pageParam, limit: pageSize },
          signal,
        })
      ).data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_before ?? undefined,
    retry: retryOnceUnlessRefused,
  });
}
