import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { retryOnceUnlessRefused } from '../../lib/api-client';
import { ApiErrorAlert } from '../api-error-alert';
import { PageHeader } from '../page-header';

/**
 * The query options of what an editor starts from: asked once, and never again while the
 * page is open, as it must not change under the user's hands.
 */
export const editorStartQuery = {
  retry: retryOnceUnlessRefused,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
} as const;

interface EditorPageWords {
  newTitle: string;
  editTitle: string;
  description: string;
  /** The placeholders' accessible name while the editor's start is on its way. */
  loading: string;
  retry: string;
}

interface DocumentEditorPageProps<Start> {
  /** What the editor starts from, asked of the server; null when there is nothing to ask (a new document). */
  start: UseQueryResult<Start, unknown> | null;
  /** A saved document is being edited: the title says so. */
  editing: boolean;
  words: EditorPageWords;
  /** Said when the start could not be fetched. */
  fetchFailed: string;
  /** The heights of the placeholders while it loads, roughly those of the editor's sections. */
  placeholders: number[];
  /** The editor, given what it starts from (null when nothing was asked). */
  children: (start: Start | null) => ReactNode;
}

/**
 * The page around a document editor (the prescription's, the bill's): its title and what it
 * is for, placeholders while what the editor starts from is on its way (or while a lazy editor
 * downloads), and the failure to fetch it with Retry.
 */
export function DocumentEditorPage<Start>({
  start,
  editing,
  words,
  fetchFailed,
  placeholders,
  children,
}: DocumentEditorPageProps<Start>) {
  const skeleton = <EditorSkeleton label={words.loading} heights={placeholders} />;
  const header = (
    <PageHeader title={editing ? words.editTitle : words.newTitle} description={words.description} />
  );
  if (start?.isPending) return skeleton;
  if (start?.isError)
    return (
      <>
        {header}
        <ApiErrorAlert
          error={start.error}
          fallback={fetchFailed}
          action={
            <Button color="inherit" size="small" loading={start.isFetching} onClick={() => start.refetch()}>
              {words.retry}
            </Button>
          }
        />
      </>
    );
  return (
    <Suspense fallback={skeleton}>
      {header}
      {children(start ? start.data : null)}
    </Suspense>
  );
}

function EditorSkeleton({ label, heights }: { label: string; heights: number[] }) {
  return (
    <Stack spacing={2} aria-busy="true" aria-label={label}>
      {heights.map((height, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
