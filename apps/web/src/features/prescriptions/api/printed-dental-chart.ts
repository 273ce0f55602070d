import { useQuery } from '@tanstack/react-query';
import { consultationFormEndpoints } from '@vaidya/contract/consultation-forms';
import { type DentalChart, dentalEndpoints } from '@vaidya/contract/dental';
import { documentRecordKey } from '../../../components/documents/document-preview-page';
import { callApi, retryOnceUnlessRefused } from '../../../lib/api-client';
import { partnerDetailsQuery } from '../../../lib/partner-details-query';
import { previewedPrescription } from './prescriptions-api';

/** What the preview prints of the patient's teeth: nothing, the chart as it stood, or word that it could not be had. */
export type PrintedDentalChart =
  | { status: 'none' }
  | { status: 'loaded'; chart: DentalChart; date: string }
  | { status: 'failed' };

/**
 * The patient's dental chart as it stood at the end of the prescription's date, for the
 * clinic's preview to print (issue 22): only for a dental clinic whose setting says to print
 * it (the preview asks only when signed in). The clinic (under the key the dashboard keeps it) and the form (under
 * the key the preview's Patient link reads it) are asked once for both.
 */
export function usePrintedDentalChart(id: string): PrintedDentalChart {
  const clinic = useQuery(partnerDetailsQuery);
  const printsChart = clinic.data?.speciality_type === 'DENTIST' && clinic.data.print_dental_chart;
  const form = useQuery({
    queryKey: documentRecordKey(previewedPrescription.name, id),
    enabled: printsChart,
    queryFn: async ({ signal }) =>
      (await callApi(consultationFormEndpoints.byId, { query: { id }, signal })).data,
    retry: retryOnceUnlessRefused,
  });
  const asOf = form.data ? { patient_id: form.data.patient_id, as_of: form.data.prescribed_date } : null;
  const chart = useQuery({
    queryKey: ['prescription-dental-chart', asOf],
    enabled: printsChart && asOf !== null,
    queryFn: async ({ signal }) =>
      (
        await callApi(dentalEndpoints.chart, {
          query: { patient_id: asOf?.patient_id ?? '', as_of: asOf?.as_of },
          signal,
        })
      ).data,
    retry: retryOnceUnlessRefused,
  });
  if (!printsChart) return { status: 'none' };
  if (form.isError || chart.isError) return { status: 'failed' };
  if (chart.data && asOf) return { status: 'loaded', chart: chart.data, date: asOf.as_of };
  return { status: 'none' };
}
