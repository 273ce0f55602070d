import type { PublicBill } from '@vaidya/contract/bills';
import { hasParts, usePublicDocument } from '../../../components/documents/public-document';
import { publicDocumentPaths } from '../../../components/documents/public-document-request';

/** The light check of the answer (decision 032): the parts the sheet walks, of the kinds it walks them as. */
function isPublicBill(data: unknown): data is PublicBill {
  return (
    hasParts(data, { bill: 'object', location: 'object', partner: 'object' }) &&
    hasParts(data.partner, { name: 'string', time_zone: 'string' }) &&
    hasParts(data.bill, { customer_name: 'string', bill_number: 'string', items: 'array', payments: 'array' })
  );
}

/** Public by id, like the prescription: no token is sent, so a visitor needs no sign-in. */
export const usePublicBill = (id: string) => usePublicDocument(publicDocumentPaths.bill(id), isPublicBill);
