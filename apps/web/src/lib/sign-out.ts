import { messages } from '@vaidya/contract/messages';
import { globalSignOut, IdentityError, revokeToken } from './identity-client';
import { clearSession, getRefreshToken, requestSignIn } from './session';
import { getFreshAccessToken } from './session-refresh';

function forgetSession(): void {
  clearSession();
  requestSignIn();
}

/**
 * Signs this device out, and only this one: its refresh token is revoked on the server
 * (every rotation of it, decision 025, so its id and access tokens stop too) and the
 * session is forgotten here. Telling the server is a courtesy: signing out here must
 * work even offline.
 */
export function signOut(): void {
  const refreshToken = getRefreshToken();
  if (refreshToken) revokeToken(refreshToken).catch(() => undefined);
  forgetSession();
}

/**
 * Signs the user out of every device, this one included. Unlike `signOut` it must reach the
 * server: when it cannot, it throws and this device stays signed in, so the user can try
 * again. An access token the server refuses belongs to a session that has already ended;
 * it ends here too.
 */
export async function signOutEverywhere(): Promise<void> {
  const fresh = await getFreshAccessToken();
  if (fresh.status === 'session-ended') return;
  if (fresh.status === 'unreachable') {
    throw new IdentityError('NetworkError', messages.cannotReachServer, fresh.cause);
  }
  try {
    await globalSignOut(fresh.accessToken);
  } catch (error) {
    if (!(error instanceof IdentityError && error.kind === 'NotAuthorizedException')) throw error;
  }
  forgetSession();
}
