import type { ReactNode } from 'react';
import styles from './document-page.module.css';

/** One column of a printed table: its heading, what it shows of each row, and whether it holds amounts. */
export interface DocumentColumn<Row> {
  /** Also the column's key: a table's headings differ. */
  heading: string;
  cell: (row: Row, index: number) => ReactNode;
  /** Amounts line up on the right, heading and cells alike. */
  amount?: boolean;
}

interface DocumentTableProps<Row> {
  columns: DocumentColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Keeps a readable width on a phone rather than squeezing its words; put it in a `ScrollBox`. */
  wide?: boolean;
}

/**
 * A table of a printed document (the prescription's medicines, the bill's items and
 * payments, the receipt's bills): a row of column headings, then a row per entry. Plain
 * markup, as the patient's pages are drawn without MUI (decision 032).
 */
export function DocumentTable<Row>({ columns, rows, rowKey, wide = false }: DocumentTableProps<Row>) {
  const alignOf = (column: DocumentColumn<Row>) => (column.amount ? styles.amount : undefined);
  return (
    <table className={wide ? `${styles.table} ${styles.wide}` : styles.table}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.heading} scope="col" className={alignOf(column)}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.heading} className={alignOf(column)}>
                {column.cell(row, index)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
