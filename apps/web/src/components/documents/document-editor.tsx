import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../api-error-alert';
import { UnsavedChangesGuard } from '../unsaved-changes-guard';

/** Refusals of a draft in the contract's words, keyed by the field's path (`items.0.unitPrice`). */
export type FieldErrors = Record<string, string>;

/** What saving a document answers: the document as saved, and the server's sentence when it gave one. */
interface SavedAnswer {
  data: { id: string };
  message?: string;
}

/** Saving a document: a new one when `id` is null, else the one with that id. */
export type SaveDocument<Body> = UseMutationResult<SavedAnswer, unknown, { id: string | null; body: Body }>;

/** What the frame shows of an editor: its refusals, and how saving goes. */
interface EditorStatus {
  errors: FieldErrors;
  saving: boolean;
  saveError: unknown;
  /** Changed since it opened and not saved: leaving asks first. */
  unsaved: boolean;
}

export interface DocumentEditorState<Draft, Body> extends EditorStatus {
  draft: Draft;
  update: (change: Partial<Draft>) => void;
  /** Saves `body` unless the draft was refused, whose refusals then show instead. */
  submit: (body: Body, refused: FieldErrors | null) => void;
}

interface DocumentEditorOptions<Draft, Body> {
  initial: Draft;
  /** The saved document being edited; null writes a new one. */
  documentId: string | null;
  save: SaveDocument<Body>;
  /** The toast after saving when the server gave no sentence of its own. */
  savedSentences: { added: string; updated: string };
  /** Where the saved document opens next: its preview. */
  previewPath: (id: string) => string;
}

/**
 * The state of a document editor (the prescription's, the bill's): the draft as typed, the
 * refusals on it, and saving. A saved document opens in its preview; until then, leaving
 * asks first (`DocumentEditor` puts the guard up).
 */
export function useDocumentEditor<Draft extends object, Body>({
  initial,
  documentId,
  save,
  savedSentences,
  previewPath,
}: DocumentEditorOptions<Draft, Body>): DocumentEditorState<Draft, Body> {
  const navigate = useNavigate();
  // The draft as it opened, kept: a change is anything that is no longer this very object.
  const [start] = useState(initial);
  const [draft, setDraft] = useState(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<string | null>(null);
  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  // Navigating once the guard has seen the document saved, so it does not ask about leaving it.
  useEffect(() => {
    if (preview) navigate(preview);
  }, [preview, navigate]);

  const submit = (body: Body, refused: FieldErrors | null) => {
    setErrors(refused ?? {});
    if (refused) return;
    save.mutate(
      { id: documentId, body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? (documentId ? savedSentences.updated : savedSentences.added));
          setPreview(previewPath(answer.data.id));
        },
      },
    );
  };

  return {
    draft,
    update,
    errors,
    submit,
    saving: save.isPending,
    saveError: save.error,
    unsaved: draft !== start && preview === null,
  };
}

interface DocumentEditorProps {
  editor: EditorStatus;
  /** Checks the draft and hands its body to `editor.submit`. */
  onSubmit: () => void;
  words: { fixErrors: string; saveFailed: string; save: string };
  /** Whether a refusal shows beside its own field; every other one is listed above the save button. */
  shownBesideField: (field: string) => boolean;
  /** Beside a failed save's sentence, such as opening what another desk saved meanwhile. */
  saveErrorAction?: ReactNode;
  /** The editor's sections. */
  children: ReactNode;
}

/**
 * The frame of a document editor: its sections, the refusals no field shows, why saving
 * failed, and the save button in a bar that stays in sight at the bottom of the screen.
 */
export function DocumentEditor({
  editor,
  onSubmit,
  words,
  shownBesideField,
  saveErrorAction,
  children,
}: DocumentEditorProps) {
  const listed = Object.entries(editor.errors).filter(([field]) => !shownBesideField(field));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack spacing={2}>
        {children}
        {listed.length > 0 ? (
          <Alert severity="error">
            {words.fixErrors}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {listed.map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
        {editor.saveError ? (
          <ApiErrorAlert error={editor.saveError} fallback={words.saveFailed} action={saveErrorAction} />
        ) : null}
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            py: 1.5,
            bgcolor: 'background.default',
            display: 'flex',
            justifyContent: 'flex-end',
          }}
        >
          <Button type="submit" variant="contained" size="large" loading={editor.saving}>
            {words.save}
          </Button>
        </Box>
      </Stack>
      <UnsavedChangesGuard unsaved={editor.unsaved} />
    </Box>
  );
}
