import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { reportViewLabels, reportScreenWords as words } from '@vaidya/contract/reports-screens';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';

const views = (Object.keys(reportViewLabels) as (keyof typeof reportViewLabels)[]).map((view) => ({
  label: reportViewLabels[view],
  to: `${paths.reports}/${view}`,
}));

/**
 * `/dashboard/reports`: the owner's and doctors' reports, one view each (a child route the
 * router loads when opened): collections, dues, patients and visits, treatments and
 * medicines. The views are links rather than MUI's Tabs, which would weigh on the page's
 * budget; the chosen days and location go along in the address from one view to the next.
 */
export function ReportsPage() {
  const { pathname, search } = useLocation();
  return (
    <>
      <PageHeader title={words.title} description={words.description} />
      <Stack
        component="nav"
        direction="row"
        aria-label={words.views}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', overflowX: 'auto' }}
      >
        {views.map((view) => {
          const open = pathname.startsWith(view.to);
          return (
            <Button
              key={view.to}
              component={RouterLink}
              to={{ pathname: view.to, search }}
              aria-current={open ? 'page' : undefined}
              sx={{
                borderRadius: 0,
                borderBottom: 2,
                borderColor: open ? 'primary.main' : 'transparent',
                color: open ? 'primary.main' : 'text.secondary',
                px: { xs: 1.5, sm: 3 },
                flexShrink: 0,
                whiteSpace: 'nowrap',
              }}
            >
              {view.label}
            </Button>
          );
        })}
      </Stack>
      <Outlet />
    </>
  );
}
