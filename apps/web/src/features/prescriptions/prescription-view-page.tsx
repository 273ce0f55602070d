import { prescriptionTexts } from '@vaidya/contract/prescription-screens';
import { useParams } from 'react-router';
import { DocumentPage } from '../../components/documents/document-page';
import { usePublicPrescription } from './api/public-prescription';
import { PrescriptionDocument } from './components/prescription-document';

/**
 * /prescription/:id, the patient's read-only copy: no sign-in, nothing to do but read or
 * print it. Outside the app shell, drawn without MUI, so it opens fast on a phone (decision 032).
 */
export function PrescriptionViewPage() {
  const { id = '' } = useParams();
  const prescription = usePublicPrescription(id);
  return (
    <DocumentPage fetched={prescription} words={prescriptionTexts}>
      {(loaded) => <PrescriptionDocument prescription={loaded} />}
    </DocumentPage>
  );
}
