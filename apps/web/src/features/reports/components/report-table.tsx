import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { reportScreenWords as words } from '@vaidya/contract/reports-screens';
import type { ReactNode } from 'react';
import { ScrollBox } from '../../../components/scroll-box';
import type { ReportTableModel } from '../report-csv';

const placeholders = [1, 2, 3];

/**
 * The first column stays in view while the figures scroll sideways on a phone: a period or
 * a patient is what each row is read by.
 */
const tableLook = {
  [`& .${tableCellClasses.root}`]: { px: 1 },
  [`& .${tableCellClasses.alignRight}`]: { whiteSpace: 'nowrap' },
  [`& .${tableCellClasses.root}:first-of-type`]: {
    position: 'sticky',
    left: 0,
    bgcolor: 'background.paper',
    zIndex: 1,
  },
};

/**
 * A report's table: the same cells the CSV file holds (report-csv.ts), numbers to the right,
 * the totals row last. `cellContent` may draw a cell richer than its text (a patient's name
 * as a link to their page); `action` adds a last column that is no part of the figures.
 */
export function ReportTable({
  table,
  label,
  loading,
  emptyText,
  cellContent,
  action,
}: {
  table: ReportTableModel;
  label: string;
  loading: boolean;
  emptyText: string;
  cellContent?: (rowKey: string, column: number, text: string) => ReactNode;
  action?: { header: string; content: (rowKey: string) => ReactNode };
}) {
  const width = table.columns.length + (action ? 1 : 0);
  const align = (column: number) => (table.columns[column]?.numeric ? 'right' : 'left');
  return (
    <ScrollBox label={words.tableRegion(label)}>
      <Table size="small" aria-label={label} sx={tableLook}>
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
            {action ? <TableCell>{action.header}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody aria-busy={loading} aria-label={loading ? words.loading : undefined}>
          {loading ? (
            placeholders.map((placeholder) => (
              <TableRow key={placeholder}>
                <TableCell colSpan={width}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))
          ) : table.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={width} align="center" sx={{ py: 4 }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            <>
              {table.rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((text, column) => (
                    <TableCell
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order.
                      key={column}
                      component={column === 0 ? 'th' : 'td'}
                      scope={column === 0 ? 'row' : undefined}
                      align={align(column)}
                    >
                      {cellContent ? cellContent(row.key, column, text) : text}
                    </TableCell>
                  ))}
                  {action ? <TableCell>{action.content(row.key)}</TableCell> : null}
                </TableRow>
              ))}
              {table.totals ? (
                <TableRow sx={{ [`& .${tableCellClasses.root}`]: { fontWeight: 700 } }}>
                  {table.totals.map((text, column) => (
                    <TableCell
                      // biome-ignore lint/suspicious/noArrayIndexKey: the totals' cells are the columns, in order.
                      key={column}
                      component={column === 0 ? 'th' : 'td'}
                      scope={column === 0 ? 'row' : undefined}
                      align={align(column)}
                    >
                      {text}
                    </TableCell>
                  ))}
                  {action ? <TableCell /> : null}
                </TableRow>
              ) : null}
            </>
          )}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}
