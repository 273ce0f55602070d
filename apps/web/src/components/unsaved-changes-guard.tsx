import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { discardChangesWords } from '@vaidya/contract/master-screens';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `unsaved` holds, leaving the page inside the app asks first (the same question
 * as the masters' dialogs), and closing or reloading the tab makes the browser ask.
 */
export function UnsavedChangesGuard({ unsaved }: { unsaved: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  const blocked = blocker.state === 'blocked';
  return (
    <Dialog open={blocked} onClose={() => blocker.reset?.()} maxWidth="xs">
      <DialogTitle>{discardChangesWords.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{discardChangesWords.body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {discardChangesWords.keepEditing}
        </Button>
        <Button onClick={() => blocker.proceed?.()} color="error" variant="contained">
          {discardChangesWords.discard}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
