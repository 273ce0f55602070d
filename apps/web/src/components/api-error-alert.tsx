import Alert, { type AlertProps } from '@mui/material/Alert';
import { ApiError, type ApiErrorCode } from '../lib/api-client';

/**
 * Codes whose message says nothing about this screen: the server failed, was out of
 * reach or answered nonsense. The screen's own sentence (spec §8) says more.
 */
const withoutOwnSentence: ReadonlySet<ApiErrorCode> = new Set([
  'INTERNAL',
  'UNAVAILABLE',
  'NETWORK_ERROR',
  'INVALID_RESPONSE',
]);

/** The server names the refused field before its sentence ("complaintName: …"); a person needs the sentence only. */
const fieldPrefix = /^[\w.]+: /;

/** The server's own sentence when it gave one; otherwise the screen's fallback, as spec §8 words it. */
export function apiErrorSentence(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || withoutOwnSentence.has(error.code)) return fallback;
  return error.code === 'VALIDATION_FAILED' ? error.message.replace(fieldPrefix, '') : error.message;
}

/** A failed call to the API, as an error alert: the server's sentence or the screen's own. */
export function ApiErrorAlert({
  error,
  fallback,
  ...props
}: { error: unknown; fallback: string } & Omit<AlertProps, 'severity' | 'children'>) {
  return (
    <Alert severity="error" {...props}>
      {apiErrorSentence(error, fallback)}
    </Alert>
  );
}
