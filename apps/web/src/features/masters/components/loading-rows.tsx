import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Placeholder rows while a master table's first page loads. */
export function LoadingRows({ columns }: { columns: number }) {
  return [0, 1, 2].map((row) => (
    <TableRow key={row}>
      <TableCell colSpan={columns}>
        <Skeleton />
      </TableCell>
    </TableRow>
  ));
}
