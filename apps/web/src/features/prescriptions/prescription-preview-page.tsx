import {
  documentPageTexts,
  prescriptionMessagesTexts,
  prescriptionTexts,
} from '@vaidya/contract/prescription-screens';
import { useParams } from 'react-router';
import { DocumentMessages } from '../../components/documents/document-messages';
import { DocumentPage, ToolbarLink, toolbarIcons } from '../../components/documents/document-page';
import { SendWhatsAppButton } from '../../components/documents/send-whatsapp-button';
import { paths } from '../../lib/paths';
import { isLoggedIn } from '../../lib/session';
import {
  prescriptionMessageFor,
  usePrescriptionMessages,
  useSendPrescriptionMessage,
} from './api/prescriptions-api';
import { usePublicPrescription } from './api/public-prescription';
import { PrescriptionDocument } from './components/prescription-document';

/**
 * /prescription-preview/:id, where the clinic checks a prescription before it goes out:
 * Print for anyone holding the link; for the clinic's signed-in staff, Back to the
 * bookings screen (where every prescription is written from), Edit, sending on WhatsApp
 * and the messages sent so far.
 */
export function PrescriptionPreviewPage() {
  const { id = '' } = useParams();
  const prescription = usePublicPrescription(id);
  const send = useSendPrescriptionMessage(id);
  const signedIn = isLoggedIn();
  const messages = usePrescriptionMessages(id, signedIn);
  return (
    <DocumentPage
      fetched={prescription}
      words={prescriptionTexts}
      navigation={
        signedIn ? (
          <>
            <ToolbarLink to={paths.dashboardHome} icon={toolbarIcons.back}>
              {documentPageTexts.back}
            </ToolbarLink>
            <ToolbarLink to={`${paths.consultation}?id=${encodeURIComponent(id)}`} icon={toolbarIcons.edit}>
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
                timeZone={loaded.partner.time_zone}
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
