import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tvEndpoints } from '@vaidya/contract/tv';
import { callApi } from '../../../lib/api-client';
import { bookingKeys } from './bookings-api';

/**
 * Completes the token now served in a queue's day and calls the next one waiting; refused or not
 * (nobody arrived still completes the served one), the day's list is asked again.
 */
export function useCallNextToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { queueId: string; date: string }) => callApi(tvEndpoints.callNext, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.days }),
  });
}
