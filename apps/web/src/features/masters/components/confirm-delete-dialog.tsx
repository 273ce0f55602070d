import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MasterErrorAlert } from './master-error-alert';

interface ConfirmDeleteDialogProps {
  /** The name of the record to delete; null while no delete is asked for. */
  name: string | null;
  deleting: boolean;
  error: unknown;
  errorFallback: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDeleteDialog({
  name,
  deleting,
  error,
  errorFallback,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={name !== null} onClose={deleting ? undefined : onCancel} fullWidth maxWidth="xs">
      <DialogTitle>Confirm Delete</DialogTitle>
      <DialogContent>
        {error ? <MasterErrorAlert error={error} fallback={errorFallback} sx={{ mb: 2 }} /> : null}
        <DialogContentText>
          Are you sure you want to delete {name}? This action cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={deleting}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
