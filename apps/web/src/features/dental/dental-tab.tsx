import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { dentalChartWords as words } from '@vaidya/contract/dental-screens';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useClinic } from '../../lib/clinic-context';

// The chart and the plans (with the dental contract) are asked for as the tab's code arrives,
// beside the patient's record, as the patient page does with its timeline: the header and the
// details never wait for them, and the page stays within its JavaScript budget.
const chartCode = import('./components/chart-section');
const plansCode = import('./components/treatment-plans');
const ChartSection = lazy(async () => ({ default: (await chartCode).ChartSection }));
const TreatmentPlans = lazy(async () => ({ default: (await plansCode).TreatmentPlans }));

/**
 * `/dashboard/patients/:id/dental`, the Dental tab of a dental clinic's patient page (the
 * page's child route, shown in place of the history): the patient's chart, then their
 * treatment plans.
 */
export function DentalTab() {
  const { id = '' } = useParams();
  const { partner } = useClinic();
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={words.loading} />
        </Box>
      }
    >
      <Stack spacing={2}>
        <ChartSection patientId={id} />
        <TreatmentPlans patientId={id} numbering={partner.tooth_numbering} />
      </Stack>
    </Suspense>
  );
}
