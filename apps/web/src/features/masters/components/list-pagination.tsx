import TablePagination, { tablePaginationClasses } from '@mui/material/TablePagination';

/** Spec §9: rows per page 5, 10, 25 or 50; screens start at 10. */
export const rowsPerPageOptions = [5, 10, 25, 50];

/** Nothing to say before the first answer: "0–0 of 0" would be untrue and jump when the rows arrive. */
const noRangeYet = () => '';

/** On a phone the toolbar keeps only "1–10 of 27" and the arrows, aligned with the rows' actions. */
const compactToolbar = {
  [`& .${tablePaginationClasses.toolbar}`]: { pl: 1 },
  [`& .${tablePaginationClasses.actions}`]: { ml: 1 },
};

/**
 * Server-side paging under a master table; changing the page size goes back to the
 * first page. `total` is undefined until the list's first answer. A compact pager (on
 * phones) has no page-size select, which with the arrows would not fit in 360 px.
 */
export function ListPagination(props: {
  total: number | undefined;
  page: number;
  limit: number;
  compact: boolean;
  onPageChange(page: number): void;
  onLimitChange(limit: number): void;
}) {
  return (
    <TablePagination
      component="div"
      count={props.total ?? 0}
      page={props.page}
      rowsPerPage={props.limit}
      rowsPerPageOptions={props.compact ? [] : rowsPerPageOptions}
      labelDisplayedRows={props.total === undefined ? noRangeYet : undefined}
      onPageChange={(_event, next) => props.onPageChange(next)}
      onRowsPerPageChange={(event) => {
        props.onLimitChange(Number(event.target.value));
        props.onPageChange(0);
      }}
      sx={props.compact ? compactToolbar : undefined}
    />
  );
}
