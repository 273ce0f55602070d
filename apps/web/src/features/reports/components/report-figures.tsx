import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A headline figure: its label, its value and, under the value, what qualifies it. */
export type ReportFigure = [label: string, value: string, detail?: string];

/**
 * A report's headline figures over its range, each a label and its value, read at a glance
 * before the chart: two to a row on a phone, four on a wide screen. A value in words (no
 * times recorded yet) is set smaller than a number.
 */
export function ReportFigures({ figures }: { figures: ReportFigure[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        m: 0,
        mb: 3,
      }}
    >
      {figures.map(([label, value, detail]) => (
        <Paper key={label} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontWeight: 600, fontSize: /^[₹\d]/.test(value) ? '1.4rem' : '1rem' }}
          >
            {value}
          </Typography>
          {detail ? (
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {detail}
            </Typography>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}
