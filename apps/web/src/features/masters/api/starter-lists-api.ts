import { useMutation, useQueryClient } from '@tanstack/react-query';
import { starterListEndpoints } from '@vaidya/contract/starter-lists';
import { callApi } from '../../../lib/api-client';

/** Copies the speciality's starter lists into the clinic's masters; every master list on screen then reloads. */
export function useAddStarterLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(starterListEndpoints.add, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['masters'] }),
  });
}
