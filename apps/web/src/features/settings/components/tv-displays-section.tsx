import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { clinicDateTime } from '@vaidya/contract/calendar-dates';
import { type PairedTv, pairingCodeLength, tvMessages } from '@vaidya/contract/tv';
import { tvSettingsScreen as texts } from '@vaidya/contract/tv-screens';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { LoadError } from '../../../components/load-error';
import { SectionCard } from '../../../components/section-card';
import { useClinic, useClinicTimeZone } from '../../../lib/clinic-context';
import { useQueues } from '../../../lib/queues-api';
import { usePairedTvs, usePairTv, useUnpairTv } from '../api/tv-displays-api';

/**
 * The clinic's waiting-room TVs (issue 12): pair a TV by the code it shows, with a location
 * and a queue, and unpair the ones listed.
 */
export function TvDisplaysSection() {
  return (
    <SectionCard title={texts.title} description={texts.intro}>
      <Stack spacing={2}>
        <PairForm />
        <PairedTvList />
      </Stack>
    </SectionCard>
  );
}

function PairForm() {
  const { partner, location } = useClinic();
  const [code, setCode] = useState('');
  const [locationId, setLocationId] = useState(location?.id ?? partner.locations[0]?.id ?? '');
  const [chosenQueueId, setChosenQueueId] = useState('');
  const queues = useQueues(locationId || undefined);
  const pair = usePairTv();
  const queueId = queues.data?.some((queue) => queue.id === chosenQueueId)
    ? chosenQueueId
    : (queues.data?.[0]?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pair.mutate(
      { code, locationId, queueId },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? tvMessages.paired);
          setCode('');
        },
      },
    );
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} aria-label={texts.title}>
      {pair.error ? <ApiErrorAlert error={pair.error} fallback={texts.pairFailed} /> : null}
      {/* One field a row: the card is half the page wide, and a queue's name needs the room. */}
      <Stack spacing={1.5}>
        <TextField
          label={texts.code}
          helperText={texts.codeHint}
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          required
          autoComplete="off"
          slotProps={{
            htmlInput: { maxLength: pairingCodeLength + 2, style: { letterSpacing: '0.2em' } },
          }}
        />
        <TextField
          select
          label={texts.location}
          value={locationId}
          onChange={(event) => {
            setLocationId(event.target.value);
            setChosenQueueId('');
          }}
          required
        >
          {partner.locations.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.location_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={texts.queue}
          value={queueId}
          onChange={(event) => setChosenQueueId(event.target.value)}
          required
          disabled={!queues.data?.length}
        >
          {(queues.data ?? []).map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.queue_name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {queues.isSuccess && queues.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {texts.noQueues}
        </Typography>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        loading={pair.isPending}
        disabled={!queueId || code.trim() === ''}
        sx={{ alignSelf: 'flex-start' }}
      >
        {texts.pair}
      </Button>
    </Stack>
  );
}

function PairedTvList() {
  const tvs = usePairedTvs();
  const timeZone = useClinicTimeZone();
  const [unpairing, setUnpairing] = useState<PairedTv | null>(null);

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {texts.pairedTvs}
      </Typography>
      {tvs.isError ? (
        <LoadError
          error={tvs.error}
          fallback={texts.loadFailed}
          retrying={tvs.isFetching}
          onRetry={() => tvs.refetch()}
        />
      ) : null}
      {tvs.isPending ? <Skeleton height={48} aria-label={texts.loading} /> : null}
      {tvs.isSuccess && tvs.data.length === 0 ? (
        <Typography color="text.secondary">{texts.none}</Typography>
      ) : null}
      {tvs.isSuccess && tvs.data.length > 0 ? (
        <List disablePadding aria-label={texts.pairedTvs}>
          {tvs.data.map((tv) => (
            <ListItem
              key={tv.id}
              divider
              disableGutters
              secondaryAction={
                <Button size="small" color="error" onClick={() => setUnpairing(tv)}>
                  {texts.unpair}
                </Button>
              }
            >
              <ListItemText
                primary={`${tv.queue_name} · ${tv.location_name}`}
                secondary={
                  tv.last_seen_at
                    ? texts.lastSeen(clinicDateTime(tv.last_seen_at, timeZone))
                    : texts.neverSeen
                }
                sx={{ pr: 10, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {unpairing ? <UnpairDialog tv={unpairing} onClose={() => setUnpairing(null)} /> : null}
    </Stack>
  );
}

function UnpairDialog({ tv, onClose }: { tv: PairedTv; onClose: () => void }) {
  const unpair = useUnpairTv();
  const close = () => {
    if (!unpair.isPending) onClose();
  };
  const confirm = () =>
    unpair.mutate(tv.id, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? tvMessages.unpaired);
        onClose();
      },
    });
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{texts.confirmTitle}</DialogTitle>
      <DialogContent>
        {unpair.error ? (
          <ApiErrorAlert error={unpair.error} fallback={texts.unpairFailed} sx={{ mb: 2 }} />
        ) : null}
        <DialogContentText>{texts.confirmText(tv.location_name, tv.queue_name)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={unpair.isPending}>
          {texts.cancel}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" loading={unpair.isPending}>
          {texts.unpair}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
