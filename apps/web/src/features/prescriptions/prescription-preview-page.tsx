import { useParams } from 'react-router';
import { DocumentPreviewPage } from '../../components/documents/document-preview-page';
import { paths } from '../../lib/paths';
import { previewedPrescription } from './api/prescriptions-api';
import { usePublicPrescription } from './api/public-prescription';
import { PrescriptionDocument } from './components/prescription-document';

/**
 * /prescription-preview/:id, where the clinic checks a prescription before it goes out;
 * Back goes to the bookings screen, where every prescription is written from.
 */
export function PrescriptionPreviewPage() {
  const { id = '' } = useParams();
  const prescription = usePublicPrescription(id);
  return (
    <DocumentPreviewPage
      id={id}
      fetched={prescription}
      kind={previewedPrescription}
      backTo={paths.dashboardHome}
    >
      {(loaded) => <PrescriptionDocument prescription={loaded} />}
    </DocumentPreviewPage>
  );
}
