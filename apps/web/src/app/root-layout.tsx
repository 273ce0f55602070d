import { loadingScreen } from '@vaidya/contract/app-screens';
import { Outlet, useNavigation } from 'react-router';

/**
 * Pages are fetched when first visited; while that happens the current page stays on
 * screen and a thin bar at the top (base.css) says something is on its way.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={loadingScreen.loadingPage} />
      )}
      <Outlet />
    </>
  );
}
