import { useMutation, useQuery } from '@tanstack/react-query';
import { patientEndpoints } from '@vaidya/contract/bookings';
import { type ConsultationFormBody, consultationFormEndpoints } from '@vaidya/contract/consultation-forms';
import { masterEndpoints } from '@vaidya/contract/masters';
import { patientNameKey, patientRegistryEndpoints } from '@vaidya/contract/patients';
import { editorStartQuery } from '../../../components/documents/document-editor-page';
import { ApiError, callApi, retryOnceUnlessRefused } from '../../../lib/api-client';

export const consultationKeys = {
  bySlot: (slotId: string) => ['consultation-form', 'slot', slotId],
  byId: (id: string) => ['consultation-form', 'id', id],
  earlier: (mobile: string) => ['consultation-form', 'earlier', mobile],
  patientsOnMobile: (mobile: string) => ['consultation-form', 'patients-on-mobile', mobile],
  patientRecord: (id: string) => ['consultation-form', 'patient-record', id],
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

/** A patient the registry does not know is no patient to warn about; any other failure leaves the allergies unknown. */
const unknownAllergies = (error: unknown) =>
  error !== null && !(error instanceof ApiError && error.status === 404);

/**
 * The registry's record of the patient the prescription is for, for their allergies and
 * alerts: the patient on the mobile with the name written on the form, so it follows
 * the form whether it came from a booking, a saved prescription or a walk-in. `record` is
 * null while nothing is known (no valid mobile yet, no such patient, still asking);
 * `failed` says the registry could not be read, so the allergies are not known.
 */
export function usePatientSafetyRecord(patient: { mobile: string | null; name: string }) {
  const { mobile } = patient;
  const onMobile = useQuery({
    queryKey: consultationKeys.patientsOnMobile(mobile ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(patientEndpoints.byMobile, { query: { mobile: mobile ?? '' }, signal })).data,
    enabled: mobile !== null,
    retry: retryOnceUnlessRefused,
  });
  // The same patient is the same name on the same mobile, whatever its case and spacing.
  const wanted = patientNameKey(patient.name);
  const id = onMobile.data?.find((summary) => patientNameKey(summary.name) === wanted)?.id ?? null;
  const record = useQuery({
    queryKey: consultationKeys.patientRecord(id ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(patientRegistryEndpoints.byId, { query: { patient_id: id ?? '' }, signal })).data,
    enabled: id !== null,
    retry: retryOnceUnlessRefused,
  });
  return {
    record: id !== null && record.data ? record.data : null,
    failed: unknownAllergies(onMobile.error) || (id !== null && unknownAllergies(record.error)),
  };
}
