import { receiptTexts } from '@vaidya/contract/bill-screens';
import { useParams } from 'react-router';
import { DocumentPage } from '../documents/document-page';
import { useReceipt } from './api/receipt-api';
import { ReceiptDocument } from './components/receipt-document';

/**
 * /dashboard/receipt/:id, the receipt of a payment against dues (Record payment on the
 * bills screen), for the clinic's signed-in staff to print and hand over.
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  return (
    <DocumentPage query={receipt} words={receiptTexts}>
      {(loaded) => <ReceiptDocument receipt={loaded} />}
    </DocumentPage>
  );
}
