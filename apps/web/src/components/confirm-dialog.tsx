import DialogContentText from '@mui/material/DialogContentText';
import { scheduleScreenWords as words } from '@vaidya/contract/schedule-screens';
import { ActionDialog } from './action-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  working: boolean;
  error: unknown;
  errorFallback: string;
  /** "Cancel" unless the screen words it otherwise ("Keep booking"). */
  cancelLabel?: string;
  /** "Delete" unless the screen words it otherwise ("Cancel booking", "Unpair"). */
  confirmLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before what cannot be undone, a delete most often; it cannot be closed while that is on its way. */
export function ConfirmDialog({
  open,
  title,
  body,
  working,
  error,
  errorFallback,
  cancelLabel = words.cancel,
  confirmLabel = words.delete,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <ActionDialog
      open={open}
      title={title}
      working={working}
      error={error}
      errorFallback={errorFallback}
      cancelLabel={cancelLabel}
      action={{ label: confirmLabel, destructive: true, onClick: onConfirm }}
      onClose={onCancel}
    >
      <DialogContentText>{body}</DialogContentText>
    </ActionDialog>
  );
}
