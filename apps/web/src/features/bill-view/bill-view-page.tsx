import { billTexts } from '@vaidya/contract/bill-screens';
import { useParams } from 'react-router';
import { DocumentPage } from '../documents/document-page';
import { usePublicBill } from './api/bills-view-api';
import { BillDocument } from './components/bill-document';

/** /bill/:id, the patient's read-only copy: no sign-in, nothing to do but read or print it. */
export function BillViewPage() {
  const { id = '' } = useParams();
  const bill = usePublicBill(id);
  return (
    <DocumentPage query={bill} words={billTexts}>
      {(loaded) => <BillDocument bill={loaded} />}
    </DocumentPage>
  );
}
