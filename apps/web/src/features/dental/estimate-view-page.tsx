import { estimateWords } from '@vaidya/contract/estimate-screens';
import { useParams } from 'react-router';
import { DocumentPage } from '../../components/documents/document-page';
import { usePublicEstimate } from './api/public-estimate';
import { EstimateDocument } from './components/estimate-document';

/**
 * /estimate/:id, the patient's read-only copy of a treatment plan's estimate, the link its
 * WhatsApp message carries: no sign-in, nothing to do but read or print it. Outside the app
 * shell, drawn without MUI, so it opens fast on a phone (decision 032).
 */
export function EstimateViewPage() {
  const { id = '' } = useParams();
  const estimate = usePublicEstimate(id);
  return (
    <DocumentPage fetched={estimate} words={estimateWords}>
      {(loaded) => <EstimateDocument estimate={loaded} />}
    </DocumentPage>
  );
}
