import type { UseQueryResult } from '@tanstack/react-query';
import { receiptTexts } from '@vaidya/contract/bill-screens';
import type { Receipt } from '@vaidya/contract/bills';
import { useParams } from 'react-router';
import { DocumentPage } from '../../components/documents/document-page';
import type { DocumentState } from '../../components/documents/public-document';
import { ApiError } from '../../lib/api-client';
import { useReceipt } from './api/receipt-api';
import { ReceiptDocument } from './components/receipt-document';

/** The receipt's query as the document page draws it: an id the clinic does not have is missing, not failed. */
function receiptState(query: UseQueryResult<Receipt, unknown>): DocumentState<Receipt> {
  if (query.data) return { status: 'ready', document: query.data };
  if (query.isFetching || query.isPending) return { status: 'loading' };
  const missing =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return { status: missing ? 'missing' : 'failed' };
}

/**
 * /dashboard/receipt/:id, the receipt of a payment against dues (Record payment on the
 * bills screen), for the clinic's signed-in staff to print and hand over.
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  return (
    <DocumentPage
      fetched={{ state: receiptState(receipt), reload: () => receipt.refetch() }}
      words={receiptTexts}
    >
      {(loaded) => <ReceiptDocument receipt={loaded} />}
    </DocumentPage>
  );
}
