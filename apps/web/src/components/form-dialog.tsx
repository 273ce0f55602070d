import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { discardChangesWords, masterScreenWords } from '@vaidya/contract/master-screens';
import { createContext, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';
import { ActionDialog } from './action-dialog';

interface FormDialogProps {
  open: boolean;
  title: string;
  editing: boolean;
  saving: boolean;
  error: unknown;
  errorFallback: string;
  /** The id of the form inside, so the Add/Update button submits it from the dialog's actions. */
  formId: string;
  onClose: () => void;
  children: ReactNode;
}

const MarkUnsavedContext = createContext<() => void>(() => {});

/**
 * Typing or ticking inside the dialog marks it as holding unsaved input by itself;
 * a field whose value changes without such an event (a medicine picked from a list)
 * calls this instead.
 */
export function useMarkUnsaved(): () => void {
  return useContext(MarkUnsavedContext);
}

/**
 * The add/edit dialog of every master, weekly session, off-day, queue and location: it
 * cannot be closed while saving (spec §4), and once something has been typed in it,
 * Escape, a click outside or Cancel ask before throwing that away. A form may be loaded
 * the first time its dialog opens, hence the Suspense.
 */
export function FormDialog({
  open,
  title,
  editing,
  saving,
  error,
  errorFallback,
  formId,
  onClose,
  children,
}: FormDialogProps) {
  const [unsaved, setUnsaved] = useState(false);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    // Every opening starts with nothing entered yet.
    setShownOpen(open);
    setUnsaved(false);
    setAskingToDiscard(false);
  }
  const markUnsaved = useCallback(() => setUnsaved(true), []);

  const askToClose = () => {
    if (saving) return;
    if (unsaved) setAskingToDiscard(true);
    else onClose();
  };
  const keepEditing = () => setAskingToDiscard(false);
  const discard = () => {
    setAskingToDiscard(false);
    onClose();
  };

  return (
    <MarkUnsavedContext value={markUnsaved}>
      <ActionDialog
        open={open}
        wide
        title={title}
        working={saving}
        error={error}
        errorFallback={errorFallback}
        cancelLabel={masterScreenWords.cancel}
        action={{ label: editing ? masterScreenWords.update : masterScreenWords.add, formId }}
        onClose={askToClose}
      >
        {/* React's change events bubble from every text field, checkbox and select of the form. */}
        <Box onChange={markUnsaved}>
          <Suspense fallback={<CircularProgress aria-label={masterScreenWords.loading} />}>
            {children}
          </Suspense>
        </Box>
      </ActionDialog>
      <Dialog open={askingToDiscard} onClose={keepEditing} maxWidth="xs">
        <DialogTitle>{discardChangesWords.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{discardChangesWords.body}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={keepEditing} autoFocus>
            {discardChangesWords.keepEditing}
          </Button>
          <Button onClick={discard} color="error" variant="contained">
            {discardChangesWords.discard}
          </Button>
        </DialogActions>
      </Dialog>
    </MarkUnsavedContext>
  );
}
