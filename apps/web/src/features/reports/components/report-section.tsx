import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { reportScreenWords as words } from '@vaidya/contract/reports-screens';
import type { ComponentProps, ReactNode } from 'react';
import { downloadReportCsv, type ReportTableModel } from '../report-csv';
import type { ChartSpec } from './chart-spec';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';

/**
 * One report's card: its heading and "Download CSV" of exactly the table shown, the chart
 * (or `quiet`, a sentence in its place when every figure is nought), the table, then
 * `children` (a pager). Nothing to download while the table is loading or empty.
 */
export function ReportSection({
  title,
  note,
  table,
  fileName,
  loading,
  emptyText,
  chart,
  quiet,
  cellContent,
  action,
  children,
}: {
  title: string;
  note?: ReactNode;
  table: ReportTableModel;
  fileName: string;
  loading: boolean;
  emptyText: string;
  /** Undefined until the figures have come, or when there are none to draw. */
  chart?: { spec: ChartSpec; label: string; height?: number };
  quiet?: string;
  cellContent?: ComponentProps<typeof ReportTable>['cellContent'];
  action?: ComponentProps<typeof ReportTable>['action'];
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}
      >
        <Stack spacing={0.5}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {note ? (
            <Typography variant="body2" color="text.secondary">
              {note}
            </Typography>
          ) : null}
        </Stack>
        <Button
          startIcon={<FileDownloadIcon />}
          disabled={loading || table.rows.length === 0}
          onClick={() => downloadReportCsv(table, fileName)}
          sx={{ flexShrink: 0 }}
        >
          {words.downloadCsv}
        </Button>
      </Stack>
      {quiet ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {quiet}
        </Typography>
      ) : chart ? (
        <ReportChart spec={chart.spec} label={chart.label} height={chart.height} />
      ) : null}
      <ReportTable
        table={table}
        label={title}
        loading={loading}
        emptyText={emptyText}
        cellContent={cellContent}
        action={action}
      />
      {children}
    </Paper>
  );
}
