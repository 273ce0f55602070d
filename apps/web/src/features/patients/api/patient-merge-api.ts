import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MergePatientsBody, patientMergeEndpoints } from '@vaidya/contract/patient-merge';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { patientKeys } from './patients-api';

export interface DuplicateFilters {
  /** Only the pairs of this patient (the patient page's merge). */
  patientId?: string;
  /** From 0, as the pager counts; the API counts from 1. */
  page: number;
  limit: number;
}

/** A page of the clinic's likely duplicate pairs, under the registry's key. */
export function useDuplicates(filters: DuplicateFilters) {
  return useQuery({
    queryKey: [...patientKeys.all, 'duplicates', filters],
    queryFn: async ({ signal }) =>
      (
        await callApi(patientMergeEndpoints.duplicates, {
          query: { patient_id: filters.patientId, limit: filters.limit, page: filters.page + 1 },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: retryOnceUnlessRefused,
  });
}

/**
 * Merges one record into another. Everything under the registry's key is asked for again:
 * the lists, the duplicates, both records and both timelines changed.
 */
export function useMergePatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MergePatientsBody) => await callApi(patientMergeEndpoints.merge, { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(patientKeys.record(data.id), data);
      return queryClient.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}
