import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BadgeIcon from '@mui/icons-material/Badge';
import DevicesIcon from '@mui/icons-material/Devices';
import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { pageTitles } from '@vaidya/contract/app-screens';
import { dashboardTexts as texts } from '@vaidya/contract/dashboard-screens';
import type { PartnerDetails } from '@vaidya/contract/partner';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorSentence } from '../components/error-alert';
import { paths } from '../lib/paths';

interface AccountMenuProps {
  /** Unknown while the clinic loads, or when it could not be loaded: signing out still works. */
  user: PartnerDetails['user'] | undefined;
  /** Ends this device's session only. */
  onSignOut: () => void;
  /** Ends the sessions on every device, this one included; rejects when that could not be done. */
  onSignOutEverywhere: () => Promise<void>;
}

/**
 * Who is signed in, and signing out, behind one button at the right of the app bar, so a
 * tap meant for the location picker cannot end the session. The name shows beside the
 * icon from the `sm` breakpoint; on a phone the icon alone leaves the clinic's name room.
 * "Sign out" ends this device's session; signing out of all devices is its own item, and
 * when it fails the menu stays open, says why, and this device stays signed in.
 */
export function AccountMenu({ user, onSignOut, onSignOutEverywhere }: AccountMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [signingOutEverywhere, setSigningOutEverywhere] = useState(false);
  const [everywhereError, setEverywhereError] = useState<unknown>(null);
  const menuId = useId();

  const signOutEverywhere = async () => {
    setSigningOutEverywhere(true);
    setEverywhereError(null);
    try {
      await onSignOutEverywhere();
    } catch (error) {
      setEverywhereError(error);
    } finally {
      setSigningOutEverywhere(false);
    }
  };
  const closeMenu = () => {
    setAnchor(null);
    setEverywhereError(null);
  };

  return (
    <>
      <Button
        color="inherit"
        aria-label={user ? texts.accountOf(user.name) : texts.account}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<AccountCircleIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          minWidth: 0,
          maxWidth: { sm: 240 },
          ml: 1,
          flexShrink: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
          '& .MuiButton-endIcon': { ml: 0 },
        }}
      >
        {user && (
          <Box
            component="span"
            sx={{
              display: { xs: 'none', sm: 'inline' },
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {user.name}
          </Box>
        )}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={closeMenu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user && (
          <Box sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 320 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          </Box>
        )}
        {user && <Divider />}
        {/* Everyone's own doctor profile, printed on the prescriptions they write (issue 23). */}
        {user && (
          <MenuItem component={Link} to={paths.doctorProfile} onClick={closeMenu}>
            <ListItemIcon>
              <BadgeIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={pageTitles.doctorProfile} />
          </MenuItem>
        )}
        <MenuItem onClick={onSignOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={texts.signOut} />
        </MenuItem>
        <MenuItem onClick={signOutEverywhere} disabled={signingOutEverywhere}>
          <ListItemIcon>
            <DevicesIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={texts.signOutEverywhere} />
        </MenuItem>
        {everywhereError !== null && (
          <Alert severity="error" sx={{ mx: 1, mt: 0.5, maxWidth: 320 }}>
            {texts.signOutEverywhereFailed} {errorSentence(everywhereError)}
          </Alert>
        )}
      </Menu>
    </>
  );
}
