import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { clinicDate, clinicDateTime } from '@vaidya/contract/calendar-dates';
import { ageingBuckets, type DueRow, type DuesAgeing } from '@vaidya/contract/reports';
import { ageingBucketLabels, reportScreenWords } from '@vaidya/contract/reports-screens';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { apiErrorSentence } from '../../components/api-error-alert';
import { ListPagination } from '../../components/list-pagination';
import { PatientLink } from '../../components/patient-link';
import { useClinicTimeZone } from '../../lib/clinic-context';
import { formatRupees } from '../../lib/money';
import { useDebounced } from '../../lib/use-debounced';
import { useDuesAgeing, useSendDuesReminder } from './api/reports-api';
import type { ChartSpec } from './components/chart-spec';
import { LocationChoice } from './components/report-filters';
import { ReportLoadError } from './components/report-load-error';
import { ReportSection } from './components/report-section';
import type { ReportTableModel } from './report-csv';
import { useReportRange } from './report-range';

const words = reportScreenWords.dues;
const firstLimit = 10;
const rowKey = (row: DueRow) => `${row.patient_id}:${row.location_id}`;

/**
 * The table: a row per patient and location, the balance by the age of its bills, the total,
 * the last payment and reminder (in the clinic's time zone); the whole report's totals last.
 * With every location the location has a column of its own.
 */
function duesTable(dues: DuesAgeing, timeZone: string, showLocation: boolean): ReportTableModel {
  return {
    columns: [
      { label: words.patient },
      { label: words.mobile },
      ...(showLocation ? [{ label: words.location }] : []),
      ...ageingBuckets.map((bucket) => ({ label: ageingBucketLabels[bucket], numeric: true })),
      { label: words.total, numeric: true },
      { label: words.lastPayment },
      { label: words.lastReminder },
    ],
    rows: dues.results.map((row) => ({
      key: rowKey(row),
      cells: [
        row.patient_name,
        row.mobile,
        ...(showLocation ? [row.location_name] : []),
        ...ageingBuckets.map((bucket) => formatRupees(row[bucket])),
        formatRupees(row.total),
        row.last_payment_at && row.last_payment_amount !== null
          ? words.paymentOn(formatRupees(row.last_payment_amount), clinicDate(row.last_payment_at, timeZone))
          : words.never,
        row.last_reminder_at ? clinicDateTime(row.last_reminder_at, timeZone) : words.never,
      ],
    })),
    totals: [
      reportScreenWords.total,
      '',
      ...(showLocation ? [''] : []),
      ...ageingBuckets.map((bucket) => formatRupees(dues.totals[bucket])),
      formatRupees(dues.totals.total),
      '',
      '',
    ],
  };
}

const bucketChart = (dues: DuesAgeing): ChartSpec => ({
  kind: 'bar',
  unit: 'rupees',
  labels: ageingBuckets.map((bucket) => ageingBucketLabels[bucket]),
  series: [{ label: words.total, values: ageingBuckets.map((bucket) => dues.totals[bucket]) }],
});

const noFigures: ReportTableModel = { columns: [], rows: [] };

/**
 * `/dashboard/reports/dues`: every patient who owes, largest balance first, found by name or
 * mobile; the money owed by the age of its bills as bars; "Send reminder" puts a WhatsApp
 * reminder of a patient's dues in the outbox, once a day at most (the server's refusal is
 * shown as it words it).
 */
export function DuesReport() {
  const range = useReportRange();
  const timeZone = useClinicTimeZone();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim(), 300);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(firstLimit);
  const dues = useDuesAgeing({ locationId: range.range.locationId, query, page, limit });
  const reminder = useSendDuesReminder();
  const report = dues.data;
  const showLocation = range.range.locationId === '';
  const table = useMemo(
    () => (report ? duesTable(report, timeZone, showLocation) : noFigures),
    [report, timeZone, showLocation],
  );
  const chart = useMemo(
    () =>
      report && report.totals.patients > 0
        ? {
            spec: bucketChart(report),
            height: 200,
            label: reportScreenWords.chartSummary(
              words.chart,
              words.chartTotals(formatRupees(report.totals.total), report.totals.patients),
            ),
          }
        : undefined,
    [report],
  );
  const rowOf = (key: string) => report?.results.find((candidate) => rowKey(candidate) === key);

  const send = (row: DueRow) =>
    reminder.mutate(
      { patientId: row.patient_id, locationId: row.location_id },
      { onSuccess: () => toast.success(words.reminderQueued(row.patient_name)) },
    );
  const sending = reminder.isPending ? reminder.variables : undefined;

  return (
    <>
      <Box
        role="group"
        aria-label={reportScreenWords.filters}
        sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}
      >
        <TextField
          type="search"
          label={reportScreenWords.search}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setPage(0);
          }}
        />
        <LocationChoice
          allLocations={range.allLocations}
          onChange={(all) => {
            range.setAllLocations(all);
            setPage(0);
          }}
        />
      </Box>
      {reminder.isError ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => reminder.reset()}>
          {apiErrorSentence(reminder.error, words.reminderFailed)}
        </Alert>
      ) : null}
      {dues.isError ? (
        <ReportLoadError query={dues} />
      ) : (
        <ReportSection
          title={
            report
              ? words.summary(formatRupees(report.totals.total), report.totals.patients)
              : reportScreenWords.loading
          }
          note={words.pageOnlyNote}
          table={table}
          fileName={words.fileName(page + 1)}
          loading={!report}
          emptyText={query ? words.emptySearch : words.empty}
          chart={chart}
          cellContent={(key, column, text) => {
            const row = rowOf(key);
            return column === 0 && row ? <PatientLink patientId={row.patient_id} name={text} /> : text;
          }}
          action={{
            header: words.sendReminder,
            content: (key) => {
              const row = rowOf(key);
              if (!row) return null;
              return (
                <Button
                  size="small"
                  aria-label={words.sendReminderTo(row.patient_name)}
                  loading={sending?.patientId === row.patient_id && sending.locationId === row.location_id}
                  disabled={reminder.isPending}
                  onClick={() => send(row)}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {words.remind}
                </Button>
              );
            },
          }}
        >
          <ListPagination
            total={report?.pagination.total}
            page={page}
            limit={limit}
            compact={compact}
            onPageChange={setPage}
            onLimitChange={setLimit}
          />
        </ReportSection>
      )}
    </>
  );
}
