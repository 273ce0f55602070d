import { reportScreenWords as words } from '@vaidya/contract/reports-screens';
import { LoadError } from '../../../components/load-error';

/** A report that could not be fetched: the server's reason or the screen's sentence, and Retry. */
export function ReportLoadError({
  query,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <LoadError
      error={query.error}
      fallback={words.fetchFailed}
      retrying={query.isFetching}
      onRetry={() => query.refetch()}
    />
  );
}
