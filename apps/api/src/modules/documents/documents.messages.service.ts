import type { OutboxMessage } from '@vaidya/contract/documents';
import type { Caller } from '../access/authenticate';
import type {
  MessagedDocument,
  WhatsAppMessagesService,
} from '../whatsapp-messages/whatsapp-messages.service';

/**
 * A clinic document's link sent to its patient on WhatsApp (spec §7 "WhatsApp prescription
 * message", and the bill's the same way), one service for every kind of document: the message
 * goes to the mobile number on the document's record, with the names and the date it holds; the
 * request names only the document (the spec's number and names are accepted and ignored).
 */
export function createDocumentMessagesService({
  whatsappMessages,
  document,
}: {
  whatsappMessages: Pick<WhatsAppMessagesService, 'ofDocument'>;
  /** Which kind of document, how its record is loaded (the recipient with it) and what its message says. */
  document: MessagedDocument;
}) {
  const messages = whatsappMessages.ofDocument(document);

  return {
    sendMessage: ({
      caller,
      id,
    }: {
      caller: Pick<Caller, 'partnerId' | 'userId' | 'address'>;
      id: string;
    }): Promise<OutboxMessage> => messages.send(caller, id),

    /** The document's WhatsApp messages, newest first. */
    listMessages: ({
      caller,
      id,
    }: {
      caller: Pick<Caller, 'partnerId'>;
      id: string;
    }): Promise<OutboxMessage[]> => messages.list(caller.partnerId, id),
  };
}
