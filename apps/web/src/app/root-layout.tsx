import { loadingScreen } from '@vaidya/contract/app-screens';
import type { PageIntro } from '@vaidya/contract/page-intros';
import { useLayoutEffect } from 'react';
import { Outlet, type UIMatch, useLocation, useMatches, useNavigation } from 'react-router';
import { documentTitle } from '../lib/document-title';

/** A route's `handle`. */
export interface RouteHandle {
  /** What the browser tab calls the page; null is the brand alone. */
  title: string | null;
  /** The page's heading and line, drawn while its code arrives on a first visit (page-loading.tsx). */
  intro?: PageIntro;
}

const isTitled = (match: UIMatch): match is UIMatch<unknown, RouteHandle> =>
  typeof match.handle === 'object' && match.handle !== null && 'title' in match.handle;

/**
 * Names the browser tab after the deepest route that has a title, on arrival and again
 * whenever the address changes (the Prescription Masters cards and their lists share a
 * route). A layout effect, so a page that names itself more closely (an open master
 * list, from a passive effect) still has the last word; a route without a title leaves
 * the naming to its page.
 */
function useRouteTitle() {
  const title = useMatches().findLast(isTitled)?.handle.title;
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is there on purpose, so coming back from a list to its route's own screen renames the tab.
  useLayoutEffect(() => {
    if (title !== undefined) document.title = documentTitle(title ?? undefined);
  }, [title, pathname, search]);
}

/**
 * Pages are fetched when first visited; while that happens the current page stays on
 * screen and a thin bar at the top (base.css) says something is on its way.
 */
export function RootLayout() {
  const navigation = useNavigation();
  useRouteTitle();
  return (
    <>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={loadingScreen.loadingPage} />
      )}
      <Outlet />
    </>
  );
}
