import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { documentPageTexts as texts } from '@vaidya/contract/prescription-screens';
import { type ReactNode, useEffect } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from '../../lib/api-client';
import './document-page.css';

/** What one kind of document calls itself and its failures, in the spec's words. */
export interface DocumentWords {
  /** The printed sheet's accessible name. */
  document: string;
  /** The toast when the document could not be fetched. */
  fetchError: string;
  /** In place of the document when there is none to show. */
  notFound: string;
}

interface DocumentPageProps<T> {
  /** The document's fetch; its answer is what `children` draws. */
  query: UseQueryResult<T, unknown>;
  words: DocumentWords;
  /** Draws the printed sheet's content. */
  children: (document: T) => ReactNode;
  /** Buttons beside Print, such as Send WhatsApp. */
  actions?: (document: T) => ReactNode;
  /** Under the sheet on screen and never printed, such as the messages sent. */
  below?: (document: T) => ReactNode;
}

/** An id that names nothing: unknown and malformed ids look the same, and asking again will not help. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * The one mechanism of the printable pages (prescriptions now, bills after): a loading
 * overlay while fetching, a toast when the fetch fails, the empty message, a Print
 * button, the caller's own actions, and the sheet that alone reaches the paper
 * (document-page.css).
 */
export function DocumentPage<T>({ query, words, children, actions, below }: DocumentPageProps<T>) {
  const failed = query.isError && !isMissing(query.error);
  useEffect(() => {
    if (failed) toast.error(words.fetchError, { toastId: words.fetchError });
  }, [failed, words.fetchError]);

  const document = query.data;
  return (
    <div className="document-page">
      {query.isFetching ? (
        <Box className="document-no-print document-overlay">
          <CircularProgress aria-label={texts.loading} />
        </Box>
      ) : null}
      {document === undefined ? (
        query.isPending ? null : (
          <Paper variant="outlined" sx={{ p: 4, maxWidth: '210mm', mx: 'auto', textAlign: 'center' }}>
            <Typography variant="h6" component="h1">
              {words.notFound}
            </Typography>
            {failed ? (
              <Button sx={{ mt: 2 }} onClick={() => query.refetch()}>
                {texts.retry}
              </Button>
            ) : null}
          </Paper>
        )
      ) : (
        <>
          <Stack
            className="document-no-print"
            role="toolbar"
            aria-label={texts.actions}
            direction="row"
            spacing={1}
            sx={{ justifyContent: 'flex-end', maxWidth: '210mm', mx: 'auto', mb: 2 }}
          >
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {texts.print}
            </Button>
            {actions?.(document)}
          </Stack>
          <article className="document-sheet" aria-label={words.document}>
            {children(document)}
          </article>
          {below ? (
            <Box className="document-no-print" sx={{ maxWidth: '210mm', mx: 'auto', mt: 3 }}>
              {below(document)}
            </Box>
          ) : null}
        </>
      )}
    </div>
  );
}
