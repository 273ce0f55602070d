import type { TvDisplay, TvRegistration } from '@vaidya/contract/tv';
import { tvPaths } from '@vaidya/contract/tv-paths';

/**
 * The TV's own calls, with plain fetch like the booking website: the app's API client
 * brings zod and the session code, which a TV showing one queue does not need. The
 * answers are the server's, checked there against the contract.
 */

/** A call that did not succeed: the server's status, or 0 when it was not reached. */
export class TvRequestError extends Error {
  override readonly name = 'TvRequestError';
  constructor(readonly status: number) {
    super(`TV request failed (${status})`);
  }
}

async function send<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new TvRequestError(0);
  }
  if (!response.ok) throw new TvRequestError(response.status);
  const body = await response.json();
  return body.data as T;
}

export const registerTv = () => send<TvRegistration>(tvPaths.register, { method: 'POST' });

export const fetchTvDisplay = (token: string) =>
  send<TvDisplay>(tvPaths.display, { headers: { Authorization: `Bearer ${token}` } });

export const tvStreamUrl = (token: string) => `${tvPaths.stream}?token=${encodeURIComponent(token)}`;
