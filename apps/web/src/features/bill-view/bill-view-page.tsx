import { billTexts } from '@vaidya/contract/bill-screens';
import { useParams } from 'react-router';
import { DocumentPage } from '../../components/documents/document-page';
import { usePublicBill } from './api/public-bill';
import { BillDocument } from './components/bill-document';

/**
 * /bill/:id, the patient's read-only copy: no sign-in, nothing to do but read or print it.
 * Outside the app shell, drawn without MUI, so it opens fast on a phone (decision 032).
 */
export function BillViewPage() {
  const { id = '' } = useParams();
  const bill = usePublicBill(id);
  return (
    <DocumentPage fetched={bill} words={billTexts}>
      {(loaded) => <BillDocument bill={loaded} />}
    </DocumentPage>
  );
}
