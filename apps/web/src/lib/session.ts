/** Local storage keys of the signed-in session (spec §3, Session). */
export const sessionKeys = {
  idToken: 'idToken',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  // Kept so an expired session can be refreshed, and told apart from one that cannot be.
  username: 'username',
  selectedLocationId: 'selLocId',
  selectedDay: 'selectedDay',
  /** The bookings screen's queue, so its loader can ask for the day's tokens before the page has loaded. */
  selectedQueueId: 'selQueueId',
  /** The waiting-room TV's own token (the /tv page), which keeps it paired across reloads. */
  tvToken: 'tvToken',
} as const;

export interface SessionTokens {
  idToken: string;
  accessToken: string;
  /** A new one after each refresh with our identity service (rotation); absent from Cognito's, the old one stays. */
  refreshToken?: string;
}

export function getIdToken(): string | null {
  return localStorage.getItem(sessionKeys.idToken);
}

export function getAccessToken(): string | null {
  return localStorage.getItem(sessionKeys.accessToken);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(sessionKeys.refreshToken);
}

export function getUsername(): string | null {
  return localStorage.getItem(sessionKeys.username);
}

/** Spec §3: the user counts as logged in while an id token is stored. */
export function isLoggedIn(): boolean {
  return Boolean(getIdToken());
}

export function storeTokens(tokens: SessionTokens): void {
  localStorage.setItem(sessionKeys.idToken, tokens.idToken);
  localStorage.setItem(sessionKeys.accessToken, tokens.accessToken);
  if (tokens.refreshToken) localStorage.setItem(sessionKeys.refreshToken, tokens.refreshToken);
}

export function startSession(username: string, tokens: SessionTokens): void {
  storeTokens(tokens);
  localStorage.setItem(sessionKeys.username, username);
}

/** Signing out on a browser that is also a waiting-room TV leaves the TV paired. */
export function clearSession(): void {
  for (const key of Object.values(sessionKeys)) {
    if (key !== sessionKeys.tvToken) localStorage.removeItem(key);
  }
}

export function getSelectedLocationId(): string | null {
  return localStorage.getItem(sessionKeys.selectedLocationId);
}

export function storeSelectedLocationId(id: string): void {
  localStorage.setItem(sessionKeys.selectedLocationId, id);
}

/**
 * Code outside React (the API client) cannot navigate, so it asks here for the
 * sign-in page, and the root layout, which can, listens.
 */
const signInListeners = new Set<() => void>();

export function requestSignIn(): void {
  for (const listener of signInListeners) listener();
}

export function onSignInRequested(listener: () => void): () => void {
  signInListeners.add(listener);
  return () => {
    signInListeners.delete(listener);
  };
}
