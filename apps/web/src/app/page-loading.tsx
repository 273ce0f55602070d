import { loadingScreen } from '@vaidya/contract/app-screens';

/** Drawn with base.css rather than MUI, so it shows before MUI's code has arrived. */
export function PageLoading() {
  return <div className="page-loading" role="progressbar" aria-label={loadingScreen.loading} />;
}
