import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddQueueBody,
  type Queue,
  scheduleEndpoints,
  type UpdateQueueBody,
} from '@vaidya/contract/schedule';
import { callApi, retryOnceUnlessRefused } from './api-client';
import { replaceOrAppend } from './replace-or-append';

// A location's queues, as the Schedule page picks one and the Settings page lists, adds and
// renames them. (The bookings screen keeps its own copy, refreshed with its bookings.)

const queuesKey = (locationId: string) => ['schedule', 'queues', locationId];

export function useQueues(locationId: string | undefined) {
  return useQuery({
    queryKey: queuesKey(locationId ?? ''),
    queryFn: ({ signal }) =>
      callApi(scheduleEndpoints.queues, { query: { location_id: locationId ?? '' }, signal }),
    select: (answer) => answer.data,
    enabled: Boolean(locationId),
    retry: retryOnceUnlessRefused,
  });
}

/** A saved queue replaces its entry in its location's list, or is appended, without asking again. */
export function storeQueue(queryClient: QueryClient, saved: Queue) {
  queryClient.setQueryData<{ data: Queue[] }>(queuesKey(saved.location_id), (answer) =>
    answer ? { ...answer, data: replaceOrAppend(answer.data, saved) } : answer,
  );
}

/** Adds a queue to a location, or renames one (or changes its doctor) when `id` is given. */
export function useSaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { add: AddQueueBody } | { rename: UpdateQueueBody }) =>
      'add' in change
        ? callApi(scheduleEndpoints.addQueue, { body: change.add })
        : callApi(scheduleEndpoints.updateQueue, { body: change.rename }),
    onSuccess: (saved) => storeQueue(queryClient, saved.data),
  });
}
