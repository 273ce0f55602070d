import DialogContentText from '@mui/material/DialogContentText';
import { allergyScreenWords as words } from '@vaidya/contract/allergy-screens';
import { ActionDialog } from '../../../components/action-dialog';

/**
 * The second confirmation before a medicine that matches an allergy joins the
 * prescription: each match by name, and that the check reads names only.
 */
export function AllergyWarningDialog({
  warnings,
  onAdd,
  onCancel,
}: {
  warnings: string[];
  onAdd: () => void;
  onCancel: () => void;
}) {
  return (
    <ActionDialog
      title={words.warningTitle}
      working={false}
      error={null}
      errorFallback={words.warningTitle}
      cancelLabel={words.doNotAdd}
      action={{ label: words.addAnyway, destructive: true, onClick: onAdd }}
      onClose={onCancel}
    >
      {warnings.map((warning) => (
        <DialogContentText key={warning} color="error" sx={{ fontWeight: 'bold', mb: 1 }}>
          {warning}
        </DialogContentText>
      ))}
      <DialogContentText>{words.textCheckOnly}</DialogContentText>
    </ActionDialog>
  );
}
