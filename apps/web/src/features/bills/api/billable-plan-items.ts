import { useQuery } from '@tanstack/react-query';
import { dentalEndpoints } from '@vaidya/contract/dental';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { billablePlanItemsKey } from './bill-editor-api';

/** A dental clinic's patient's completed plan items that no live bill bills yet. */
export function useBillablePlanItems(patientId: string) {
  return useQuery({
    queryKey: [...billablePlanItemsKey, patientId],
    queryFn: async ({ signal }) =>
      (await callApi(dentalEndpoints.billableItems, { query: { patient_id: patientId }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
}
