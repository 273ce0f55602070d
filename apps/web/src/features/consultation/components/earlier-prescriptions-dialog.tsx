import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useEarlierPrescriptions } from '../api/consultation-api';

/**
 * The patient's earlier prescriptions by mobile, newest first; each opens in a new tab,
 * so the form being written stays as it is. `mobile` is null until a valid one is typed.
 */
export function EarlierPrescriptionsDialog({
  mobile,
  currentFormId,
  onClose,
}: {
  mobile: string | null;
  currentFormId: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{mobile ? words.earlierPrescriptionsOf(mobile) : words.earlierPrescriptions}</DialogTitle>
      <DialogContent>
        {mobile ? (
          <EarlierList mobile={mobile} currentFormId={currentFormId} />
        ) : (
          <Alert severity="info">{words.earlierNeedsMobile}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{words.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function EarlierList({ mobile, currentFormId }: { mobile: string; currentFormId: string | null }) {
  const earlier = useEarlierPrescriptions(mobile);
  if (earlier.isPending) return <LinearProgress aria-label={words.earlierLoading} />;
  if (earlier.isError)
    return (
      <ApiErrorAlert
        error={earlier.error}
        fallback={words.earlierFetchError}
        action={
          <Button color="inherit" size="small" loading={earlier.isFetching} onClick={() => earlier.refetch()}>
            {words.retry}
          </Button>
        }
      />
    );
  const shown = earlier.data.filter((prescription) => prescription.id !== currentFormId);
  if (shown.length === 0) return <Alert severity="info">{words.noEarlier}</Alert>;
  return (
    <List aria-label={words.earlierPrescriptions}>
      {shown.map((prescription) => {
        const date = calendarDateEnGb(prescription.prescribed_date);
        return (
          <ListItemButton
            key={prescription.id}
            component="a"
            href={`/prescription/${prescription.id}`}
            target="_blank"
            rel="noopener"
            divider
          >
            <ListItemText
              primary={`${date} · ${words.medicinesCount(prescription.medicines)}`}
              secondary={prescription.diagnoses.join(', ') || undefined}
            />
            <ListItemIcon sx={{ minWidth: 0 }}>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
          </ListItemButton>
        );
      })}
    </List>
  );
}
