import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { clinicDateTime } from '@vaidya/contract/calendar-dates';
import { type PairedTv, pairingCodeLength, pairTvBody, tvMessages } from '@vaidya/contract/tv';
import { tvSettingsScreen as texts } from '@vaidya/contract/tv-screens';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FetchedList } from '../../../components/fetched-list';
import { FormTextField } from '../../../components/form-text-field';
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

/** The code as the TV shows it: typed letters read as its capitals. */
const typedCode = (typed: string) => typed.toUpperCase();

function PairForm() {
  const { partner, location } = useClinic();
  const pair = usePairTv();
  const { control, handleSubmit, getValues, setValue, resetField } = useForm({
    resolver: zodResolver(pairTvBody),
    defaultValues: { code: '', locationId: location?.id ?? partner.locations[0]?.id ?? '', queueId: '' },
  });
  const [code, locationId, queueId] = useWatch({ control, name: ['code', 'locationId', 'queueId'] });
  const queues = useQueues(locationId || undefined);

  // A location's queues arrive after it is chosen: its first one is offered until another is picked.
  useEffect(() => {
    if (queues.data && !queues.data.some((queue) => queue.id === getValues('queueId'))) {
      setValue('queueId', queues.data[0]?.id ?? '');
    }
  }, [queues.data, getValues, setValue]);

  const submit = handleSubmit((body) =>
    pair.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? tvMessages.paired);
        resetField('code');
      },
    }),
  );

  return (
    <Stack component="form" spacing={1.5} noValidate onSubmit={submit} aria-label={texts.title}>
      {pair.error ? <ApiErrorAlert error={pair.error} fallback={texts.pairFailed} /> : null}
      {/* One field a row: the card is half the page wide, and a queue's name needs the room. */}
      <Stack spacing={1.5}>
        <FormTextField
          control={control}
          name="code"
          label={texts.code}
          helperText={texts.codeHint}
          keepOfTyped={typedCode}
          required
          autoComplete="off"
          slotProps={{
            htmlInput: { maxLength: pairingCodeLength + 2, style: { letterSpacing: '0.2em' } },
          }}
        />
        <Controller
          control={control}
          name="locationId"
          render={({ field, fieldState }) => (
            <TextField
              select
              fullWidth
              label={texts.location}
              name={field.name}
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                // The queue belongs to the location left: the new one's first is offered once they arrive.
                setValue('queueId', '');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              required
            >
              {partner.locations.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.location_name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          control={control}
          name="queueId"
          select
          label={texts.queue}
          required
          disabled={!queues.data?.length}
        >
          {(queues.data ?? []).map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.queue_name}
            </MenuItem>
          ))}
        </FormTextField>
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
      <FetchedList
        query={tvs}
        fetchError={texts.loadFailed}
        empty={texts.none}
        placeholder={<Skeleton height={48} aria-label={texts.loading} />}
      >
        {(pairedTvs) => (
          <List disablePadding aria-label={texts.pairedTvs}>
            {pairedTvs.map((tv) => (
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
        )}
      </FetchedList>
      {unpairing ? <UnpairDialog tv={unpairing} onClose={() => setUnpairing(null)} /> : null}
    </Stack>
  );
}

function UnpairDialog({ tv, onClose }: { tv: PairedTv; onClose: () => void }) {
  const unpair = useUnpairTv();
  const confirm = () =>
    unpair.mutate(tv.id, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? tvMessages.unpaired);
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      title={texts.confirmTitle}
      body={texts.confirmText(tv.location_name, tv.queue_name)}
      working={unpair.isPending}
      error={unpair.error}
      errorFallback={texts.unpairFailed}
      cancelLabel={texts.cancel}
      confirmLabel={texts.unpair}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
