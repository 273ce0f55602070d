import AddIcon from '@mui/icons-material/Add';
import DoneIcon from '@mui/icons-material/Done';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  bookingMessages,
  patientSchema,
  queueLineOf,
  type Slot,
  tokenMoveMessages,
} from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { bookingsScreen as texts } from '@vaidya/contract/page-intros';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiErrorAlert, apiErrorSentence } from '../../components/api-error-alert';
import { PageHeader } from '../../components/page-header';
import type { BookingHandover } from '../../lib/booking-handover';
import { useClinic, useClinicToday } from '../../lib/clinic-context';
import { useMay } from '../../lib/partner-details-query';
import { paths } from '../../lib/paths';
import { useBookingMutations, useDayBookings, useQueues, useUnseenOnlineCount } from './api/bookings-api';
import { type BookingActions, BookingsTable } from './components/bookings-table';
import { CallNextButton } from './components/call-next-button';
import { DayPicker } from './components/day-picker';
import type { WalkInPatient } from './components/walk-in-dialog';
import { useSelectedDay } from './selected-day';
import { useQueueSelection } from './selected-queue';
import { useBookingUpdates } from './use-booking-updates';

// The dialogs and their forms load the first time one opens: the list alone is what the desk waits for.
const WalkInDialog = lazy(async () => ({
  default: (await import('./components/walk-in-dialog')).WalkInDialog,
}));
const EditNameDialog = lazy(async () => ({
  default: (await import('./components/edit-name-dialog')).EditNameDialog,
}));
const MoveBookingDialog = lazy(async () => ({
  default: (await import('./components/move-booking-dialog')).MoveBookingDialog,
}));
const CancelBookingDialog = lazy(async () => ({
  default: (await import('./components/cancel-booking-dialog')).CancelBookingDialog,
}));

type OpenDialog =
  | { kind: 'walk-in'; patient?: WalkInPatient }
  | { kind: 'edit-name'; booking: Slot }
  | { kind: 'move'; booking: Slot }
  | { kind: 'cancel'; booking: Slot }
  | null;

const noBookings: Slot[] = [];

const handedOverSchema = patientSchema.pick({ name: true, mobile: true, age: true, gender: true });

/** The patient the patient page handed over to book (`BookingHandover`), when the router state holds one. */
function patientToBook(state: unknown): WalkInPatient | null {
  if (typeof state !== 'object' || state === null || !('patient' in state)) return null;
  const parsed = handedOverSchema.safeParse(state.patient);
  return parsed.success ? parsed.data : null;
}

/**
 * Book appointment on the patient's page arrives here with the patient: the walk-in dialog
 * opens filled with them, once the queue is known. The handover is read once and dropped
 * from the history entry, so a reload or coming back does not open the dialog again.
 */
function useHandedOverBooking(): OpenDialog {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const [patient] = useState(() => patientToBook(state));
  const handedOver = patientToBook(state) !== null;
  useEffect(() => {
    if (handedOver) navigate({ pathname, search }, { replace: true, state: null });
  }, [handedOver, navigate, pathname, search]);
  return patient ? { kind: 'walk-in', patient } : null;
}

/** The desk works through the day by the clock; a token's number is its place in the queue, shown beside its time. */
const byTime = (a: Slot, b: Slot) =>
  a.start_time.localeCompare(b.start_time) || a.token_number - b.token_number;

/**
 * The front desk's home screen (spec §2, §7 Bookings): one queue's tokens of one day
 * at the selected location, with who has shown up, and the walk-ins added here.
 */
