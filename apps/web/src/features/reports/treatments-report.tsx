import type { TreatmentsReport as TreatmentsFigures } from '@vaidya/contract/reports';
import { reportScreenWords } from '@vaidya/contract/reports-screens';
import { useMemo } from 'react';
import { formatRupees } from '../../lib/money';
import { useTreatments } from './api/reports-api';
import type { ChartSpec } from './components/chart-spec';
import { ReportFilters } from './components/report-filters';
import { ReportLoadError } from './components/report-load-error';
import { ReportSection } from './components/report-section';
import type { ReportTableModel } from './report-csv';
import { useReportRange } from './report-range';

const words = reportScreenWords.treatments;
const count = (value: number) => value.toLocaleString('en-IN');

/** The most billed treatments, by revenue, as the API ranks them. */
function treatmentsTable(report: TreatmentsFigures): ReportTableModel {
  return {
    columns: [
      { label: words.treatment },
      { label: words.quantity, numeric: true },
      { label: words.bills, numeric: true },
      { label: words.revenue, numeric: true },
    ],
    rows: report.treatments.map((treatment, rank) => ({
      key: `${rank}`,
      cells: [
        treatment.name,
        count(treatment.quantity),
        count(treatment.bills),
        formatRupees(treatment.revenue),
      ],
    })),
  };
}

/** The most prescribed medicines, by the prescriptions naming them. */
function medicinesTable(report: TreatmentsFigures): ReportTableModel {
  return {
    columns: [{ label: words.medicine }, { label: words.prescriptions, numeric: true }],
    rows: report.medicines.map((medicine, rank) => ({
      key: `${rank}`,
      cells: [medicine.name, count(medicine.prescriptions)],
    })),
  };
}

const barsHeight = (bars: number) => Math.max(160, 28 * bars + 60);

const noFigures: ReportTableModel = { columns: [], rows: [] };

/**
 * One ranked list: bars lying along (long names fit, room grows with the bars), its table
 * under them, its own CSV file.
 */
function RankedList({
  title,
  table,
  fileName,
  loading,
  emptyText,
  unit,
  chartName,
  entries,
}: {
  title: string;
  table: ReportTableModel;
  fileName: string;
  loading: boolean;
  emptyText: string;
  unit: ChartSpec['unit'];
  chartName: string;
  /** In rank order; `shown` is the figure as the table shows it. */
  entries: { name: string; value: number; shown: string }[] | undefined;
}) {
  const first = entries?.[0];
  return (
    <ReportSection
      title={title}
      table={table}
      fileName={fileName}
      loading={loading}
      emptyText={emptyText}
      chart={
        entries && first
          ? {
              height: barsHeight(entries.length),
              spec: {
                kind: 'bar',
                unit,
                horizontal: true,
                labels: entries.map((entry) => entry.name),
                series: [
                  {
                    label: table.columns.at(-1)?.label ?? title,
                    values: entries.map((entry) => entry.value),
                  },
                ],
              },
              label: reportScreenWords.chartSummary(chartName, words.topOne(first.name, first.shown)),
            }
          : undefined
      }
    />
  );
}

/**
 * `/dashboard/reports/treatments`: the most billed treatments with their revenue and the
 * most prescribed medicines over the chosen days, each as bars above its table and its own CSV file.
 */
export function TreatmentsReport() {
  const range = useReportRange();
  const treatments = useTreatments(range.range, range.complete && !range.crossed);
  const report = treatments.data;
  const loading = !report && !range.crossed;
  const tables = useMemo(
    () => ({
      treatments: report ? treatmentsTable(report) : noFigures,
      medicines: report ? medicinesTable(report) : noFigures,
    }),
    [report],
  );
  const { from, to } = range.range;

  return (
    <>
      <ReportFilters range={range} />
      {treatments.isError ? (
        <ReportLoadError query={treatments} />
      ) : (
        <>
          <RankedList
            title={words.treatmentsTitle}
            table={tables.treatments}
            fileName={words.treatmentsFileName(from, to)}
            loading={loading}
            emptyText={words.noTreatments}
            unit="rupees"
            chartName={words.treatmentsChart}
            entries={report?.treatments.map((treatment) => ({
              name: treatment.name,
              value: treatment.revenue,
              shown: formatRupees(treatment.revenue),
            }))}
          />
          <RankedList
            title={words.medicinesTitle}
            table={tables.medicines}
            fileName={words.medicinesFileName(from, to)}
            loading={loading}
            emptyText={words.noMedicines}
            unit="count"
            chartName={words.medicinesChart}
            entries={report?.medicines.map((medicine) => ({
              name: medicine.name,
              value: medicine.prescriptions,
              shown: words.prescriptionsCount(medicine.prescriptions),
            }))}
          />
        </>
      )}
    </>
  );
}
