import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type ConsultationFormBody,
  consultationFormOrNullResponse,
  consultationFormResponse,
  patientPrescriptionsResponse,
} from '@vaidya/contract/consultation-forms';
import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  observationContract,
  productContract,
  productsOfTemplateResponse,
  productTemplateContract,
  treatmentContract,
} from '@vaidya/contract/masters';
import type { z } from 'zod';
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

// ── The clinic's masters, as the pickers search them ─────────────────────────

/** How many entries a picker offers for one term; typing more narrows them. */
const pickerLimit = 20;

interface SearchableMaster<R> {
  names: { plural: string };
  listResponse: z.ZodType<{ data: { results: R[] } }>;
}

async function searchMaster<R>(master: SearchableMaster<R>, term: string, signal: AbortSignal) {
  const answer = await apiRequest('GET', `/masters/get-${master.names.plural}`, {
    query: { query: term || undefined, limit: pickerLimit, page: 1 },
    schema: master.listResponse,
    signal,
  });
  return answer.data.results;
}

export const masterSearches = {
  complaints: (term: string, signal: AbortSignal) => searchMaster(complaintContract, term, signal),
  observations: (term: string, signal: AbortSignal) => searchMaster(observationContract, term, signal),
  diagnoses: (term: string, signal: AbortSignal) => searchMaster(diagnosisContract, term, signal),
  investigations: (term: string, signal: AbortSignal) => searchMaster(investigationContract, term, signal),
  treatments: (term: string, signal: AbortSignal) => searchMaster(treatmentContract, term, signal),
  products: (term: string, signal: AbortSignal) => searchMaster(productContract, term, signal),
  templates: (term: string, signal: AbortSignal) => searchMaster(productTemplateContract, term, signal),
};

export async function productsOfTemplate(templateId: string, signal?: AbortSignal) {
  const answer = await apiRequest('GET', '/masters/get-products-of-template', {
    query: { template_id: templateId },
    schema: productsOfTemplateResponse,
    signal,
  });
  return answer.data;
}
