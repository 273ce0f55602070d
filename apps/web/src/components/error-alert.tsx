import Alert, { type AlertProps } from '@mui/material/Alert';
import { messages } from '@vaidya/contract/messages';
import { ApiError } from '../lib/api-client';
import { IdentityError } from '../lib/identity-client';

/** Both clients word their errors for people already; anything else is a bug the user cannot act on. */
export function errorSentence(error: unknown): string {
  return error instanceof ApiError || error instanceof IdentityError
    ? error.message
    : messages.somethingWentWrong;
}

export function ErrorAlert({
  error,
  ...props
}: { error: unknown } & Omit<AlertProps, 'severity' | 'children'>) {
  return (
    <Alert severity="error" {...props}>
      {errorSentence(error)}
    </Alert>
  );
}
