import { replace } from 'react-router';
import { ApiError } from '../lib/api-client';
import { partnerDetailsQuery } from '../lib/partner-details-query';
import { paths } from '../lib/paths';
import { getFreshIdToken } from '../lib/session-refresh';
import { shellQueryClient } from './shell-query-client';

/**
 * The dashboard's loader: an expired session is renewed first, then the clinic is asked for
 * beside the download of the layout and the page, into the cache the layout reads (decision
 * 035). It is awaited: the layout has nothing to draw without the clinic, and drawing it
 * once, with the clinic, spares a phone a second pass. A session that cannot be renewed, or
 * that the server refuses, goes to sign in from here, before the shell that would otherwise
 * hear of it is on screen; any other failure is the layout's to show, with its Retry.
 */
export async function askForClinic() {
  const token = await getFreshIdToken();
  if (token.status === 'session-ended') return replace(paths.signIn);
  const client = shellQueryClient();
  await client.prefetchQuery(partnerDetailsQuery);
  const failure = client.getQueryState(partnerDetailsQuery.queryKey)?.error;
  if (failure instanceof ApiError && (failure.status === 401 || failure.status === 403)) {
    return replace(paths.signIn);
  }
  return null;
}