export function BookingsPage() {
  const { location } = useClinic();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const today = useClinicToday();
  const [day, setDay] = useSelectedDay(today);
  const [showCompleted, setShowCompleted] = useState(false);
  const [onlineOnly, setOnlineOnly] = useState(false);
  const handedOver = useHandedOverBooking();
  const [dialog, setDialog] = useState<OpenDialog>(handedOver);
  useBookingUpdates();

  const queues = useQueues(location?.id);
  const queueList = queues.data?.data ?? [];
  // A queue of another location is not offered.
  const { queue, selectQueue } = useQueueSelection(queueList);
  const bookings = useDayBookings(queue ? { queueId: queue.id, date: day, showCompleted } : null);
  const unseen = useUnseenOnlineCount(location?.id, bookings.dataUpdatedAt);
  const unseenCount = unseen.data?.data.count ?? 0;
  const { setShowedUp, moveToken } = useBookingMutations();
  const markShowedUp = setShowedUp.mutate;
  const moveInQueue = moveToken.mutate;
  const navigate = useNavigate();

  // Kept the same between renders, like the rows, so the list is drawn again only when it changes.
  const actions = useMemo<BookingActions>(
    () => ({
      onShowedUp: (booking, showedUp) =>
        markShowedUp(
          { slotId: booking.id, showedUp },
          {
            onSuccess: (answer) =>
              toast.success(
                answer.message ??
                  (showedUp ? bookingMessages.showedUpMarked : bookingMessages.showedUpCleared),
              ),
            onError: (error) => toast.error(apiErrorSentence(error, words.showedUpFailed)),
          },
        ),
      onMoveToken: (booking, move) =>
        moveInQueue(
          { slotId: booking.id, move },
          {
            onSuccess: (answer) =>
              toast.success(answer.message ?? tokenMoveMessages[move](booking.token_number)),
            onError: (error) => toast.error(apiErrorSentence(error, words.tokenMoveFailed)),
          },
        ),
      onEditName: (booking) => setDialog({ kind: 'edit-name', booking }),
      onMove: (booking) => setDialog({ kind: 'move', booking }),
      onCancel: (booking) => setDialog({ kind: 'cancel', booking }),
      onPrescription: (booking) => {
        const state: BookingHandover = { patient: booking.customer };
        navigate(`${paths.consultation}?slot=${booking.id}`, { state });
      },
      onBill: (booking) => {
        const state: BookingHandover = { patient: booking.customer };
        navigate(`${paths.billEditor}?slot=${booking.id}`, { state });
      },
    }),
    [markShowedUp, moveInQueue, navigate],
  );
  const closeDialog = () => setDialog(null);

  const rows = bookings.data?.data ?? noBookings;
  const shown = useMemo(
    () => (onlineOnly ? rows.filter((booking) => booking.source === 'online') : rows).toSorted(byTime),
    [rows, onlineOnly],
  );

  const mayPrescribe = useMay('clinicalRecords');
  const header = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' }, columnGap: 2 }}
    >
      <PageHeader title={texts.title} description={texts.description} />
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          alignSelf: { xs: 'flex-start', sm: 'center' },
          gap: 1,
          flexWrap: 'wrap',
          mb: 2,
        }}
      >
        {unseenCount > 0 || onlineOnly ? (
          <Chip
            icon={onlineOnly ? <DoneIcon /> : <NotificationsActiveIcon />}
            color="warning"
            label={unseenCount > 0 ? words.unseenOnline(unseenCount) : words.onlineBookings}
            aria-pressed={onlineOnly}
            title={onlineOnly ? words.showAllBookings : words.showOnlineOnly}
            onClick={() => setOnlineOnly(!onlineOnly)}
          />
        ) : null}
        {mayPrescribe ? (
          <Button variant="outlined" startIcon={<NoteAddIcon />} component={Link} to={paths.consultation}>
            {words.walkInPrescription}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );

  if (!location)
    return (
      <>
        {header}
        <Alert severity="info">{words.noLocation}</Alert>
      </>
    );

  // The same rule as the waiting-room TV's: the token called last, until the next call.
  const serving = queueLineOf(rows).serving;
  return (
    <Stack spacing={2}>
      {header}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <DayPicker day={day} today={today} onChange={setDay} />
        <TextField
          select
          size="small"
          label={words.queue}
          value={queue?.id ?? ''}
          onChange={(event) => selectQueue(event.target.value)}
          disabled={queueList.length === 0}
          sx={{ minWidth: 200 }}
        >
          {queueList.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              {candidate.queue_name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox checked={showCompleted} onChange={(event) => setShowCompleted(event.target.checked)} />
          }
          label={words.showCompleted}
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!queue}
          onClick={() => setDialog({ kind: 'walk-in' })}
          sx={{ ml: { md: 'auto !important' } }}
        >
          {words.addWalkIn}
        </Button>
        {queue && day === today ? (
          // With the page, not after it: arriving later, it would push the list down.
          <CallNextButton queueId={queue.id} date={day} />
        ) : null}
      </Stack>

      {queues.isError ? (
        <ApiErrorAlert
          error={queues.error}
          fallback={words.queuesFetchError}
          action={
            <Button color="inherit" size="small" onClick={() => queues.refetch()}>
              {words.retry}
            </Button>
          }
        />
      ) : null}
      {queues.isSuccess && queueList.length === 0 ? <Alert severity="info">{words.noQueues}</Alert> : null}
      {bookings.isError ? (
        <ApiErrorAlert
          error={bookings.error}
          fallback={words.bookingsFetchError}
          action={
            <Button
              color="inherit"
              size="small"
              loading={bookings.isFetching}
              onClick={() => bookings.refetch()}
            >
              {words.retry}
            </Button>
          }
        />
      ) : null}

      {queue && bookings.isSuccess ? (
        <Typography component="p" aria-live="polite">
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {words.nowServing}:
          </Typography>{' '}
          {serving ? words.nowServingToken(serving.token_number, serving.customer.name) : words.nobodyServed}
        </Typography>
      ) : null}
      {queue ? (
        <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
          {bookings.isFetching && !bookings.isPending ? (
            <LinearProgress
              aria-label={words.loading}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
            />
          ) : null}
          <BookingsTable bookings={shown} loading={bookings.isPending} compact={compact} actions={actions} />
          {bookings.isSuccess && !bookings.isPlaceholderData && shown.length === 0 ? (
            <Alert severity="info" sx={{ m: 2 }}>
              {onlineOnly ? words.noOnlineBookings : words.noBookings}
            </Alert>
          ) : null}
        </Paper>
      ) : null}

      <Suspense fallback={<LinearProgress aria-label={words.loading} />}>
        {dialog?.kind === 'walk-in' && queue ? (
          <WalkInDialog queueId={queue.id} date={day} patient={dialog.patient} onClose={closeDialog} />
        ) : null}
        {dialog?.kind === 'edit-name' ? (
          <EditNameDialog key={dialog.booking.id} booking={dialog.booking} onClose={closeDialog} />
        ) : null}
        {dialog?.kind === 'move' ? (
          <MoveBookingDialog key={dialog.booking.id} booking={dialog.booking} onClose={closeDialog} />
        ) : null}
        {dialog?.kind === 'cancel' ? (
          <CancelBookingDialog key={dialog.booking.id} booking={dialog.booking} onClose={closeDialog} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
