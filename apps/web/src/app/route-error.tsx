import { loadingScreen } from '@vaidya/contract/app-screens';

/**
 * Mostly reached when a page's code cannot be fetched, for example after a release
 * removed the old hashed files or the connection dropped: reloading fixes both. Plain
 * markup (base.css), as the code that failed to arrive may be MUI's own.
 */
export function RouteError() {
  return (
    <main className="route-error">
      <h1>{loadingScreen.routeErrorTitle}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {loadingScreen.reload}
      </button>
    </main>
  );
}
