import TablePagination, { tablePaginationClasses } from '@mui/material/TablePagination';

/** Spec §9: rows per page 5, 10, 25 or 50; screens start at 10. */
export const rowsPerPageOptions = [5, 10, 25, 50];

/**
 * On a phone the page size and the page arrows do not fit on one line: they wrap,
 * and the arrows stay in reach rather than scrolling out of view.
 */
const wrapOnNarrowScreens = {
  [`& .${tablePaginationClasses.toolbar}`]: {
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    pl: { xs: 1, sm: 2 },
  },
  [`& .${tablePaginationClasses.spacer}`]: { display: { xs: 'none', sm: 'block' } },
  [`& .${tablePaginationClasses.actions}`]: { ml: { xs: 1, sm: 2.5 } },
};

/** Server-side paging under a master table; changing the page size goes back to the first page. */
export function ListPagination(props: {
  total: number;
  page: number;
  limit: number;
  onPageChange(page: number): void;
  onLimitChange(limit: number): void;
}) {
  return (
    <TablePagination
      component="div"
      count={props.total}
      page={props.page}
      rowsPerPage={props.limit}
      rowsPerPageOptions={rowsPerPageOptions}
      onPageChange={(_event, next) => props.onPageChange(next)}
      onRowsPerPageChange={(event) => {
        props.onLimitChange(Number(event.target.value));
        props.onPageChange(0);
      }}
      sx={wrapOnNarrowScreens}
    />
  );
}
