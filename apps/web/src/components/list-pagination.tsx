import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pagerWords as words } from '@vaidya/contract/master-screens';
import { type ChangeEvent, useId } from 'react';

/** Spec §9: rows per page 5, 10, 25 or 50; screens start at 10. */
export const rowsPerPageOptions = [5, 10, 25, 50];

/**
 * Server-side paging under a list; changing the page size goes back to the first page.
 * `total` is undefined until the list's first answer, and then no range is shown ("0–0
 * of 0" would be untrue and jump when the rows arrive). With `totalCapped` the list counted
 * only up to `total` and more match: the range says "of 1,000+" and the next page stays
 * open. A compact pager (on phones) has no page-size select, which with the arrows would
 * not fit in 360 px.
 *
 * Our own rather than MUI's TablePagination: that one brings its Select, menu and
 * tooltips into every list's first load, for one select of four numbers.
 */
export function ListPagination(props: {
  total: number | undefined;
  /** More match than `total` (a list that counts up to a cap, decision 043). */
  totalCapped?: boolean;
  page: number;
  limit: number;
  compact: boolean;
  /** The page sizes offered; the bills list offers its own (spec §9). */
  options?: readonly number[];
  onPageChange(page: number): void;
  onLimitChange(limit: number): void;
}) {
  const selectId = useId();
  const { total, page, limit } = props;
  const from = total ? page * limit + 1 : 0;
  const to = total ? Math.min(total, (page + 1) * limit) : 0;
  const lastPage = total ? Math.ceil(total / limit) - 1 : 0;

  return (
    <Stack
      direction="row"
      spacing={{ xs: 1, sm: 2 }}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', minHeight: 52, px: { xs: 1, sm: 2 } }}
    >
      {props.compact ? null : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="label" htmlFor={selectId} variant="body2">
            {words.rowsPerPage}
          </Typography>
          <Box
            component="select"
            id={selectId}
            value={limit}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => {
              props.onLimitChange(Number(event.target.value));
              props.onPageChange(0);
            }}
            sx={{ border: 0, bgcolor: 'transparent', typography: 'body2', cursor: 'pointer', py: 0.5 }}
          >
            {(props.options ?? rowsPerPageOptions).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Box>
        </Stack>
      )}
      <Typography variant="body2" aria-live="polite">
        {total === undefined
          ? ''
          : props.totalCapped
            ? words.rangeAtLeast(from, to, total)
            : words.range(from, to, total)}
      </Typography>
      <Stack direction="row">
        <IconButton
          aria-label={words.previousPage}
          disabled={page === 0}
          onClick={() => props.onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label={words.nextPage}
          disabled={total === undefined || (page >= lastPage && !props.totalCapped)}
          onClick={() => props.onPageChange(page + 1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Stack>
    </Stack>
  );
}
