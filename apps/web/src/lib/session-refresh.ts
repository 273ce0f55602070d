import { messages } from '@vaidya/contract/messages';
import { IdentityError, refreshTokens } from './identity-client';
import {
  clearSession,
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

function endSession(): FreshIdToken {
  console.warn(messages.noRefreshToken);
  clearSession();
  requestSignIn();
  return { status: 'session-ended' };
}

async function refreshIdToken(): Promise<FreshIdToken> {
  const refreshToken = getRefreshToken();
  if (!refreshToken || !getUsername()) return endSession();
  try {
    const tokens = await refreshTokens(refreshToken);
    storeTokens(tokens);
    return { status: 'ok', idToken: tokens.idToken };
  } catch (error) {
    // Losing the connection says nothing about the session; signing out then would lose the user's place.
    if (error instanceof IdentityError && error.kind === 'NetworkError')
      return { status: 'unreachable', cause: error };
    return endSession();
  }
}

let refreshInFlight: Promise<FreshIdToken> | undefined;

/**
 * The stored id token, refreshed first when it has expired (spec §4). Calls made
 * while a refresh is under way wait for that one: refresh tokens can be single-use,
 * so a second parallel refresh could end the session it meant to extend.
 */
export function getFreshIdToken(): Promise<FreshIdToken> {
  const idToken = getIdToken();
  if (!idToken || !hasExpired(idToken)) return Promise.resolve({ status: 'ok', idToken });
  refreshInFlight ??= refreshIdToken().finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}
