import {
  type CollectionSplit,
  type Collections,
  collectionSplits,
  type ReportPeriod,
  reportPeriods,
} from '@vaidya/contract/reports';
import {
  collectionSplitLabels,
  reportPeriodLabels,
  reportScreenWords,
} from '@vaidya/contract/reports-screens';
import { useMemo } from 'react';
import { formatRupees } from '../../lib/money';
import { useCollections } from './api/reports-api';
import type { ChartSpec } from './components/chart-spec';
import { ReportFigures } from './components/report-figures';
import { ChoiceField, ReportFilters } from './components/report-filters';
import { ReportLoadError } from './components/report-load-error';
import { ReportSection } from './components/report-section';
import type { ReportTableModel } from './report-csv';
import { periodLabel } from './report-periods';
import { useReportRange } from './report-range';

const words = reportScreenWords.collections;
const periodOptions = reportPeriods.map((period) => ({ value: period, label: reportPeriodLabels[period] }));
const splitOptions = (['none', ...collectionSplits] as const).map((split) => ({
  value: split,
  label: collectionSplitLabels[split],
}));

/** The table: a row per period, bills made and money received, then each group's part; the totals last. */
function collectionsTable(report: Collections): ReportTableModel {
  const groups = report.totals.groups;
  const withBilled = report.by !== 'mode';
  const groupFigures = (rowGroups: Collections['totals']['groups']) =>
    groups.flatMap((group) => {
      const found = rowGroups.find((candidate) => candidate.key === group.key);
      const received = formatRupees(found?.received ?? 0);
      return withBilled ? [formatRupees(found?.billed ?? 0), received] : [received];
    });
  return {
    columns: [
      { label: words.period },
      { label: words.billed, numeric: true },
      { label: words.received, numeric: true },
      ...groups.flatMap((group) => [
        ...(withBilled ? [{ label: words.groupBilled(group.label), numeric: true }] : []),
        { label: words.groupReceived(group.label), numeric: true },
      ]),
    ],
    rows: report.rows.map((row) => ({
      key: row.period_start,
      cells: [
        periodLabel(report.period, row.period_start),
        formatRupees(row.billed),
        formatRupees(row.received),
        ...groupFigures(row.groups),
      ],
    })),
    totals: [
      reportScreenWords.total,
      formatRupees(report.totals.billed),
      formatRupees(report.totals.received),
      ...groupFigures(report.totals.groups),
    ],
  };
}

/** Without a split, the two figures' trend as lines; split, each period's money received in stacked bars by group. */
function collectionsChart(report: Collections): ChartSpec {
  const labels = report.rows.map((row) => periodLabel(report.period, row.period_start));
  if (!report.by) {
    return {
      kind: 'line',
      unit: 'rupees',
      labels,
      series: [
        { label: words.billed, values: report.rows.map((row) => row.billed) },
        { label: words.received, values: report.rows.map((row) => row.received) },
      ],
    };
  }
  return {
    kind: 'bar',
    unit: 'rupees',
    stacked: true,
    labels,
    series: report.totals.groups.map((group) => ({
      label: group.label,
      values: report.rows.map(
        (row) => row.groups.find((candidate) => candidate.key === group.key)?.received ?? 0,
      ),
    })),
  };
}

const noFigures: ReportTableModel = { columns: [], rows: [] };

/**
 * `/dashboard/reports/collections`: bills made and money received per day, week (from
 * Monday) or month over the chosen days, split by payment mode, doctor or location when
 * asked; a chart above the table and the table as a CSV file.
 */
export function CollectionsReport() {
  const range = useReportRange();
  const period = (reportPeriods as readonly string[]).includes(range.params.get('period') ?? '')
    ? (range.params.get('period') as ReportPeriod)
    : 'day';
  const by = (collectionSplits as readonly string[]).includes(range.params.get('by') ?? '')
    ? (range.params.get('by') as CollectionSplit)
    : undefined;
  const collections = useCollections(range.range, { period, by }, range.complete && !range.crossed);
  const report = collections.data;
  const table = useMemo(() => (report ? collectionsTable(report) : noFigures), [report]);
  const chart = useMemo(
    () =>
      report && {
        spec: collectionsChart(report),
        label: reportScreenWords.chartSummary(
          report.by ? words.splitChart(collectionSplitLabels[report.by]) : words.trendChart,
          words.chartTotals(formatRupees(report.totals.billed), formatRupees(report.totals.received)),
        ),
      },
    [report],
  );
  const nothing = report && report.totals.billed === 0 && report.totals.received === 0;

  return (
    <>
      <ReportFilters range={range}>
        <ChoiceField
          label={reportScreenWords.period}
          value={period}
          options={periodOptions}
          onChange={(value) => range.change({ period: value === 'day' ? null : value })}
        />
        <ChoiceField
          label={reportScreenWords.splitBy}
          value={by ?? 'none'}
          options={splitOptions}
          onChange={(value) => range.change({ by: value === 'none' ? null : value })}
        />
      </ReportFilters>
      {collections.isError ? (
        <ReportLoadError query={collections} />
      ) : (
        <>
          {report ? (
            <ReportFigures
              figures={[
                [words.billed, formatRupees(report.totals.billed)],
                [words.received, formatRupees(report.totals.received)],
              ]}
            />
          ) : null}
          <ReportSection
            title={words.trendChart}
            note={words.explanation}
            table={table}
            fileName={words.fileName(range.range.from, range.range.to)}
            loading={!report && !range.crossed}
            emptyText={words.empty}
            chart={chart}
            quiet={nothing ? words.empty : undefined}
          />
        </>
      )}
    </>
  );
}
