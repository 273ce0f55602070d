import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { reportScreenWords as words } from '@vaidya/contract/reports-screens';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import type { ChartSpec } from './chart-spec';

// Chart.js is fetched once a report has its figures to draw, after the page and its table
// (decision 015: a page's budget counts what loads on arrival).
const ChartCanvas = lazy(async () => ({ default: (await import('./chart-canvas')).ChartCanvas }));

/** A chart whose code could not be fetched says so; the table under it still has every figure. */
class ChartFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {words.chartFailed}
      </Typography>
    );
  }
}

/**
 * A report's chart above its table, `label` its text alternative (what it shows and its
 * totals in a sentence). `height` suits the chart: a bar per treatment needs more room.
 */
export function ReportChart({
  spec,
  label,
  height = 260,
}: {
  spec: ChartSpec;
  label: string;
  height?: number;
}) {
  return (
    <Box sx={{ position: 'relative', height, mb: 2 }}>
      <ChartFailure>
        <Suspense fallback={<Skeleton variant="rounded" height="100%" aria-label={words.loading} />}>
          <ChartCanvas spec={spec} label={label} />
        </Suspense>
      </ChartFailure>
    </Box>
  );
}
