import { billMessagesTexts, billTexts } from '@vaidya/contract/bill-screens';
import { useParams } from 'react-router';
import { isLoggedIn } from '../../lib/session';
import { DocumentMessages } from '../documents/document-messages';
import { DocumentPage } from '../documents/document-page';
import { SendWhatsAppButton } from '../documents/send-whatsapp-button';
import { billMessageFor, useBillMessages, usePublicBill, useSendBillMessage } from './api/bills-view-api';
import { BillDocument } from './components/bill-document';

/**
 * /bill-preview/:id, where the clinic checks a bill before it goes out, as it does a
 * prescription: Print for anyone holding the link; sending on WhatsApp and the messages
 * sent so far for the clinic's signed-in staff.
 */
export function BillPreviewPage() {
  const { id = '' } = useParams();
  const bill = usePublicBill(id);
  const send = useSendBillMessage(id);
  const signedIn = isLoggedIn();
  const messages = useBillMessages(id, signedIn);
  return (
    <DocumentPage
      query={bill}
      words={billTexts}
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
