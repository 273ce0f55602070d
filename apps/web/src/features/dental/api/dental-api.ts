import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AcceptPlanBody,
  type AddFindingsBody,
  type AddPlanBody,
  type CompletePlanItemsBody,
  type DentalChart,
  dentalEndpoints,
  type TreatmentPlan,
  type UpdatePlanBody,
} from '@vaidya/contract/dental';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { useClinic } from '../../../lib/clinic-context';
import { sharedKeys } from '../../../lib/query-keys';

export const dentalKeys = {
  chart: (patientId: string) => ['dental', 'chart', patientId],
  tooth: (patientId: string, tooth: number) => ['dental', 'chart', patientId, tooth],
  plans: sharedKeys.dentalPlansOf,
};

/** The patient's chart as it stands: the latest live finding per tooth and surface. */
export function useDentalChart(patientId: string) {
  return useQuery({
    queryKey: dentalKeys.chart(patientId),
    queryFn: async ({ signal }) =>
      (await callApi(dentalEndpoints.chart, { query: { patient_id: patientId }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
}

/** Every entry of one tooth, voided ones too, oldest first. */
export function useToothHistory(patientId: string, tooth: number) {
  return useQuery({
    queryKey: dentalKeys.tooth(patientId, tooth),
    queryFn: async ({ signal }) =>
      (await callApi(dentalEndpoints.chart, { query: { patient_id: patientId, tooth }, signal })).data
        .findings,
    retry: retryOnceUnlessRefused,
  });
}

/** The chart and every tooth's history under it are asked for again: a finding changes both. */
function useRefreshChart(patientId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dentalKeys.chart(patientId) });
}

export function useAddFindings(patientId: string) {
  const refresh = useRefreshChart(patientId);
  return useMutation({
    mutationFn: async (findings: AddFindingsBody['findings']) =>
      callApi(dentalEndpoints.addFindings, { body: { patientId, findings } }),
    onSuccess: refresh,
  });
}

export function useVoidFinding(patientId: string) {
  const refresh = useRefreshChart(patientId);
  return useMutation({
    mutationFn: async (findingId: string) => callApi(dentalEndpoints.voidFinding, { body: { findingId } }),
    onSuccess: refresh,
  });
}

/** The chart as the server answers it after the switch. */
export function useUpdateChart(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mixedDentition: boolean) =>
      (await callApi(dentalEndpoints.updateChart, { body: { patientId, mixedDentition } })).data,
    onSuccess: (chart: DentalChart) => queryClient.setQueryData(dentalKeys.chart(patientId), chart),
  });
}

/** The patient's treatment plans, newest first. */
export function useTreatmentPlans(patientId: string) {
  return useQuery({
    queryKey: dentalKeys.plans(patientId),
    queryFn: async ({ signal }) =>
      (await callApi(dentalEndpoints.plans, { query: { patient_id: patientId }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
}

/** A saved plan takes its place in the list at once; the list is then asked for again. */
function useStorePlan(patientId: string) {
  const queryClient = useQueryClient();
  return (plan: TreatmentPlan) => {
    queryClient.setQueryData<TreatmentPlan[]>(dentalKeys.plans(patientId), (plans) =>
      plans?.some((each) => each.id === plan.id)
        ? plans.map((each) => (each.id === plan.id ? plan : each))
        : [plan, ...(plans ?? [])],
    );
    return queryClient.invalidateQueries({ queryKey: dentalKeys.plans(patientId) });
  };
}

/**
 * Adds a plan (`id` null) made at the dashboard's location, whose address heads its estimate,
 * or replaces the one with that id (which keeps its location).
 */
export function useSavePlan(patientId: string) {
  const store = useStorePlan(patientId);
  const locationId = useClinic().location?.id ?? '';
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: string | null;
      body: Omit<AddPlanBody, 'patientId' | 'locationId'>;
    }) =>
      id
        ? callApi(dentalEndpoints.updatePlan, { body: { ...body, id } satisfies UpdatePlanBody })
        : callApi(dentalEndpoints.addPlan, { body: { ...body, patientId, locationId } }),
    onSuccess: (answer) => store(answer.data),
  });
}

export function useAcceptPlan(patientId: string) {
  const store = useStorePlan(patientId);
  return useMutation({
    mutationFn: async (body: AcceptPlanBody) => (await callApi(dentalEndpoints.acceptPlan, { body })).data,
    onSuccess: store,
  });
}

/** Completing items changes the plan and the chart: each item done adds a finding. */
export function useCompletePlanItems(patientId: string) {
  const store = useStorePlan(patientId);
  const refreshChart = useRefreshChart(patientId);
  return useMutation({
    mutationFn: async (body: CompletePlanItemsBody) =>
      (await callApi(dentalEndpoints.completeItems, { body })).data,
    onSuccess: (plan) => Promise.all([store(plan), refreshChart()]),
  });
}
