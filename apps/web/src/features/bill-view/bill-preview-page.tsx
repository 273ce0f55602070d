import { billMessagesTexts, billTexts } from '@vaidya/contract/bill-screens';
import { documentPageTexts } from '@vaidya/contract/prescription-screens';
import { useParams } from 'react-router';
import { DocumentMessages } from '../../components/documents/document-messages';
import { DocumentPage, ToolbarLink, toolbarIcons } from '../../components/documents/document-page';
import { SendWhatsAppButton } from '../../components/documents/send-whatsapp-button';
import { paths } from '../../lib/paths';
import { isLoggedIn } from '../../lib/session';
import { billMessageFor, useBillMessages, useBillOrigin, useSendBillMessage } from './api/bills-view-api';
import { usePublicBill } from './api/public-bill';
import { BillDocument } from './components/bill-document';

/** The bills list, where a bill not written for a booking was written from. */
const billsList = '/dashboard/bills';

/**
 * /bill-preview/:id, where the clinic checks a bill before it goes out, as it does a
 * prescription: Print for anyone holding the link; for the clinic's signed-in staff, Back
 * to where the bill was written from, Edit, sending on WhatsApp and the messages sent so far.
 */
export function BillPreviewPage() {
  const { id = '' } = useParams();
  const bill = usePublicBill(id);
  const send = useSendBillMessage(id);
  const signedIn = isLoggedIn();
  const messages = useBillMessages(id, signedIn);
  const origin = useBillOrigin(id, signedIn);
  return (
    <DocumentPage
      fetched={bill}
      words={billTexts}
      navigation={
        signedIn ? (
          <>
            <ToolbarLink
              to={origin.data === 'bookings' ? paths.dashboardHome : billsList}
              icon={toolbarIcons.back}
            >
              {documentPageTexts.back}
            </ToolbarLink>
            <ToolbarLink to={`${paths.billEditor}?id=${encodeURIComponent(id)}`} icon={toolbarIcons.edit}>
              {documentPageTexts.edit}
            </ToolbarLink>
          </>
        ) : undefined
      }
      actions={
        signedIn
          ? (loaded) => (
              <SendWhatsAppButton
                sending={send.isPending}
                onSend={() => send.mutate(billMessageFor(loaded))}
              />
            )
          : undefined
      }
      below={
        signedIn
          ? (loaded) => (
              <DocumentMessages
                messages={messages}
                words={billMessagesTexts}
                timeZone={loaded.partner.time_zone}
                sending={send.isPending}
                onSendAgain={() => send.mutate(billMessageFor(loaded))}
              />
            )
          : undefined
      }
    >
      {(loaded) => <BillDocument bill={loaded} />}
    </DocumentPage>
  );
}
