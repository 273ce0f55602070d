import { useParams } from 'react-router';
import { DocumentPreviewPage } from '../../components/documents/document-preview-page';
import { paths } from '../../lib/paths';
import { isLoggedIn } from '../../lib/session';
import { previewedBill, useBillOrigin } from './api/bills-view-api';
import { usePublicBill } from './api/public-bill';
import { BillDocument } from './components/bill-document';

/** The bills list, where a bill not written for a booking was written from. */
const billsList = '/dashboard/bills';

/**
 * /bill-preview/:id, where the clinic checks a bill before it goes out, as it does a
 * prescription; Back goes to where the bill was written from.
 */
export function BillPreviewPage() {
  const { id = '' } = useParams();
  const bill = usePublicBill(id);
  const origin = useBillOrigin(id, isLoggedIn());
  return (
    <DocumentPreviewPage
      id={id}
      fetched={bill}
      kind={previewedBill}
      backTo={origin.data === 'bookings' ? paths.dashboardHome : billsList}
    >
      {(loaded) => <BillDocument bill={loaded} />}
    </DocumentPreviewPage>
  );
}
