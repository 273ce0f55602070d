import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addStarterListsResponse } from '@vaidya/contract/starter-lists';
import { apiRequest } from '../../../lib/api-client';

/** Copies the speciality's starter lists into the clinic's masters; every master list on screen then reloads. */
export function useAddStarterLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/masters/add-starter-lists', { schema: addStarterListsResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['masters'] }),
  });
}
