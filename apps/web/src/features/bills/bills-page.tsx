import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { BillSummary } from '@vaidya/contract/bills';
import { billMessages } from '@vaidya/contract/bills';
import { billsScreenWords as words } from '@vaidya/contract/bills-screens';
import { calendarDateSchema } from '@vaidya/contract/schedule';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { DateField } from '../../components/date-field';
import { ListPagination } from '../../components/list-pagination';
import { PageHeader } from '../../components/page-header';
import { useClinic, useClinicToday } from '../../lib/clinic-context';
import { paths } from '../../lib/paths';
import { sessionKeys } from '../../lib/session';
import { useDebounced } from '../../lib/use-debounced';
import { useBills } from './api/bills-api';
import { BillsTable } from './components/bills-table';

const BillHistoryDialog = lazy(async () => ({
  default: (await import('./components/bill-history-dialog')).BillHistoryDialog,
}));
const RecordPaymentDialog = lazy(async () => ({
  default: (await import('../../components/record-payment-dialog')).RecordPaymentDialog,
}));

/** Spec §9: bills offer 10, 20 or 50 rows, 20 at first. */
const billPageSizes = [10, 20, 50] as const;
const firstLimit = 20;
const searchDebounceMs = 300;
const searchMinLength = 3;

/** Spec §9: the dates start at the clinic's today, or the day chosen on the bookings screen if later. */
function firstDay(today: string): string {
  const stored = localStorage.getItem(sessionKeys.selectedDay);
  return stored && calendarDateSchema.safeParse(stored).success && stored > today ? stored : today;
}

/**
 * `/dashboard/bills`: the location's bills between two dates, searched by the patient's
 * name or mobile; each opens in the preview (a tab of its own) or shows the patient's
 * bill history. A search of 1 or 2 characters, or dates in the wrong order, ask nothing.
 */
export function BillsPage() {
  const { location } = useClinic();
  const today = useClinicToday();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [search, setSearch] = useState('');
  const [startDate, setStartDate] = useState(() => firstDay(today));
  const [endDate, setEndDate] = useState(startDate);
  const [changedLast, setChangedLast] = useState<'start' | 'end'>('start');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(firstLimit);
  const [historyOf, setHistoryOf] = useState<BillSummary | null>(null);
  const [payingFor, setPayingFor] = useState<BillSummary | null>(null);

  const typed = search.trim();
  const settled = useDebounced(typed, searchDebounceMs);
  // An emptied box shows the whole list at once; only typing waits.
  const query = typed === '' ? '' : settled;
  const searchTooShort = typed.length > 0 && typed.length < searchMinLength;
  const datesCrossed = startDate !== '' && endDate !== '' && startDate > endDate;
  const valid = !searchTooShort && !datesCrossed && (query === '' || query.length >= searchMinLength);
  const bills = useBills(
    { locationId: location?.id ?? '', query, startDate, endDate, page, limit },
    Boolean(location) && valid,
  );

  const header = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <PageHeader title={words.title} description={words.description} />
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.billEditor}>
        {words.newBill}
      </Button>
    </Stack>
  );
  if (!location)
    return (
      <>
        {header}
        <Alert severity="info">{billMessages.selectLocation}</Alert>
      </>
    );

  const firstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };
  const rows = bills.data?.bills ?? [];

  return (
    <>
      {header}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr' },
          '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
        }}
      >
        <TextField
          label={words.search}
          type="search"
          value={search}
          onChange={(event) => firstPage(setSearch)(event.target.value)}
          error={searchTooShort}
          helperText={searchTooShort ? billMessages.searchTooShort : undefined}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <DateField
          label={words.startDate}
          value={startDate}
          onChange={(date) => {
            firstPage(setStartDate)(date);
            setChangedLast('start');
          }}
          error={datesCrossed && changedLast === 'start' ? billMessages.startAfterEnd : undefined}
        />
        <DateField
          label={words.endDate}
          value={endDate}
          onChange={(date) => {
            firstPage(setEndDate)(date);
            setChangedLast('end');
          }}
          error={datesCrossed && changedLast === 'end' ? billMessages.endBeforeStart : undefined}
        />
      </Box>
      {bills.isError ? (
        <ApiErrorAlert
          error={bills.error}
          fallback={words.fetchFailed}
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" loading={bills.isFetching} onClick={() => bills.refetch()}>
              {words.retry}
            </Button>
          }
        />
      ) : null}
      <Paper variant="outlined">
        <BillsTable
          bills={rows}
          firstSerial={page * limit + 1}
          loading={valid && bills.isPending}
          compact={compact}
          onHistory={setHistoryOf}
          onRecordPayment={setPayingFor}
        />
        <ListPagination
          total={bills.data?.pagination.total}
          page={page}
          limit={limit}
          compact={compact}
          options={billPageSizes}
          onPageChange={setPage}
          onLimitChange={setLimit}
        />
      </Paper>
      {historyOf ? (
        <Suspense fallback={null}>
          <BillHistoryDialog
            locationId={location.id}
            patient={historyOf}
            onClose={() => setHistoryOf(null)}
            onRecordPayment={() => {
              setPayingFor(historyOf);
              setHistoryOf(null);
            }}
          />
        </Suspense>
      ) : null}
      {payingFor ? (
        <Suspense fallback={null}>
          <RecordPaymentDialog
            locationId={location.id}
            patient={payingFor}
            onClose={() => setPayingFor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
