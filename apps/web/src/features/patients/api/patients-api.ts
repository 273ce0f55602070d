import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddPatientBody,
  type PatientRecord,
  patientRegistryEndpoints,
  type UpdatePatientBody,
} from '@vaidya/contract/patients';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

export const patientKeys = {
  all: ['patients'],
  list: (filters: PatientFilters) => ['patients', 'list', filters],
  record: sharedKeys.patientRecord,
};

export interface PatientFilters {
  query: string;
  /** From 0, as the pager counts; the API counts from 1. */
  page: number;
  limit: number;
}

/** A page of the registry; the rows of the last answer stay while the next search is on its way. */
export function usePatients(filters: PatientFilters) {
  return useQuery({
    queryKey: patientKeys.list(filters),
    queryFn: async ({ signal }) =>
      (
        await callApi(patientRegistryEndpoints.list, {
          query: { query: filters.query || undefined, limit: filters.limit, page: filters.page + 1 },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: retryOnceUnlessRefused,
  });
}

export function usePatient(id: string) {
  return useQuery({
    queryKey: patientKeys.record(id),
    queryFn: async ({ signal }) =>
      (await callApi(patientRegistryEndpoints.byId, { query: { patient_id: id }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
}

/** The saved record is the patient's page at once; the lists ask again, as the patient may now match or sort elsewhere. */
function useStoreSavedPatient() {
  const queryClient = useQueryClient();
  return (patient: PatientRecord) => {
    queryClient.setQueryData(patientKeys.record(patient.id), patient);
    return queryClient.invalidateQueries({ queryKey: [...patientKeys.all, 'list'] });
  };
}

export function useAddPatient() {
  const store = useStoreSavedPatient();
  return useMutation({
    mutationFn: async (body: AddPatientBody) => (await callApi(patientRegistryEndpoints.add, { body })).data,
    onSuccess: store,
  });
}

export function useUpdatePatient() {
  const store = useStoreSavedPatient();
  return useMutation({
    mutationFn: async (body: UpdatePatientBody) =>
      (await callApi(patientRegistryEndpoints.update, { body })).data,
    onSuccess: store,
  });
}
