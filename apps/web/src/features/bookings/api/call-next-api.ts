import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callNextTokenResponse } from '@vaidya/contract/tv';
import { apiRequest } from '../../../lib/api-client';
import { bookingKeys } from './bookings-api';

/** Completes the token now served in a queue's day; the day's list then shows the next one served. */
export function useCallNextToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { queueId: string; date: string }) =>
      apiRequest('PUT', '/call-next-token', { body, schema: callNextTokenResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.days }),
  });
}
