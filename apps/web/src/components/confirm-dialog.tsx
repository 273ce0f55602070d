import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { scheduleScreenWords as words } from '@vaidya/contract/schedule-screens';
import { ApiErrorAlert } from './api-error-alert';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  working: boolean;
  error: unknown;
  errorFallback: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a delete; it cannot be closed while the delete is on its way. */
export function ConfirmDialog({
  open,
  title,
  body,
  working,
  error,
  errorFallback,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={working ? undefined : onCancel} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error ? <ApiErrorAlert error={error} fallback={errorFallback} sx={{ mb: 2 }} /> : null}
        <DialogContentText>{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={working}>
          {words.cancel}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={working}>
          {words.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
