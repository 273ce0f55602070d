import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PairTvBody, tvEndpoints } from '@vaidya/contract/tv';
import { callApi } from '../../../lib/api-client';

const tvKeys = { all: ['tv-displays'] as const };

/** The clinic's paired waiting-room TVs. */
export function usePairedTvs() {
  return useQuery({
    queryKey: tvKeys.all,
    queryFn: ({ signal }) => callApi(tvEndpoints.list, { signal }),
    select: (answer) => answer.data,
  });
}

export function usePairTv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PairTvBody) => callApi(tvEndpoints.pair, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tvKeys.all }),
  });
}

export function useUnpairTv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(tvEndpoints.unpair, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tvKeys.all }),
  });
}
