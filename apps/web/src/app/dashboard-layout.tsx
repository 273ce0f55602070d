import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import HealingIcon from '@mui/icons-material/Healing';
import InsightsIcon from '@mui/icons-material/Insights';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import MedicationIcon from '@mui/icons-material/Medication';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleIcon from '@mui/icons-material/People';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { brandName, pageTitles } from '@vaidya/contract/app-screens';
import { dashboardTexts as texts } from '@vaidya/contract/dashboard-screens';
import { type Location, type PartnerDetails, websiteAddress } from '@vaidya/contract/partner';
import { type Permission, roleMay } from '@vaidya/contract/roles';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ErrorAlert } from '../components/error-alert';
import { PatientSearch } from '../components/patient-search';
import { usePartnerDetails } from '../features/partner/api/partner-details';
import { type Clinic, ClinicContext } from '../lib/clinic-context';
import { paths } from '../lib/paths';
import { getSelectedLocationId, storeSelectedLocationId } from '../lib/session';
import { signOut, signOutEverywhere } from '../lib/sign-out';
import { AccountMenu } from './account-menu';
import { LocationMenu } from './location-menu';
import { PageLoading } from './page-loading';

const drawerWidth = 248;

interface NavigationItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Shown only to the roles that have it (roles.ts). */
  permission?: Permission;
}

const labels = texts.navigationItems;
/** Settings, referrals, the wallet and the QR code are the owner's (issue 23). */
const owner = 'clinicAdministration';
const navigationItems: NavigationItem[] = [
  { label: labels.bookings, to: '/dashboard/bookings', icon: <EventAvailableIcon /> },
  { label: labels.patients, to: paths.patients, icon: <PeopleIcon /> },
  { label: labels.schedule, to: '/dashboard/schedule', icon: <ScheduleIcon /> },
  { label: labels.settings, to: '/dashboard/settings', icon: <SettingsIcon />, permission: owner },
  { label: labels.referrals, to: '/dashboard/referrals', icon: <GroupAddIcon />, permission: owner },
  { label: labels.payment, to: paths.payment, icon: <AccountBalanceWalletIcon />, permission: owner },
  { label: labels.qrCode, to: '/dashboard/qrcode', icon: <QrCode2Icon />, permission: owner },
  { label: labels.prescriptionMasters, to: '/dashboard/prescription-masters', icon: <MedicationIcon /> },
  { label: labels.treatmentMasters, to: '/dashboard/treatment-masters', icon: <HealingIcon /> },
  { label: labels.bills, to: '/dashboard/bills', icon: <ReceiptLongIcon /> },
  { label: pageTitles.dayClose, to: '/dashboard/day-close', icon: <PointOfSaleIcon /> },
  { label: pageTitles.auditTrail, to: paths.audit, icon: <ManageSearchIcon />, permission: 'auditTrail' },
  { label: pageTitles.reports, to: paths.reports, icon: <InsightsIcon />, permission: 'reports' },
];

/** The clinic's booking website once the clinic has loaded, when it has one. */
const bookingWebsiteOf = (partner: PartnerDetails | undefined) =>
  partner ? websiteAddress(partner, window.location.origin) : null;

