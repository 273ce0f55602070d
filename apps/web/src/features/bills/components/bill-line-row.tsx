import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ComputedBillLine } from '@vaidya/contract/bill-arithmetic';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import type { FieldErrors } from '../../../components/documents/document-editor';
import { type DraftLine, formatPaise } from '../bill-draft';

/**
 * One line: on phones the name and remove button over the three numbers, then the line's
 * tax and amount, the figures the printed bill shows for it.
 */
export function BillLineRow({
  line,
  figures,
  errors,
  index,
  onChange,
  onRemove,
}: {
  line: DraftLine;
  figures: ComputedBillLine | undefined;
  errors: FieldErrors;
  index: number;
  onChange: (values: Partial<DraftLine>) => void;
  onRemove: () => void;
}) {
  const error = (field: string) => errors[`items.${index}.${field}`];
  const number = (field: 'quantity' | 'unitPrice' | 'taxPercentage', label: string, decimal: boolean) => (
    <TextField
      size="small"
      label={label}
      value={line[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={Boolean(error(field))}
      helperText={error(field)}
      sx={{ gridArea: field }}
      slotProps={{ htmlInput: { inputMode: decimal ? 'decimal' : 'numeric' } }}
    />
  );
  return (
    <Box
      component="li"
      aria-label={line.name}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        gridTemplateColumns: { xs: '1fr 1fr 1fr auto', md: 'minmax(160px, 2fr) 90px 140px 90px 170px auto' },
        gridTemplateAreas: {
          xs: `"name name name remove" "quantity unitPrice taxPercentage taxPercentage" "figures figures figures figures"`,
          md: `"name quantity unitPrice taxPercentage figures remove"`,
        },
      }}
    >
      <Typography sx={{ gridArea: 'name', fontWeight: 500, overflowWrap: 'anywhere' }}>
        {line.name}
      </Typography>
      {number('quantity', words.item.quantity, false)}
      {number('unitPrice', words.item.unitPrice, true)}
      {number('taxPercentage', words.item.tax, true)}
      <Box
        sx={{
          gridArea: 'figures',
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          alignItems: { xs: 'baseline', md: 'flex-end' },
          columnGap: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {words.item.taxFigure(formatPaise(figures?.taxPaise ?? 0))}
        </Typography>
        <Typography>{words.item.amountFigure(formatPaise(figures?.amountPaise ?? 0))}</Typography>
      </Box>
      <IconButton aria-label={words.item.remove(line.name)} onClick={onRemove} sx={{ gridArea: 'remove' }}>
        <DeleteOutlinedIcon />
      </IconButton>
    </Box>
  );
}
