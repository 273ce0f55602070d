import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { DaySummary } from '@vaidya/contract/day-close';
import { dayCloseScreenWords as words } from '@vaidya/contract/day-close-screens';
import { useState } from 'react';
import { DateField } from '../../components/date-field';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useClinic, useClinicTimeZone, useClinicToday } from '../../lib/clinic-context';
import { useDaySummary } from './api/day-close-api';
import { CloseDayForm } from './components/close-day-form';
import { DaySheet } from './components/day-sheet';
import { DayStatus } from './components/day-status';
import { CollectionsTable, DayBillsTable, DayPaymentsTable } from './components/day-tables';
import { OpenTokens } from './components/open-tokens';

/** Why the day cannot be closed yet, or null when it can. */
function closeBlockedBy(summary: DaySummary, today: string): string | null {
  if (summary.date > today) return words.close.futureDay;
  if (summary.open_tokens.length > 0) return words.close.blockedByTokens(summary.open_tokens.length);
  return null;
}

/** The day's figures, section by section, as the desk works through them from the top. */
function DayFigures({
  summary,
  today,
  onRefresh,
}: {
  summary: DaySummary;
  today: string;
  onRefresh: () => void;
}) {
  const timeZone = useClinicTimeZone();
  const open = summary.status === 'open';
  return (
    <Stack spacing={2}>
      <DayStatus summary={summary} timeZone={timeZone} />
      {open ? (
        <SectionCard title={words.tokens.title} description={words.tokens.description}>
          <OpenTokens tokens={summary.open_tokens} />
        </SectionCard>
      ) : null}
      <SectionCard title={words.collections.title} description={words.collections.description}>
        <CollectionsTable summary={summary} />
      </SectionCard>
      {open ? (
        <SectionCard title={words.close.title} description={words.close.description}>
          {/* A fresh form for each day: a count typed for one day never closes another. */}
          <CloseDayForm
            key={`${summary.location_id} ${summary.date}`}
            summary={summary}
            blockedBy={closeBlockedBy(summary, today)}
            onRefused={onRefresh}
          />
        </SectionCard>
      ) : null}
      <SectionCard title={words.bills.title} description={words.bills.description}>
        <DayBillsTable summary={summary} />
      </SectionCard>
      <SectionCard title={words.payments.title} description={words.payments.description}>
        <DayPaymentsTable summary={summary} timeZone={timeZone} />
      </SectionCard>
    </Stack>
  );
}

/**
 * `/dashboard/day-close`: the selected location's day (the clinic's today at first): its
 * tokens still open to settle, the money received by mode against the cash counted, the
 * bills made and the payments received, Close day once nothing is open, Reopen day for the
 * owner, and the day sheet to print. Every role closes a day; the server decides each call.
 */
export function DayClosePage() {
  const { partner, location } = useClinic();
  const today = useClinicToday();
  const [date, setDate] = useState(today);
  const summary = useDaySummary({ locationId: location?.id ?? '', date }, Boolean(location) && date !== '');
  // The day on screen is the one asked for: a previous date's stays only while the next loads.
  const shown = summary.data;

  return (
    <>
      <PageHeader
        title={words.title}
        description={location ? words.description(location.location_name) : undefined}
      />
      {location ? (
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between' }}
          >
            <DateField
              label={words.date}
              value={date}
              onChange={setDate}
              size="small"
              sx={{ maxWidth: { sm: 220 } }}
            />
            <Button
              variant="outlined"
              startIcon={<PrintIcon />}
              disabled={!shown || summary.isPlaceholderData}
              onClick={() => window.print()}
            >
              {words.sheet.print}
            </Button>
          </Stack>
          {summary.isFetching ? <LinearProgress aria-label={words.loading} /> : null}
          {summary.isError ? (
            <LoadError
              error={summary.error}
              fallback={words.fetchFailed}
              retrying={summary.isFetching}
              onRetry={() => summary.refetch()}
            />
          ) : null}
          {shown ? (
            <>
              <DayFigures summary={shown} today={today} onRefresh={() => summary.refetch()} />
              <DaySheet summary={shown} clinicName={partner.name} timeZone={partner.time_zone} />
            </>
          ) : null}
        </Stack>
      ) : (
        <Alert severity="info">{words.noLocation}</Alert>
      )}
    </>
  );
}
