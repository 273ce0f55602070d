import { useMutation, useQuery } from '@tanstack/react-query';
import { type ConsultationFormBody, consultationFormEndpoints } from '@vaidya/contract/consultation-forms';
import { masterEndpoints } from '@vaidya/contract/masters';
import { editorStartQuery } from '../../../components/documents/document-editor-page';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

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
      if (formId)
        return (await callApi(consultationFormEndpoints.byId, { query: { id: formId }, signal })).data;
      const answer = await callApi(consultationFormEndpoints.ofSlot, {
        query: { slot_id: slotId ?? '' },
        signal,
      });
      return answer.data;
    },
    enabled: Boolean(slotId || formId),
    ...editorStartQuery,
  });
}

export function useSaveConsultationForm() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ConsultationFormBody }) =>
      id
        ? callApi(consultationFormEndpoints.update, { body: { ...body, id } })
        : callApi(consultationFormEndpoints.add, { body }),
  });
}

/** The patient's earlier prescriptions, newest first; asked only while the list is open. */
export function useEarlierPrescriptions(mobile: string) {
  return useQuery({
    queryKey: consultationKeys.earlier(mobile),
    queryFn: async ({ signal }) =>
      (
        await callApi(consultationFormEndpoints.patientPrescriptions, {
          query: { customer_mobile: mobile },
          signal,
        })
      ).data,
    retry: retryOnceUnlessRefused,
  });
}

export async function productsOfTemplate(templateId: string, signal?: AbortSignal) {
  const answer = await callApi(masterEndpoints.productsOfTemplate, {
    query: { template_id: templateId },
    signal,
  });
  return answer.data;
}
