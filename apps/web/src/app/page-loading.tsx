import { loadingScreen } from '@vaidya/contract/app-screens';
import type { PageIntro } from '@vaidya/contract/page-intros';
import { matchRoutes, type RouteObject, useMatches } from 'react-router';
import type { RouteHandle } from './root-layout';

/** Drawn with base.css rather than MUI, so it shows before MUI's code has arrived. */
export function PageLoading() {
  return <div className="page-loading" role="progressbar" aria-label={loadingScreen.loading} />;
}

/** The deepest route's intro among the matched routes' handles. */
const deepestIntro = (handles: unknown[]): PageIntro | undefined =>
  handles
    .map((handle) => (handle as RouteHandle | undefined)?.intro)
    .findLast((intro) => intro !== undefined);

/** The heading and line of the page at `pathname`, when it is a dashboard page that introduces itself. */
export const introAt = (routes: RouteObject[], pathname: string) =>
  deepestIntro((matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle));

/**
 * What a first visit shows while the page's code and data are on their way: a dashboard
 * page that introduces itself is drawn in the dashboard's frame (its app bar, and on a
 * wide screen its navigation's column) with its heading and line where the page will draw
 * them, so on a phone the visitor reads where they are a second sooner (decision 035);
 * any other page, the spinner.
 */
export function ArrivalScreen({ intro }: { intro: PageIntro | undefined }) {
  if (!intro) return <PageLoading />;
  return (
    <div className="arrival-frame">
      <div className="arrival-frame-bar" />
      <div className="arrival-frame-navigation" />
      <div className="arrival-frame-main">
        {/* A picture of what is coming: a screen reader hears the progress bar, then the page itself. */}
        <div aria-hidden="true">
          <p className="arrival-frame-title">{intro.title}</p>
          <p className="arrival-frame-description">{intro.description}</p>
        </div>
        <PageLoading />
      </div>
    </div>
  );
}

/** The router's screen while a first visit's code and loaders are on their way. */
export function ArrivalLoading() {
  return <ArrivalScreen intro={deepestIntro(useMatches().map((match) => match.handle))} />;
}
