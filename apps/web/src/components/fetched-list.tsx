import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';

interface FetchedListProps<T> {
  query: UseQueryResult<T[], unknown>;
  /** The screen's sentence for a list that could not be fetched, when the server gave none of its own. */
  fetchError: string;
  /** What an empty list says. */
  empty: string;
  /** What holds the list's place while it loads: a line's skeleton unless given. */
  placeholder?: ReactNode;
  /** The list itself, drawn only when it has something in it. */
  children: (items: T[]) => ReactNode;
}

/** A fetched list in each of its states: its load error with Retry, loading, empty, or its items. */
export function FetchedList<T>({
  query,
  fetchError,
  empty,
  placeholder = <Skeleton height={48} />,
  children,
}: FetchedListProps<T>) {
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        fallback={fetchError}
        retrying={query.isFetching}
        onRetry={() => query.refetch()}
      />
    );
  }
  if (query.isPending) return placeholder;
  if (query.data.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return children(query.data);
}
