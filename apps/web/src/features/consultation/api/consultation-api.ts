import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type ConsultationFormBody,
  consultationFormOrNullResponse,
  consultationFormResponse,
  patientPrescriptionsResponse,
} from '@vaidya/contract/consultation-forms';
import { productsOfTemplateResponse } from '@vaidya/contract/masters';
import { apiRequest, retryOnceUnlessRefused } from '../../../lib/api-client';

const base = '/consultation-form';

export const consultationKeys = {
  bySlot: (slotId: string) => ['consultation-form', 'slot', slotId],
  byId: (id: string) => ['consultation-form', 'id', id],
  earlier: (mobile: string) => ['consultation-form', 'earlier', mobile],
};

/** The form to edit: the booking's (null when it has none yet) or the one named by id. */
export function useConsultationForm(target: { slotId: string | null; formId: string | null }) {
  const { slotId, formId } = target;
  return useQuery({
    queryKey: formId ? consultationKeys.byId(formId) : consultationKeys.bySlot(slotId ?? ''),
    queryFn: async ({ signal }) => {
      if (formId) {
        const answer = await apiRequest('GET', `${base}/get-by-id`, {
          query: { id: formId },
          schema: consultationFormResponse,
          signal,
        });
        return answer.data;
      }
      const answer = await apiRequest('GET', `${base}/get-by-slot-id`, {
        query: { slot_id: slotId },
        schema: consultationFormOrNullResponse,
        signal,
      });
      return answer.data;
    },
    enabled: Boolean(slotId || formId),
    retry: retryOnceUnlessRefused,
    // What the editor starts from must not change under the doctor's hands.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useSaveConsultationForm() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ConsultationFormBody }) =>
      id
        ? apiRequest('PUT', `${base}/update-consultation-form`, {
            body: { ...body, id },
            schema: consultationFormResponse,
          })
        : apiRequest('POST', `${base}/add-consultation-form`, {
            body,
            schema: consultationFormResponse,
          }),
  });
}

/** The patient's earlier prescriptions, newest first; asked only while the list is open. */
export function useEarlierPrescriptions(mobile: string) {
  return useQuery({
    queryKey: consultationKeys.earlier(mobile),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('GET', `${base}/get-patient-prescriptions`, {
          query: { customer_mobile: mobile },
          schema: patientPrescriptionsResponse,
          signal,
        })
      ).data,
    retry: retryOnceUnlessRefused,
  });
}

export async function productsOfTemplate(templateId: string, signal?: AbortSignal) {
  const answer = await apiRequest('GET', '/masters/get-products-of-template', {
    query: { template_id: templateId },
    schema: productsOfTemplateResponse,
    signal,
  });
  return answer.data;
}
