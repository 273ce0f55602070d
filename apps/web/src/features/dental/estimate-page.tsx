import { estimateWords as words } from '@vaidya/contract/estimate-screens';
import { prescriptionMessagesTexts } from '@vaidya/contract/prescription-screens';
import { useParams } from 'react-router';
import { DocumentMessages } from '../../components/documents/document-messages';
import { DocumentPage, ToolbarLink, toolbarIcons } from '../../components/documents/document-page';
import { SendWhatsAppButton } from '../../components/documents/send-whatsapp-button';
import { useDocumentTitle } from '../../lib/document-title';
import { patientDentalPath } from '../../lib/paths';
import { usePlanMessages, useSendEstimate } from './api/estimate-messages';
import { usePublicEstimate } from './api/public-estimate';
import { EstimateDocument } from './components/estimate-document';

const messagesWords = { ...prescriptionMessagesTexts, description: words.messagesDescription };

/**
 * `/dashboard/patients/:patientId/plans/:planId/estimate`: a treatment plan as an estimate to
 * print on one A4 page or hand over, outside the dashboard's layout like the receipt, with
 * Print (never printed itself) and the way back to the patient's Dental tab; and, as a
 * prescription's preview has them, sending it to the patient on WhatsApp and the messages sent
 * so far. The sheet is the one the patient's link opens (/estimate/:id), headed with the
 * location the plan was made at.
 */
export function EstimatePage() {
  const { patientId = '', planId = '' } = useParams();
  useDocumentTitle(words.title);
  const estimate = usePublicEstimate(planId);
  const messages = usePlanMessages(planId);
  const send = useSendEstimate(planId);

  return (
    <DocumentPage
      fetched={estimate}
      words={words}
      navigation={
        <ToolbarLink to={patientDentalPath(patientId)} icon={toolbarIcons.back}>
          {words.backToPatient}
        </ToolbarLink>
      }
      actions={() => <SendWhatsAppButton sending={send.isPending} onSend={() => send.mutate(undefined)} />}
      below={(loaded) => (
        <DocumentMessages
          messages={messages}
          words={messagesWords}
          timeZone={loaded.partner.time_zone}
          sending={send.isPending}
          onSendAgain={() => send.mutate(undefined)}
        />
      )}
    >
      {(loaded) => <EstimateDocument estimate={loaded} />}
    </DocumentPage>
  );
}
