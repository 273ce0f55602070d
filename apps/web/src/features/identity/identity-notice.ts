/**
 * What one identity screen tells the next when it moves there: a line to show at
 * the top (a code was sent, the password was changed) and the email to fill in.
 */
export interface IdentityNotice {
  notice: string;
  email?: string;
}

/** Location state survives a reload in the browser's history, so it is checked rather than trusted. */
export function readIdentityNotice(state: unknown): IdentityNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice, email } = state as Record<string, unknown>;
  if (typeof notice !== 'string') return null;
  return { notice, email: typeof email === 'string' ? email : undefined };
}
