import { estimateWords as words } from '@vaidya/contract/dental-screens';
import { useParams } from 'react-router';
import { DocumentPage, ToolbarLink, toolbarIcons } from '../../components/documents/document-page';
import type { DocumentState } from '../../components/documents/public-document';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { patientPagePath } from '../../lib/paths';
import { sessionKeys } from '../../lib/session';
import { useEstimateParties, useTreatmentPlans } from './api/dental-api';
import { type Estimate, EstimateDocument } from './components/estimate-document';

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * `/dashboard/patients/:patientId/plans/:planId/estimate`: a treatment plan as an estimate to
 * print on one A4 page or hand over, outside the dashboard's layout like the receipt, with
 * Print (never printed itself) and the way back to the patient's Dental tab. The clinic's
 * address is the location the dashboard works at.
 */
export function EstimatePage() {
  const { patientId = '', planId = '' } = useParams();
  useDocumentTitle(words.title);
  const plans = useTreatmentPlans(patientId);
  const { clinic, patient } = useEstimateParties(patientId);
  const queries = [plans, clinic, patient];

  const state = ((): DocumentState<Estimate> => {
    const plan = plans.data?.find((each) => each.id === planId);
    const partner = clinic.data;
    const chosen = localStorage.getItem(sessionKeys.selectedLocationId);
    const location = partner?.locations.find((each) => each.id === chosen) ?? partner?.locations[0];
    if (plan && partner && location && patient.data) {
      return { status: 'ready', document: { plan, partner, location, patient: patient.data } };
    }
    if (queries.some((query) => query.isPending || query.isFetching)) return { status: 'loading' };
    if (queries.some((query) => query.isError && !isMissing(query.error))) return { status: 'failed' };
    return { status: 'missing' };
  })();

  return (
    <DocumentPage
      fetched={{
        state,
        reload: () => {
          for (const query of queries) if (query.isError) query.refetch();
        },
      }}
      words={words}
      navigation={
        <ToolbarLink to={`${patientPagePath(patientId)}/dental`} icon={toolbarIcons.back}>
          {words.backToPatient}
        </ToolbarLink>
      }
    >
      {(estimate) => <EstimateDocument estimate={estimate} />}
    </DocumentPage>
  );
}
