import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { dentalChartWords as words } from '@vaidya/contract/dental-screens';
import { lazy, Suspense, useState } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { LoadError } from '../../../components/load-error';
import { useMay } from '../../../lib/partner-details-query';
import { useDentalChart, useUpdateChart } from '../api/dental-api';
import { ChartLegend } from './chart-legend';
import { type ChartTarget, DentalChart } from './dental-chart';

// The menu (its form and the tooth's history) is fetched at the first tooth opened: the chart
// draws without it, and the page stays within its JavaScript budget.
const FindingMenu = lazy(async () => ({ default: (await import('./finding-menu')).FindingMenu }));

/**
 * The patient's chart as it stands, with its legend, the mixed dentition switch and the
 * numbering the clinic uses; a tooth or surface opens its finding menu.
 */
export function ChartSection({ patientId }: { patientId: string }) {
  const chart = useDentalChart(patientId);
  const updateChart = useUpdateChart(patientId);
  const [target, setTarget] = useState<ChartTarget | null>(null);
  // The front desk reads the chart and each tooth's history; a doctor or the owner changes it (issue 23).
  const mayWrite = useMay('clinicalRecords');

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="dental-chart-title"
      sx={{ p: { xs: 1.5, sm: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h6" component="h2" id="dental-chart-title">
          {words.title}
        </Typography>
        {chart.isSuccess ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {chart.data.tooth_numbering === 'UNIVERSAL' ? words.numberingUniversal : words.numberingFdi}
            </Typography>
            {mayWrite ? (
              <FormControlLabel
                label={words.mixedDentition}
                control={
                  <Switch
                    checked={chart.data.mixed_dentition}
                    disabled={updateChart.isPending}
                    onChange={(event) => updateChart.mutate(event.target.checked)}
                  />
                }
              />
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      {updateChart.error ? (
        <ApiErrorAlert error={updateChart.error} fallback={words.mixedDentitionFailed} sx={{ mb: 1 }} />
      ) : null}
      {chart.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={words.loading} />
        </Box>
      ) : chart.isError ? (
        <LoadError
          error={chart.error}
          fallback={words.fetchFailed}
          retrying={chart.isFetching}
          onRetry={() => chart.refetch()}
        />
      ) : (
        <>
          {chart.data.findings.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {words.empty}
            </Typography>
          ) : null}
          <DentalChart
            findings={chart.data.findings}
            mixedDentition={chart.data.mixed_dentition}
            numbering={chart.data.tooth_numbering}
            onOpen={setTarget}
          />
          <ChartLegend />
          {target ? (
            <Suspense fallback={<CircularProgress aria-label={words.loading} />}>
              <FindingMenu
                key={`${target.tooth}${target.surface ?? ''}`}
                patientId={patientId}
                tooth={target.tooth}
                surface={target.surface}
                numbering={chart.data.tooth_numbering}
                onClose={() => setTarget(null)}
              />
            </Suspense>
          ) : null}
        </>
      )}
    </Paper>
  );
}
