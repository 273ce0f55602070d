import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from './api-error-alert';

/** The dialog's one action: it submits the form inside by its id, or runs on a click. */
export type DialogAction = {
  label: string;
  /** Red, for what cannot be undone (a delete, a cancelled booking). */
  destructive?: boolean;
  disabled?: boolean;
} & ({ formId: string; onClick?: never } | { onClick: () => void; formId?: never });

interface ActionDialogProps {
  /** Shown from the start unless given: a dialog its screen mounts only to open it. */
  open?: boolean;
  /** Room for a form of several fields side by side (a master's, a session's). */
  wide?: boolean;
  title: string;
  /** The action is on its way: its button spins and the dialog cannot be closed. */
  working: boolean;
  /** The action's failure, shown above the content. */
  error: unknown;
  errorFallback: string;
  cancelLabel: string;
  action: DialogAction;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog asking for one action (a confirmation, a short form): the action's failure in
 * the server's words or the screen's, a button that closes and one that acts. A
 * half-done action is not walked away from, so nothing closes it while it is on its way.
 * `FormDialog` and `ConfirmDialog` are this dialog with their own words and content.
 */
export function ActionDialog({
  open = true,
  wide = false,
  title,
  working,
  error,
  errorFallback,
  cancelLabel,
  action,
  onClose,
  children,
}: ActionDialogProps) {
  return (
    <Dialog open={open} onClose={working ? undefined : onClose} fullWidth maxWidth={wide ? 'sm' : 'xs'}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error ? <ApiErrorAlert error={error} fallback={errorFallback} sx={{ mb: 2 }} /> : null}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={working}>
          {cancelLabel}
        </Button>
        <Button
          type={action.formId ? 'submit' : 'button'}
          form={action.formId}
          onClick={action.onClick}
          color={action.destructive ? 'error' : 'primary'}
          variant="contained"
          disabled={action.disabled}
          loading={working}
        >
          {action.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
