import { useMutation } from '@tanstack/react-query';
import { type OutboxMessage, whatsAppSendMessage } from '@vaidya/contract/consultation-forms';
import { toast } from 'react-toastify';
import { ApiError } from '../../lib/api-client';

/** A refusal the server worded (a 4xx) is shown as is; a failed delivery or an unreachable server has the spec's words. */
function failureToast(error: unknown, failed: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : failed;
}

/**
 * What a send that ended says, from the stored status of its message: the spec's success
 * only when WhatsApp accepted it; a message only kept in the outbox is a warning.
 */
function toastSent(message: OutboxMessage) {
  const words = whatsAppSendMessage(message.status);
  if (message.status === 'sent') toast.success(words);
  else toast.warning(words);
}

/**
 * Sends a document to its patient, with the toasts of spec §4 and §8; `onSettled` runs
 * after success and failure alike, as both leave a message the page lists.
 */
export function useSendDocument<Payload>({
  send,
  failed,
  onSettled,
}: {
  send: (payload: Payload) => Promise<{ data: OutboxMessage }>;
  /** The failure toast when the server could not say why (spec §8: "Some error occured"). */
  failed: string;
  onSettled?: () => unknown;
}) {
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => toastSent(answer.data),
    onError: (error) => toast.error(failureToast(error, failed)),
    onSettled,
  });
}
