import { messages } from '@vaidya/contract/messages';
import { IdentityError, refreshTokens } from './identity-client';
import {
  clearSession,
  getAccessToken,
  getIdToken,
  getRefreshToken,
  getUsername,
  requestSignIn,
  storeTokens,
} from './session';

/** Refresh a little early, so a token does not run out between this check and the server's. */
const expiryLeewaySeconds = 30;

/** Seconds since the epoch at which the JWT expires, or null when it cannot be read. */
function expiryOf(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

function hasExpired(token: string): boolean {
  const expiry = expiryOf(token);
  // A token we cannot read is left for the server to judge; it answers 401 if it is no good.
  return expiry !== null && expiry - expiryLeewaySeconds <= Date.now() / 1000;
}

export type FreshIdToken =
  | { status: 'ok'; idToken: string | null }
  | { status: 'session-ended' }
  | { status: 'unreachable'; cause: unknown };

function endSession(): { status: 'session-ended' } {
  console.warn(messages.noRefreshToken);
  clearSession();
  requestSignIn();
  return { status: 'session-ended' };
}

/**
 * Refreshes with the stored refresh token and stores what comes back: our identity service
 * rotates refresh tokens (decision 025), Cognito answers none and the old one stays.
 * Another tab shares this storage and may refresh at the same moment; when ours is refused
 * but that tab has meanwhile stored a newer token, its session is used, not ended.
 */
async function refreshIdToken(otherTabTried = false): Promise<FreshIdToken> {
  const refreshToken = getRefreshToken();
  if (!refreshToken || !getUsername()) return endSession();
  try {
    const tokens = await refreshTokens(refreshToken);
    // Another tab signed out while this refresh was under way: the session is over here too.
    if (!getUsername()) return endSession();
    storeTokens(tokens);
    return { status: 'ok', idToken: tokens.idToken };
  } catch (error) {
    // Losing the connection says nothing about the session; signing out then would lose the user's place.
    if (error instanceof IdentityError && error.kind === 'NetworkError')
      return { status: 'unreachable', cause: error };
    return !otherTabTried && getRefreshToken() !== refreshToken ? tokensOfAnotherTab() : endSession();
  }
}

/** The session another tab refreshed: its id token when still good, else one refresh with its token. */
async function tokensOfAnotherTab(): Promise<FreshIdToken> {
  const idToken = getIdToken();
  if (idToken && !hasExpired(idToken)) return { status: 'ok', idToken };
  return refreshIdToken(true);
}

let refreshInFlight: Promise<FreshIdToken> | undefined;

/**
 * Calls made while a refresh is under way wait for that one: each refresh spends the
 * refresh token, so a second parallel refresh would only add work for the server.
 */
function refreshOnce(): Promise<FreshIdToken> {
  refreshInFlight ??= refreshIdToken().finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

/** The stored id token, refreshed first when it has expired (spec §4). */
export function getFreshIdToken(): Promise<FreshIdToken> {
  const idToken = getIdToken();
  if (!idToken || !hasExpired(idToken)) return Promise.resolve({ status: 'ok', idToken });
  return refreshOnce();
}

export type FreshAccessToken =
  | { status: 'ok'; accessToken: string }
  | Exclude<FreshIdToken, { status: 'ok' }>;

/**
 * The stored access token, refreshed first when it has expired: the identity calls made
 * in the user's name take it, and a Cognito pool may give it a shorter life than the id token.
 */
export async function getFreshAccessToken(): Promise<FreshAccessToken> {
  const stored = getAccessToken();
  if (stored && !hasExpired(stored)) return { status: 'ok', accessToken: stored };
  const refreshed = await refreshOnce();
  if (refreshed.status !== 'ok') return refreshed;
  const accessToken = getAccessToken();
  return accessToken ? { status: 'ok', accessToken } : endSession();
}
