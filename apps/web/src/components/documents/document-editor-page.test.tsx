import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocumentEditorPage, editorStartQuery } from './document-editor-page';

const words = {
  newTitle: 'New note',
  editTitle: 'Edit note',
  description: 'Write down what to remember.',
  loading: 'Loading the note',
  retry: 'Retry',
};
const fetchFailed = 'Failed to fetch the note';

interface Note {
  title: string;
}

/** A page over a note asked of `fetchNote`, or over a new note when there is nothing to ask. */
function NotePage({ fetchNote }: { fetchNote: (() => Promise<Note>) | null }) {
  const start = useQuery({
    queryKey: ['note'],
    queryFn: () => (fetchNote ? fetchNote() : Promise.reject(new Error('nothing to ask'))),
    enabled: fetchNote !== null,
    ...editorStartQuery,
    retry: false,
  });
  return (
    <DocumentEditorPage
      start={fetchNote ? start : null}
      editing={Boolean(start.data)}
      words={words}
      fetchFailed={fetchFailed}
      placeholders={[80, 160]}
    >
      {(note) => <p>{note ? `Editing ${note.title}` : 'A blank note'}</p>}
    </DocumentEditorPage>
  );
}

const openPage = (fetchNote: (() => Promise<Note>) | null) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NotePage fetchNote={fetchNote} />
    </QueryClientProvider>,
  );

describe('the page around a document editor', () => {
  it('opens a new document’s editor at once under its title when there is nothing to ask', () => {
    openPage(null);

    expect(screen.getByRole('heading', { level: 1, name: words.newTitle })).toBeVisible();
    expect(screen.getByText(words.description)).toBeVisible();
    expect(screen.getByText('A blank note')).toBeVisible();
  });

  it('holds placeholders while the saved document is on its way, then edits it under its title', async () => {
    let arrive = (_note: Note) => {};
    openPage(() => new Promise<Note>((resolve) => (arrive = resolve)));

    const placeholders = screen.getByLabelText(words.loading);
    expect(placeholders).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    arrive({ title: 'Recall' });
    expect(await screen.findByText('Editing Recall')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: words.editTitle })).toBeVisible();
    expect(placeholders).not.toBeInTheDocument();
  });

  it('says when the saved document could not be fetched, and Retry asks again', async () => {
    const fetchNote = vi
      .fn<() => Promise<Note>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ title: 'Recall' });
    openPage(fetchNote);

    expect(await screen.findByText(fetchFailed)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: words.retry }));

    expect(await screen.findByText('Editing Recall')).toBeVisible();
    expect(fetchNote).toHaveBeenCalledTimes(2);
  });
});
