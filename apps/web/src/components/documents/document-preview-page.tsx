import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage } from '@vaidya/contract/documents';
import { documentPageTexts as texts } from '@vaidya/contract/prescription-screens';
import type { Permission } from '@vaidya/contract/roles';
import type { ReactNode } from 'react';
import { retryOnceUnlessRefused } from '../../lib/api-client';
import { useMay } from '../../lib/partner-details-query';
import { patientPagePath } from '../../lib/paths';
import { isLoggedIn } from '../../lib/session';
import { DocumentMessages, type DocumentMessagesWords } from './document-messages';
import { DocumentPage, type DocumentWords, ToolbarLink, toolbarIcons } from './document-page';
import type { FetchedDocument } from './public-document';
import { SendWhatsAppButton } from './send-whatsapp-button';
import { useSendDocument } from './use-send-document';

/** A document as its clinic previews it: printed for its own clinic, whose time zone dates its messages. */
interface ClinicDocument {
  partner: { time_zone: string };
}

/**
 * What one kind of document (the prescription, the bill) gives its preview beyond the
 * sheet: its words, its editor, and its WhatsApp calls.
 */
export interface PreviewedDocument<T extends ClinicDocument> {
  /** What its messages are cached under: `<name>-messages`. */
  name: string;
  words: DocumentWords;
  messagesWords: DocumentMessagesWords;
  /** The editor's address; the document's id goes in its `?id=`. */
  editor: string;
  /** What editing it needs (issue 23): a role without it sees no Edit. */
  editPermission?: Permission;
  /** Its WhatsApp messages, newest first. */
  listMessages: (id: string, signal: AbortSignal) => Promise<OutboxMessage[]>;
  /**
   * The clinic's own record of it, cached under `documentRecordKey`, which names the patient it
   * is for (the public one names none).
   */
  record: (id: string, signal: AbortSignal) => Promise<{ patient_id: string }>;
  /** Sends it to its patient, read off the document as printed. */
  sendMessage: (document: T) => Promise<{ data: OutboxMessage }>;
  /** The failure toast when the server could not say why (spec §8). */
  sendFailed: string;
}

/** Where the clinic's own record of a document is cached: a page asking more of it shares the one request. */
export const documentRecordKey = (name: string, id: string) => [`${name}-record`, id];

interface DocumentPreviewPageProps<T extends ClinicDocument> {
  id: string;
  fetched: FetchedDocument<T>;
  kind: PreviewedDocument<T>;
  /** Where Back goes: where the document was written from. */
  backTo: string;
  /** Draws the printed sheet, the same one the patient's page shows. */
  children: (document: T) => ReactNode;
}

/** The document's messages and their sending; the messages are asked for only when `enabled` (the clinic's staff). */
function useDocumentMessaging<T extends ClinicDocument>(
  kind: PreviewedDocument<T>,
  id: string,
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  const queryKey = [`${kind.name}-messages`, id];
  const messages = useQuery({
    queryKey,
    enabled,
    queryFn: ({ signal }) => kind.listMessages(id, signal),
    retry: retryOnceUnlessRefused,
  });
  // Success or failure, the send leaves a message in the outbox: the list asks again.
  const send = useSendDocument({
    send: kind.sendMessage,
    failed: kind.sendFailed,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  const patientId = useQuery({
    queryKey: documentRecordKey(kind.name, id),
    enabled,
    queryFn: ({ signal }) => kind.record(id, signal),
    select: (record) => record.patient_id,
    retry: retryOnceUnlessRefused,
  }).data;
  return { messages, send, patientId };
}

/**
 * The preview where the clinic checks a document before it goes out
 * (/prescription-preview/:id, /bill-preview/:id): Print for anyone holding the link; for the
 * clinic's signed-in staff, Back, Edit, sending on WhatsApp and the messages sent so far.
 */
export function DocumentPreviewPage<T extends ClinicDocument>({
  id,
  fetched,
  kind,
  backTo,
  children,
}: DocumentPreviewPageProps<T>) {
  const signedIn = isLoggedIn();
  const { messages, send, patientId } = useDocumentMessaging(kind, id, signedIn);
  const mayEdit = useMay(kind.editPermission);
  if (!signedIn)
    return (
      <DocumentPage fetched={fetched} words={kind.words}>
        {children}
      </DocumentPage>
    );
  return (
    <DocumentPage
      fetched={fetched}
      words={kind.words}
      navigation={
        <>
          <ToolbarLink to={backTo} icon={toolbarIcons.back}>
            {texts.back}
          </ToolbarLink>
          {mayEdit ? (
            <ToolbarLink to={`${kind.editor}?id=${encodeURIComponent(id)}`} icon={toolbarIcons.edit}>
              {texts.edit}
            </ToolbarLink>
          ) : null}
          {patientId ? (
            <ToolbarLink to={patientPagePath(patientId)} icon={toolbarIcons.patient}>
              {texts.patient}
            </ToolbarLink>
          ) : null}
        </>
      }
      actions={(loaded) => <SendWhatsAppButton sending={send.isPending} onSend={() => send.mutate(loaded)} />}
      below={(loaded) => (
        <DocumentMessages
          messages={messages}
          words={kind.messagesWords}
          timeZone={loaded.partner.time_zone}
          sending={send.isPending}
          onSendAgain={() => send.mutate(loaded)}
        />
      )}
    >
      {children}
    </DocumentPage>
  );
}
