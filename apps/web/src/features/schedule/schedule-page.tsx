import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { permissions, roleMessages } from '@vaidya/contract/roles';
import type { Queue } from '@vaidya/contract/schedule';
import { scheduleScreenTexts as texts } from '@vaidya/contract/schedule-screens';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useClinic, useClinicToday } from '../../lib/clinic-context';
import { useMay, useRole, useUserId } from '../../lib/partner-details-query';
import { useQueues } from '../../lib/queues-api';
import { OffDays } from './components/off-days';
import { OpenDaysCalendar } from './components/open-days-calendar';
import { SlotSize } from './components/slot-size';
import { WeeklySessions } from './components/weekly-sessions';

/**
 * Why the signed-in role may not change `queue`'s schedule (issue 23), or null when it may: the
 * front desk reads every schedule, a doctor changes only the queues they are the doctor of.
 */
function useScheduleRefusal(queue: Queue | undefined): string | null {
  const mayChange = useMay('schedule');
  const role = useRole();
  const userId = useUserId();
  if (!mayChange) return permissions.schedule.refusal;
  if (role === 'doctor' && queue && queue.doctor_user_id !== userId) return roleMessages.notYourQueue;
  return null;
}

/** The page links here with `?queue=<id>` from Settings; the choice stays in the address on reload. */
const queueParam = 'queue';

/**
 * Spec §2 "schedule": for one queue of the selected location (the first by default),
 * its weekly sessions, slot size, off-days and the coming four weeks.
 */
export function SchedulePage() {
  const { location } = useClinic();
  const queues = useQueues(location?.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const today = useClinicToday();
  const queue =
    queues.data?.find((candidate) => candidate.id === searchParams.get(queueParam)) ?? queues.data?.[0];
  const refusal = useScheduleRefusal(queue);
  const readOnly = refusal !== null;

  let content: React.ReactNode;
  if (!location) {
    content = <NoQueueYet text={texts.noLocation} />;
  } else if (queues.isError) {
    content = (
      <LoadError
        error={queues.error}
        fallback={texts.queuesError}
        retrying={queues.isFetching}
        onRetry={() => queues.refetch()}
      />
    );
  } else if (queues.isPending) {
    content = <Skeleton variant="rounded" height={240} aria-label={texts.queue} />;
  } else if (!queue) {
    content = <NoQueueYet text={texts.noQueues} />;
  } else {
    content = (
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label={texts.queue}
          value={queue.id}
          onChange={(event) => setSearchParams({ [queueParam]: event.target.value }, { replace: true })}
          sx={{ maxWidth: { sm: 360 } }}
        >
          {queues.data.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              {candidate.queue_name}
            </MenuItem>
          ))}
        </TextField>
        {refusal ? <Alert severity="info">{refusal}</Alert> : null}
        <Box
          key={queue.id}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={2}>
            <WeeklySessions queueId={queue.id} readOnly={readOnly} />
            <SlotSize queue={queue} readOnly={readOnly} />
          </Stack>
          <Stack spacing={2}>
            <OpenDaysCalendar queueId={queue.id} today={today} />
            <OffDays queueId={queue.id} today={today} readOnly={readOnly} />
          </Stack>
        </Box>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={texts.title} description={texts.description} />
      {content}
    </>
  );
}

function NoQueueYet({ text }: { text: string }) {
  // Locations and queues are added in Settings, the owner's (issue 23).
  const mayOpenSettings = useMay('clinicAdministration');
  return (
    <Alert
      severity="info"
      action={
        mayOpenSettings ? (
          <Button component={Link} to="/dashboard/settings" color="inherit" size="small">
            {texts.openSettings}
          </Button>
        ) : null
      }
    >
      {text}
    </Alert>
  );
}
