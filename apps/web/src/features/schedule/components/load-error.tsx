import Button from '@mui/material/Button';
import { scheduleScreenWords as words } from '@vaidya/contract/schedule-screens';
import { MasterErrorAlert } from '../../masters/components/master-error-alert';

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
    <MasterErrorAlert
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
