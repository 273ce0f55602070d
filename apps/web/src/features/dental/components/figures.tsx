import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** One figure: its label and the amount as written; the one that sums up is `total`, in bold. */
export interface Figure {
  label: string;
  amount: string;
  total?: boolean;
}

/** Money figures as label and amount, the amounts to the right: a plan's totals, what is billed and paid. */
export function Figures({ rows, sx }: { rows: Figure[]; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      sx={[
        {
          m: 0,
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          columnGap: 2,
          rowGap: 0.25,
          '& dd': { m: 0, textAlign: 'right' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents', fontWeight: row.total ? 700 : undefined }}>
          <dt>{row.label}</dt>
          <dd>{row.amount}</dd>
        </Box>
      ))}
    </Box>
  );
}
