import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError } from '../../lib/api-client';

interface SendWords {
  /** The success toast when the server's answer has no message of its own. */
  sent: string;
  /** The failure toast when the server could not say why (spec §8: "Some error occured"). */
  failed: string;
}

/** A refusal the server worded (a 4xx) is shown as is; a failed delivery or an unreachable server has the spec's words. */
function failureToast(error: unknown, failed: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : failed;
}

/**
 * Sends a document to its patient, with the toasts of spec §4 and §8; `onSettled` runs
 * after success and failure alike, as both leave a message the page lists.
 */
export function useSendDocument<Payload>({
  send,
  words,
  onSettled,
}: {
  send: (payload: Payload) => Promise<{ message?: string }>;
  words: SendWords;
  onSettled?: () => unknown;
}) {
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => toast.success(answer.message ?? words.sent),
    onError: (error) => toast.error(failureToast(error, words.failed)),
    onSettled,
  });
}
