import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { dashboardTexts as texts } from '@vaidya/contract/dashboard-screens';
import { type Permission, permissions } from '@vaidya/contract/roles';
import { Link, Outlet } from 'react-router';
import { useMay } from '../lib/partner-details-query';
import { paths } from '../lib/paths';

/**
 * Pages of one permission (issue 23): the screens hide the way to them from other roles, and
 * one opened from its address says it is not for their role rather than failing on its first call.
 */
function PermissionGuard({ permission }: { permission: Permission }) {
  const may = useMay(permission);
  if (may) return <Outlet />;
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Alert
        severity="info"
        action={
          <Button component={Link} to={paths.dashboardHome} color="inherit" size="small">
            {texts.backToBookings}
          </Button>
        }
      >
        {/* Not MUI's AlertTitle, a file of its own on arrival. */}
        <Box component="strong" sx={{ display: 'block', mb: 0.5 }}>
          {texts.notForYourRole}
        </Box>
        {permissions[permission].refusal}
      </Alert>
    </Box>
  );
}

/** The owner's pages: settings, staff, the wallet, referrals, the QR code. */
export function AdministrationGuard() {
  return <PermissionGuard permission="clinicAdministration" />;
}

/** The prescription editor: a doctor's or the owner's. */
export function ClinicalRecordsGuard() {
  return <PermissionGuard permission="clinicalRecords" />;
}

/** The reports (issue 24): the owner's and doctors'. */
export function ReportsGuard() {
  return <PermissionGuard permission="reports" />;
}
