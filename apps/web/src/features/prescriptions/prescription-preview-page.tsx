import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { DocumentPreviewPage } from '../../components/documents/document-preview-page';
import { paths } from '../../lib/paths';
import { isLoggedIn } from '../../lib/session';
import { previewedPrescription } from './api/prescriptions-api';
import { usePublicPrescription } from './api/public-prescription';
import { PrescriptionDocument } from './components/prescription-document';

const PrintedDentalChart = lazy(async () => ({
  default: (await import('./components/printed-dental-chart')).PrintedDentalChart,
}));

/**
 * /prescription-preview/:id, where the clinic checks a prescription before it goes out;
 * Back goes to the bookings screen, where every prescription is written from. A dental
 * clinic that prints the dental chart with prescriptions sees it on the sheet.
 */
export function PrescriptionPreviewPage() {
  const { id = '' } = useParams();
  const prescription = usePublicPrescription(id);
  // Only the clinic's staff may ask for the chart: the patient's copy of the link never loads it.
  const dentalChart = isLoggedIn() ? (
    <Suspense fallback={null}>
      <PrintedDentalChart id={id} />
    </Suspense>
  ) : null;
  return (
    <DocumentPreviewPage
      id={id}
      fetched={prescription}
      kind={previewedPrescription}
      backTo={paths.dashboardHome}
    >
      {(loaded) => <PrescriptionDocument prescription={loaded} dentalChart={dentalChart} />}
    </DocumentPreviewPage>
  );
}
