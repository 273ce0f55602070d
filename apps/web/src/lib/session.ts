/** Local storage keys of the signed-in session (spec §3, Session). */
export const sessionKeys = {
  idToken: 'idToken',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  selectedLocationId: 'selLocId',
} as const;

export function getIdToken(): string | null {
  return localStorage.getItem(sessionKeys.idToken);
}

/** Spec §3: the user counts as logged in while an id token is stored. */
export function isLoggedIn(): boolean {
  return Boolean(getIdToken());
}

export function clearSession(): void {
  for (const key of Object.values(sessionKeys)) localStorage.removeItem(key);
}
