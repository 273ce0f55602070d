import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** The edit and delete buttons: a small icon (20 px) in a medium IconButton (36 px), so a placeholder row is as tall as a real one. */
const actionButton = { width: 36, height: 36, display: 'grid', placeItems: 'center' } as const;
const actionIconSize = 20;

/**
 * Placeholder rows while a master table's first page loads: as many rows as the page
 * will hold, each shaped like a real one (its text cells, and in each the lines a row
 * shows, beside the two action buttons), so the table does not change height when the
 * rows arrive.
 */
export function LoadingRows({ rows, cells, lines }: { rows: number; cells: number; lines: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place.
    <TableRow key={row}>
      {Array.from({ length: cells }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        <TableCell key={cell}>
          {Array.from({ length: lines }, (_, line) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <Skeleton key={line} width={line === 0 ? '80%' : '50%'} />
          ))}
        </TableCell>
      ))}
      <TableCell align="right">
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {['edit', 'delete'].map((action) => (
            <Box key={action} sx={actionButton}>
              <Skeleton variant="circular" width={actionIconSize} height={actionIconSize} />
            </Box>
          ))}
        </Stack>
      </TableCell>
    </TableRow>
  ));
}
