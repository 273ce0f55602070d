import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { masterScreenWords } from '@vaidya/contract/master-screens';
import { type ReactNode, Suspense } from 'react';
import { MasterErrorAlert } from './master-error-alert';

interface MasterDialogProps {
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

/**
 * The add/edit dialog of every master: it cannot be closed while saving (spec §4).
 * Each master's form is loaded the first time its dialog opens, hence the Suspense.
 */
export function MasterDialog({
  open,
  title,
  editing,
  saving,
  error,
  errorFallback,
  formId,
  onClose,
  children,
}: MasterDialogProps) {
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error ? <MasterErrorAlert error={error} fallback={errorFallback} sx={{ mb: 2 }} /> : null}
        <Suspense fallback={<CircularProgress aria-label={masterScreenWords.loading} />}>{children}</Suspense>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {masterScreenWords.cancel}
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={saving}>
          {editing ? masterScreenWords.update : masterScreenWords.add}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
