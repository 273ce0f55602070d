import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { dashboardTexts } from '@vaidya/contract/dashboard-screens';
import type { Location } from '@vaidya/contract/partner';
import { useId, useState } from 'react';

interface LocationMenuProps {
  locations: Location[];
  selected: Location;
  onSelect: (locationId: string) => void;
}

/** The clinic location the dashboard works on; bookings, schedule and bills follow it. */
export function LocationMenu({ locations, selected, onSelect }: LocationMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  function choose(locationId: string) {
    onSelect(locationId);
    setAnchor(null);
  }

  return (
    <>
      <Button
        color="inherit"
        size="small"
        aria-label={dashboardTexts.location(selected.location_name)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<PlaceOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          minWidth: 0,
          maxWidth: '100%',
          px: 0.5,
          py: 0,
          ml: -0.5,
          fontWeight: 500,
          lineHeight: 1.4,
          '& .MuiButton-startIcon': { mr: 0.5 },
          '& .MuiButton-endIcon': { ml: 0 },
        }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {selected.location_name}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {locations.map((location) => (
          <MenuItem
            key={location.id}
            selected={location.id === selected.id}
            onClick={() => choose(location.id)}
            sx={{ maxWidth: 360, whiteSpace: 'normal' }}
          >
            <ListItemText primary={location.location_name} secondary={location.address} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
