import Alert, { type AlertProps } from '@mui/material/Alert';
import { ApiError } from '../../../lib/api-client';
import { fallbackErrorMessage } from '../../../lib/error-messages';

/** The server's own sentence when it gave one; otherwise the master's fallback, as spec §8 words it. */
export function masterErrorSentence(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message !== fallbackErrorMessage ? error.message : fallback;
}

export function MasterErrorAlert({
  error,
  fallback,
  ...props
}: { error: unknown; fallback: string } & Omit<AlertProps, 'severity' | 'children'>) {
  return (
    <Alert severity="error" {...props}>
      {masterErrorSentence(error, fallback)}
    </Alert>
  );
}
