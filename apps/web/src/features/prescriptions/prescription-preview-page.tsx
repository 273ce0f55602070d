import { prescriptionMessagesTexts, prescriptionTexts } from '@vaidya/contract/prescription-screens';
import { useParams } from 'react-router';
import { isLoggedIn } from '../../lib/session';
import { DocumentMessages } from '../documents/document-messages';
import { DocumentPage } from '../documents/document-page';
import { SendWhatsAppButton } from '../documents/send-whatsapp-button';
import {
  prescriptionMessageFor,
  usePrescriptionMessages,
  usePublicPrescription,
  useSendPrescriptionMessage,
} from './api/prescriptions-api';
import { PrescriptionDocument } from './components/prescription-document';

/**
 * /prescription-preview/:id, where the clinic checks a prescription before it goes out:
 * Print for anyone holding the link; sending on WhatsApp and the messages sent so far
 * for the clinic's signed-in staff.
 */
export function PrescriptionPreviewPage() {
  const { id = '' } = useParams();
  const prescription = usePublicPrescription(id);
  const send = useSendPrescriptionMessage(id);
  const signedIn = isLoggedIn();
  const messages = usePrescriptionMessages(id, signedIn);
  return (
    <DocumentPage
      query={prescription}
      words={prescriptionTexts}
      actions={
        signedIn
          ? (loaded) => (
              <SendWhatsAppButton
                sending={send.isPending}
                onSend={() => send.mutate(prescriptionMessageFor(loaded))}
              />
            )
          : undefined
      }
      below={
        signedIn
          ? (loaded) => (
              <DocumentMessages
                messages={messages}
                words={prescriptionMessagesTexts}
                sending={send.isPending}
                onSendAgain={() => send.mutate(prescriptionMessageFor(loaded))}
              />
            )
          : undefined
      }
    >
      {(loaded) => <PrescriptionDocument prescription={loaded} />}
    </DocumentPage>
  );
}
