import { toCsv } from '@vaidya/contract/csv';
import { saveFile } from '../../lib/save-file';

/** A report's table as shown: its headings, its rows and its totals row, each cell the text on screen. */
export interface ReportTableModel {
  columns: { label: string; numeric?: boolean }[];
  rows: { key: string; cells: string[] }[];
  totals?: string[];
}

/** The table as a CSV file's text, formula-safe as every export of the app (contract/csv.ts). */
function reportCsv(table: ReportTableModel): string {
  return toCsv([
    table.columns.map((column) => column.label),
    ...table.rows.map((row) => row.cells),
    ...(table.totals ? [table.totals] : []),
  ]);
}

/** Saves exactly what the table shows as a CSV file. */
export function downloadReportCsv(table: ReportTableModel, fileName: string) {
  saveFile(new Blob([reportCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
}