function DashboardNavigation({
  onNavigate,
  bookingWebsite,
}: {
  onNavigate?: () => void;
  /** Opened in a new tab from the foot of the list: the front desk shows it to patients, or copies it. */
  bookingWebsite: string | null;
}) {
  const role = usePartnerDetails().data?.user.role;
  const offered = navigationItems.filter(
    (item) => !item.permission || (role && roleMay(role, item.permission)),
  );
  return (
    <List component="nav" aria-label={texts.navigation} sx={{ px: 1 }}>
      {offered.map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          onClick={onNavigate}
          sx={{
            borderRadius: 1,
            mb: 0.5,
            '&.active': { bgcolor: 'action.selected', color: 'primary.main' },
            '&.active .MuiListItemIcon-root': { color: 'primary.main' },
          }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
      {bookingWebsite && (
        <>
          <Divider sx={{ my: 1 }} />
          <ListItemButton
            component="a"
            href={bookingWebsite}
            target="_blank"
            rel="noopener"
            aria-label={texts.opensInNewTab(labels.bookingWebsite)}
            onClick={onNavigate}
            sx={{ borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <OpenInNewIcon />
            </ListItemIcon>
            <ListItemText primary={labels.bookingWebsite} />
          </ListItemButton>
        </>
      )}
    </List>
  );
}

/** The remembered location (selLocId) while it still belongs to the partner, otherwise the first one. */
function useLocationSelection(locations: Location[] | undefined) {
  const [chosenId, setChosenId] = useState(getSelectedLocationId);
  const location = locations?.find((candidate) => candidate.id === chosenId) ?? locations?.[0] ?? null;
  const locationId = location?.id;

  useEffect(() => {
    if (locationId) storeSelectedLocationId(locationId);
  }, [locationId]);

  return { location, selectLocation: setChosenId };
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ErrorAlert
      error={error}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {texts.retry}
        </Button>
      }
    />
  );
}

/**
 * The signed-in shell: the partner's name and the location being worked on at the left
 * of the app bar, the patient search (`PatientSearch`) and the account menu (who is
 * signed in, sign-out) at the right; pages
 * render once the partner is loaded and read it with `useClinic`.
 *
 * Below the `md` breakpoint (900 px) the navigation moves into a drawer opened from the
 * menu button. The width is read before the first render (`noSsr`), so the right layout
 * is there on the first paint, and a phone does not build the wide screen's navigation
 * column it would hide.
 */
export function DashboardLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const partnerDetails = usePartnerDetails();
  const partner = partnerDetails.data;
  const { location, selectLocation } = useLocationSelection(partner?.locations);
  const clinic = useMemo<Clinic | null>(
    () => (partner ? { partner, location, selectLocation } : null),
    [partner, location, selectLocation],
  );

  let content: ReactNode;
  if (clinic) {
    content = (
      <ClinicContext value={clinic}>
        <Outlet />
      </ClinicContext>
    );
  } else if (partnerDetails.isError) {
    content = <LoadError error={partnerDetails.error} onRetry={() => partnerDetails.refetch()} />;
  } else {
    content = <PageLoading />;
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {/* Above the permanent drawer on desktop; below the temporary one, which covers the screen. */}
      <AppBar
        position="fixed"
        sx={(theme) => ({ [theme.breakpoints.up('md')]: { zIndex: theme.zIndex.drawer + 1 } })}
      >
        <Toolbar>
          {wide ? null : (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={texts.openNavigation}
              onClick={() => setDrawerOpen(true)}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          {/* The location sits under the clinic's name, so both stay readable on a 360 px phone. */}
          <Box
            sx={{
              flexGrow: 1,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
            }}
          >
            <Typography
              variant="h6"
              component="span"
              noWrap
              sx={{ maxWidth: '100%', fontWeight: 700, lineHeight: 1.3 }}
            >
              {partner ? partner.name : <Skeleton width={160} sx={{ bgcolor: 'rgb(255 255 255 / 0.24)' }} />}
            </Typography>
            {partner && location && (
              <LocationMenu locations={partner.locations} selected={location} onSelect={selectLocation} />
            )}
          </Box>
          <PatientSearch compact={!wide} />
          <AccountMenu user={partner?.user} onSignOut={signOut} onSignOutEverywhere={signOutEverywhere} />
        </Toolbar>
      </AppBar>

      {wide ? (
        <Drawer
          variant="permanent"
          sx={{
            width: drawerWidth,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          <DashboardNavigation bookingWebsite={bookingWebsiteOf(partner)} />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { 'aria-label': texts.navigationDrawer } }}
          sx={{ '& .MuiDrawer-paper': { width: drawerWidth } }}
        >
          <Toolbar>
            <Typography variant="h6" component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
              {brandName}
            </Typography>
          </Toolbar>
          <DashboardNavigation
            bookingWebsite={bookingWebsiteOf(partner)}
            onNavigate={() => setDrawerOpen(false)}
          />
        </Drawer>
      )}

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        {content}
      </Box>
    </Box>
  );
}
