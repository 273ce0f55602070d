import Button from '@mui/material/Button';
import { scheduleScreenWords as words } from '@vaidya/contract/schedule-screens';
import { ApiErrorAlert } from './api-error-alert';

/** A list that could not be fetched: the server's reason or the screen's sentence, and Retry. */
export function LoadError({
  error,
  fallback,
  retrying,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <ApiErrorAlert
      error={error}
      fallback={fallback}
      action={
        <Button color="inherit" size="small" loading={retrying} onClick={onRetry}>
          {words.retry}
        </Button>
      }
    />
  );
}
