import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BillBody, billOrNullResponse, billResponse } from '@vaidya/contract/bills';
import { consultationFormOrNullResponse } from '@vaidya/contract/consultation-forms';
import { apiRequest } from '../../../lib/api-client';
import { billBase, billKeys } from './bills-api';

/** The editor's calls, apart from the list's so the bills screen does not download them. */

export async function fetchBillOfSlot(slotId: string, signal: AbortSignal) {
  return (
    await apiRequest('GET', `${billBase}/get-by-slot-id`, {
      query: { slot_id: slotId },
      schema: billOrNullResponse,
      signal,
    })
  ).data;
}

export async function fetchConsultationOfSlot(slotId: string, signal: AbortSignal) {
  return (
    await apiRequest('GET', '/consultation-form/get-by-slot-id', {
      query: { slot_id: slotId },
      schema: consultationFormOrNullResponse,
      signal,
    })
  ).data;
}

export function useSaveBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BillBody }) =>
      id
        ? apiRequest('PUT', `${billBase}/edit-bill`, { body: { ...body, id }, schema: billResponse })
        : apiRequest('POST', `${billBase}/add-bill`, { body, schema: billResponse }),
    // Spec §4: a new bill is first in the list and counts in its total; the list asks again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
