import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import HealingIcon from '@mui/icons-material/Healing';
import LogoutIcon from '@mui/icons-material/Logout';
import MedicationIcon from '@mui/icons-material/Medication';
import MenuIcon from '@mui/icons-material/Menu';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SettingsIcon from '@mui/icons-material/Settings';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { clearSession } from '../lib/session';
import { signInPath } from './paths';

const drawerWidth = 248;

interface NavigationItem {
  label: string;
  to: string;
  icon: ReactNode;
}

const navigationItems: NavigationItem[] = [
  { label: 'Bookings', to: '/dashboard/bookings', icon: <EventAvailableIcon /> },
  { label: 'Schedule', to: '/dashboard/schedule', icon: <ScheduleIcon /> },
  { label: 'Settings', to: '/dashboard/settings', icon: <SettingsIcon /> },
  { label: 'Referrals', to: '/dashboard/referrals', icon: <GroupAddIcon /> },
  { label: 'Payment', to: '/dashboard/payment', icon: <AccountBalanceWalletIcon /> },
  { label: 'QR Code', to: '/dashboard/qrcode', icon: <QrCode2Icon /> },
  { label: 'Prescription Masters', to: '/dashboard/prescription-masters', icon: <MedicationIcon /> },
  { label: 'Treatment Masters', to: '/dashboard/treatment-masters', icon: <HealingIcon /> },
  { label: 'Bills', to: '/dashboard/bills', icon: <ReceiptLongIcon /> },
];

function DashboardNavigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <List component="nav" aria-label="Dashboard" sx={{ px: 1 }}>
      {navigationItems.map((item) => (
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
    </List>
  );
}

/**
 * The signed-in shell. Below the `md` breakpoint (900 px) the navigation moves into a
 * drawer opened from the menu button; the switch is done in CSS, so the right layout
 * is there on the first paint without measuring the window.
 */
export function DashboardLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  function signOut() {
    clearSession();
    // Cached answers belong to the partner who just left.
    queryClient.clear();
    navigate(signInPath, { replace: true });
  }

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      {/* Above the permanent drawer on desktop; below the temporary one, which covers the screen. */}
      <AppBar
        position="fixed"
        sx={(theme) => ({ [theme.breakpoints.up('md')]: { zIndex: theme.zIndex.drawer + 1 } })}
      >
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
            sx={{ mr: 1, display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="span" noWrap sx={{ flexGrow: 1, fontWeight: 700 }}>
            Vaidya
          </Typography>
          <Button color="inherit" startIcon={<LogoutIcon />} onClick={signOut}>
            Sign out
          </Button>
        </Toolbar>
      </AppBar>

      <Drawer
        variant="temporary"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: drawerWidth } }}
      >
        <Toolbar>
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
            Vaidya
          </Typography>
        </Toolbar>
        <DashboardNavigation onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: drawerWidth,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <DashboardNavigation />
      </Drawer>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
