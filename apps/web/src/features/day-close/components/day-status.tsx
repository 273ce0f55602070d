import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { calendarDateEnGb, clinicDateTime } from '@vaidya/contract/calendar-dates';
import type { DaySummary } from '@vaidya/contract/day-close';
import { dayCloseScreenWords } from '@vaidya/contract/day-close-screens';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatRupees } from '../../../lib/money';
import { useMay } from '../../../lib/partner-details-query';
import { useReopenDay } from '../api/day-close-api';
import { cashDifferenceSaid } from '../cash-difference';

const words = dayCloseScreenWords;

/** A closed day's record: who closed it when, the cash counted against the cash received, the note. */
function ClosedRecord({ closed, timeZone }: { closed: NonNullable<DaySummary['closed']>; timeZone: string }) {
  return (
    <Stack spacing={0.5}>
      <Typography>
        {words.status.closedBy(closed.closed_by_name, clinicDateTime(closed.closed_at, timeZone))}
      </Typography>
      <Typography>
        {words.close.counted}: <strong>{formatRupees(closed.cash_counted)}</strong>
      </Typography>
      <Typography>
        {words.close.expectedAtClose}: <strong>{formatRupees(closed.cash_expected)}</strong>
      </Typography>
      <Typography>
        {words.close.difference}: <strong>{cashDifferenceSaid(closed.difference)}</strong>
      </Typography>
      {closed.note ? (
        <Typography>
          {words.close.note}: {closed.note}
        </Typography>
      ) : null}
    </Stack>
  );
}

/**
 * Whether the day is open or closed, with the closing's record and the last reopening, and
 * for the owner (the only role that may) Reopen day, asked first.
 */
export function DayStatus({ summary, timeZone }: { summary: DaySummary; timeZone: string }) {
  const mayReopen = useMay('dayReopen');
  const reopen = useReopenDay();
  const [asking, setAsking] = useState(false);
  const closed = summary.status === 'closed' ? summary.closed : null;

  const confirm = () =>
    reopen.mutate(
      { date: summary.date, locationId: summary.location_id },
      {
        onSuccess: () => {
          toast.success(words.reopen.reopened);
          setAsking(false);
        },
      },
    );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={words.status[summary.status]}
      sx={{ p: { xs: 1.5, sm: 2 }, borderColor: closed ? 'success.main' : undefined }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              label={words.status[summary.status]}
              color={closed ? 'success' : 'default'}
              sx={{ fontWeight: 700 }}
            />
            <Typography variant="h6" component="h2">
              {words.dayOf(summary.location_name, calendarDateEnGb(summary.date))}
            </Typography>
          </Stack>
          {closed ? <ClosedRecord closed={closed} timeZone={timeZone} /> : null}
          {summary.reopened ? (
            <Typography color="text.secondary">
              {words.status.reopenedBy(
                summary.reopened.reopened_by_name,
                clinicDateTime(summary.reopened.reopened_at, timeZone),
              )}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {closed ? words.status.closedHint : words.status.openHint}
          </Typography>
        </Stack>
        {closed && mayReopen ? (
          <Button variant="outlined" onClick={() => setAsking(true)} sx={{ flexShrink: 0 }}>
            {words.reopen.action}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={asking}
        title={words.reopen.title}
        body={words.reopen.text(calendarDateEnGb(summary.date), summary.location_name)}
        working={reopen.isPending}
        error={reopen.error}
        errorFallback={words.reopen.failed}
        confirmLabel={words.reopen.confirm}
        onCancel={() => {
          reopen.reset();
          setAsking(false);
        }}
        onConfirm={confirm}
      />
    </Paper>
  );
}
