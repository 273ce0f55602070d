import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../lib/paths';
import { onSignInRequested } from '../lib/session';
import { AppProviders } from './providers';
import { useShellQueryClient } from './shell-query-client';

/**
 * Turns the API client's "sign in again" (a session expired, revoked or refused, or
 * signing out) into a navigation, and forgets the cached answers of that session.
 */
function useSignInRequests(queryClient: QueryClient) {
  const navigate = useNavigate();
  const location = useLocation();
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
 * Every page but the landing page sits in this layout: MUI's theme, the query cache and
 * the toasts load with it, so a visitor who only reads the landing page never downloads
 * them. It stays mounted while the user moves between its pages, and so does the cache,
 * which the router's loaders fill too (decision 035).
 */
export function AppShell() {
  const queryClient = useShellQueryClient();
  useSignInRequests(queryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <Outlet />
    </AppProviders>
  );
}
