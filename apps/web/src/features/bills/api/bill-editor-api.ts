import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BillBody, billEndpoints } from '@vaidya/contract/bills';
import { consultationFormEndpoints } from '@vaidya/contract/consultation-forms';
import { callApi } from '../../../lib/api-client';
import { billKeys } from './bills-api';

/** The editor's calls, apart from the list's so the bills screen does not download them. */

export async function fetchBillOfSlot(slotId: string, signal: AbortSignal) {
  return (await callApi(billEndpoints.bySlot, { query: { slot_id: slotId }, signal })).data;
}

export async function fetchConsultationOfSlot(slotId: string, signal: AbortSignal) {
  return (await callApi(consultationFormEndpoints.ofSlot, { query: { slot_id: slotId }, signal })).data;
}

export function useSaveBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BillBody }) =>
      id ? callApi(billEndpoints.edit, { body: { ...body, id } }) : callApi(billEndpoints.create, { body }),
    // Spec §4: a new bill is first in the list and counts in its total; the list asks again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
