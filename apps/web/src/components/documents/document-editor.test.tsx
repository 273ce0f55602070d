import TextField from '@mui/material/TextField';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { discardChangesWords } from '@vaidya/contract/master-screens';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { DocumentEditor, useDocumentEditor } from './document-editor';

/** A document of the smallest kind, written by the editor shell as the prescription and the bill are. */
interface Note {
  title: string;
}

type SaveNote = (body: Note) => Promise<{ data: { id: string }; message?: string }>;

const words = {
  fixErrors: 'Please correct the following:',
  saveFailed: 'Failed to save the note',
  save: 'Save note',
};

function NoteEditor({ save }: { save: SaveNote }) {
  const editor = useDocumentEditor({
    initial: { title: '' },
    documentId: null,
    save: useMutation({ mutationFn: ({ body }: { id: string | null; body: Note }) => save(body) }),
    savedSentences: { added: 'Note saved', updated: 'Note updated' },
    previewPath: (id) => `/notes/${id}`,
  });
  const submit = () => {
    const body = { title: editor.draft.title.trim() };
    editor.submit(body, body.title ? null : { title: 'Title is required', body: 'A note needs some words' });
  };
  return (
    <DocumentEditor
      editor={editor}
      onSubmit={submit}
      words={words}
      shownBesideField={(field) => field === 'title'}
    >
      <TextField
        label="Title"
        value={editor.draft.title}
        onChange={(event) => editor.update({ title: event.target.value })}
        error={Boolean(editor.errors.title)}
        helperText={editor.errors.title}
      />
      <Link to="/notes">All notes</Link>
    </DocumentEditor>
  );
}

function openEditor(save: SaveNote) {
  const router = createMemoryRouter(
    [
      { path: '/notes/new', element: <NoteEditor save={save} /> },
      { path: '/notes/:id', element: <p>The note’s preview</p> },
      { path: '/notes', element: <p>All notes</p> },
    ],
    { initialEntries: ['/notes/new'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

const saveButton = () => screen.getByRole('button', { name: words.save });

describe('the document editor shell', () => {
  it('shows a refusal beside its field, lists the others above the save button, and sends nothing', async () => {
    const save = vi.fn<SaveNote>();
    openEditor(save);

    await userEvent.click(saveButton());

    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required');
    const listed = screen.getByRole('alert');
    expect(listed).toHaveTextContent(words.fixErrors);
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A note needs some words']);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves, says so in its own words when the server gave none, and opens the preview without asking', async () => {
    const save = vi.fn<SaveNote>().mockResolvedValue({ data: { id: 'n1' } });
    const router = openEditor(save);

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Recall in six months');
    await userEvent.click(saveButton());

    expect(await screen.findByText('Note saved')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes/n1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ title: 'Recall in six months' });
  });

  it('keeps the save button busy while saving, then says why saving failed and stays', async () => {
    let refuse = () => {};
    const refusal = new ApiError({ status: 409, code: 'CONFLICT', message: 'This note was saved elsewhere' });
    const router = openEditor(() => new Promise((_resolve, reject) => (refuse = () => reject(refusal))));

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Recall');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());

    refuse();
    expect(await screen.findByText('This note was saved elsewhere')).toBeVisible();
    expect(saveButton()).toBeEnabled();
    expect(router.state.location.pathname).toBe('/notes/new');
  });

  it('leaves an untouched draft freely, and asks before leaving a changed one', async () => {
    const router = openEditor(vi.fn<SaveNote>());
    await userEvent.click(screen.getByRole('link', { name: 'All notes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notes'));

    await router.navigate('/notes/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Recall');
    await userEvent.click(screen.getByRole('link', { name: 'All notes' }));
    const question = await screen.findByRole('dialog', { name: discardChangesWords.title });
    await userEvent.click(within(question).getByRole('button', { name: discardChangesWords.keepEditing }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/notes/new');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Recall');
  });
});
