import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toPaise } from '@vaidya/contract/bill-arithmetic';
import { type BillBody, billEndpoints } from '@vaidya/contract/bills';
import { consultationFormEndpoints } from '@vaidya/contract/consultation-forms';
import { indianMobileSchema } from '@vaidya/contract/mobile';
import { callApi } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { billKeys, usePendingAmount } from './bills-api';

/** The editor's calls, apart from the list's so the bills screen does not download them. */

export async function fetchBillOfSlot(slotId: string, signal: AbortSignal) {
  return (await callApi(billEndpoints.bySlot, { query: { slot_id: slotId }, signal })).data;
}

export async function fetchConsultationOfSlot(slotId: string, signal: AbortSignal) {
  return (await callApi(consultationFormEndpoints.ofSlot, { query: { slot_id: slotId }, signal })).data;
}

/** Where the patient's completed plan items not billed yet are cached: a saved bill makes them stale. */
export const billablePlanItemsKey = ['bill-editor', 'billable-plan-items'];

export function useSaveBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BillBody }) =>
      id ? callApi(billEndpoints.edit, { body: { ...body, id } }) : callApi(billEndpoints.create, { body }),
    // Spec §4: a new bill is first in the list and counts in its total; the list asks again.
    // A billed plan item is no longer offered to the next bill, and its plan says it is billed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billKeys.all }),
        queryClient.invalidateQueries({ queryKey: billablePlanItemsKey }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.dentalPlans }),
      ]),
  });
}

/**
 * What the patient already owed at the location, in paise, once the mobile typed is a valid
 * one (nothing until then). Editing, this bill's own balance is not "earlier": it is left out.
 */
export function useEarlierBalance(
  target: { billId: string | null; locationId: string | null },
  typedMobile: string,
): number {
  const mobile = indianMobileSchema.safeParse(typedMobile);
  const pending = usePendingAmount(target.locationId, mobile.success ? mobile.data : null);
  if (!mobile.success || !pending.data) return 0;
  const ownBalance = pending.data.bills.find((bill) => bill.id === target.billId)?.balance ?? 0;
  return Math.max(toPaise(pending.data.totalBalance) - toPaise(ownBalance), 0);
}
