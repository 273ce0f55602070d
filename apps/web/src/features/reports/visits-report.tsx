import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import type { Visits } from '@vaidya/contract/reports';
import { reportScreenWords } from '@vaidya/contract/reports-screens';
import { useMemo } from 'react';
import { useVisits } from './api/reports-api';
import { BusiestHours } from './components/busiest-hours';
import type { ChartSpec } from './components/chart-spec';
import { type ReportFigure, ReportFigures } from './components/report-figures';
import { ReportFilters } from './components/report-filters';
import { ReportLoadError } from './components/report-load-error';
import { ReportSection } from './components/report-section';
import type { ReportTableModel } from './report-csv';
import { useReportRange } from './report-range';

const words = reportScreenWords.visits;
const count = (value: number) => value.toLocaleString('en-IN');
const dayFigures = [
  'visits',
  'new_patients',
  'returning_patients',
  'online',
  'desk',
  'no_shows',
  'cancelled',
] as const;
const dayFigureLabels = {
  visits: words.visits,
  new_patients: words.newPatients,
  returning_patients: words.returningPatients,
  online: words.online,
  desk: words.desk,
  no_shows: words.noShows,
  cancelled: words.cancelled,
};

/** The table: a row per day of the range (its date as the API gives it), the range's totals last. */
function visitsTable(report: Visits): ReportTableModel {
  return {
    columns: [
      { label: words.date },
      ...dayFigures.map((figure) => ({ label: dayFigureLabels[figure], numeric: true })),
    ],
    rows: report.days.map((day) => ({
      key: day.date,
      cells: [calendarDateEnGb(day.date), ...dayFigures.map((figure) => count(day[figure]))],
    })),
    totals: [reportScreenWords.total, ...dayFigures.map((figure) => count(report.totals[figure]))],
  };
}

const visitsChart = (report: Visits): ChartSpec => ({
  kind: 'line',
  unit: 'count',
  labels: report.days.map((day) => calendarDateEnGb(day.date)),
  series: [
    { label: words.visits, values: report.days.map((day) => day.visits) },
    { label: words.newPatients, values: report.days.map((day) => day.new_patients) },
  ],
});

const minutesText = (minutes: number | null) =>
  minutes === null ? words.notApplicable : words.minutes(minutes);

/** A queue time over the range: its average, its 90th percentile under it; or that none is recorded yet. */
function durationFigure(label: string, duration: Visits['wait']): ReportFigure {
  if (duration.count === 0 || duration.average_minutes === null) return [label, words.noTimes];
  return [label, minutesText(duration.average_minutes), words.p90(minutesText(duration.p90_minutes))];
}

/** The range's headline figures: visits, patients, bookings, no-shows and the queue's times. */
function visitFigures(report: Visits): ReportFigure[] {
  return [
    [words.visits, count(report.totals.visits)],
    [words.newPatients, count(report.totals.new_patients)],
    [words.returningPatients, count(report.totals.returning_patients)],
    [
      words.noShowRate,
      report.totals.no_show_rate === null ? words.notApplicable : words.percent(report.totals.no_show_rate),
    ],
    [words.online, count(report.totals.online)],
    [words.desk, count(report.totals.desk)],
    durationFigure(words.wait, report.wait),
    durationFigure(words.consultation, report.consultation),
  ];
}

const noFigures: ReportTableModel = { columns: [], rows: [] };

/**
 * `/dashboard/reports/visits`: the range's visits, new and returning patients, bookings made
 * online and at the desk, the no-show rate and the queue's waiting and consultation times;
 * visits per day as a line with the days' table under it, and the busiest hours as a grid.
 */
export function VisitsReport() {
  const range = useReportRange();
  const visits = useVisits(range.range, range.complete && !range.crossed);
  const report = visits.data;
  const table = useMemo(() => (report ? visitsTable(report) : noFigures), [report]);
  const chart = useMemo(
    () =>
      report && {
        spec: visitsChart(report),
        label: reportScreenWords.chartSummary(
          words.trendChart,
          words.chartTotals(report.totals.visits, report.totals.new_patients),
        ),
      },
    [report],
  );
  const nothing = report && dayFigures.every((figure) => report.totals[figure] === 0);

  return (
    <>
      <ReportFilters range={range} />
      {visits.isError ? (
        <ReportLoadError query={visits} />
      ) : (
        <>
          {report ? <ReportFigures figures={visitFigures(report)} /> : null}
          <ReportSection
            title={words.trendChart}
            table={table}
            fileName={words.fileName(range.range.from, range.range.to)}
            loading={!report && !range.crossed}
            emptyText={words.empty}
            chart={chart}
            quiet={nothing ? words.empty : undefined}
          />
          {report ? (
            <Paper
              variant="outlined"
              component="section"
              aria-label={words.busiestHours}
              sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }}
            >
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {words.busiestHours}
              </Typography>
              <BusiestHours cells={report.busiest_hours} />
            </Paper>
          ) : null}
        </>
      )}
    </>
  );
}
