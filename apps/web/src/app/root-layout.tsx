import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, useNavigation } from 'react-router';

/**
 * Pages are fetched when first visited; while that happens the current page stays on
 * screen and a thin bar at the top says something is on its way.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <Box
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
        >
          <LinearProgress aria-label="Loading page" />
        </Box>
      )}
      <Outlet />
    </>
  );
}
