import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PairTvBody, pairedTvResponse, pairedTvsResponse, unpairTvResponse } from '@vaidya/contract/tv';
import { apiRequest } from '../../../lib/api-client';

const tvKeys = { all: ['tv-displays'] as const };

/** The clinic's paired waiting-room TVs. */
export function usePairedTvs() {
  return useQuery({
    queryKey: tvKeys.all,
    queryFn: ({ signal }) => apiRequest('GET', '/tv/list', { schema: pairedTvsResponse, signal }),
    select: (answer) => answer.data,
  });
}

export function usePairTv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PairTvBody) => apiRequest('POST', '/tv/pair', { body, schema: pairedTvResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tvKeys.all }),
  });
}

export function useUnpairTv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', '/tv/unpair', { query: { id }, schema: unpairTvResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tvKeys.all }),
  });
}
