import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { masterScreenWords } from '@vaidya/contract/master-screens';
import { ApiErrorAlert } from '../../../components/api-error-alert';

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
      <DialogTitle>{masterScreenWords.confirmDeleteTitle}</DialogTitle>
      <DialogContent>
        {error ? <ApiErrorAlert error={error} fallback={errorFallback} sx={{ mb: 2 }} /> : null}
        <DialogContentText>{masterScreenWords.confirmDelete(name ?? '')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting}>
          {masterScreenWords.cancel}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={deleting}>
          {masterScreenWords.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
