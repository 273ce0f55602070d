import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { paths } from '../lib/paths';
import { onSignInRequested } from '../lib/session';

/**
 * Turns the API client's "sign in again" (a session expired, revoked or refused, or
 * signing out) into a navigation, and forgets the cached answers of that session.
 */
function useSignInRequests() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const forgetOnArrival = useRef(false);

  // A layout effect, so the listener is in place before any page's query starts (those
  // start in passive effects) and a call that ends the session at once is not missed.
  useLayoutEffect(
    () =>
      onSignInRequested(() => {
        forgetOnArrival.current = true;
        navigate(paths.signIn, { replace: true });
      }),
    [navigate],
  );

  // Not before the sign-in page is on screen: a dashboard still mounted would refetch into
  // the emptied cache, be refused again, and keep restarting the navigation.
  useEffect(() => {
    if (forgetOnArrival.current && location.pathname === paths.signIn) {
      forgetOnArrival.current = false;
      queryClient.clear();
    }
  }, [location, queryClient]);
}

/**
 * Pages are fetched when first visited; while that happens the current page stays on
 * screen and a thin bar at the top says something is on its way.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useSignInRequests();

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
