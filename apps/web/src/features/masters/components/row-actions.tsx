import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import { masterScreenWords } from '@vaidya/contract/master-screens';

/** The Actions cell of a master row: edit and delete, named after the record for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <IconButton aria-label={masterScreenWords.editNamed(name)} onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton aria-label={masterScreenWords.deleteNamed(name)} color="error" onClick={onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </TableCell>
  );
}
