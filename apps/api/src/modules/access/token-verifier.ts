import type { TokenService } from '../identity/tokens';

/** Whom a valid id token names, in the terms the database can look up. */
export type VerifiedToken =
  /** Our own identity service: a user and the sign-in session (refresh-token row) the token came from. */
  | { kind: 'session'; userId: string; sessionId: string }
  /** An external user pool: its `sub`, linked to one of our users by `users.identity_subject`. */
  | { kind: 'subject'; subject: string };

/**
 * The port every signed-in request goes through: it checks a bearer id token
 * (signature, issuer, audience, expiry, token_use) and says whom it names.
 * It throws `KeysUnavailable` when the keys could not be had, anything else
 * when the token is not good.
 */
export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

/** The issuer's keys could not be fetched: the token may be fine, the check could not run. */
export class KeysUnavailable extends Error {}

/** Tokens of our own identity service, checked against the keys in `signing_keys`. */
export function builtInTokenVerifier(tokens: TokenService): TokenVerifier {
  return {
    async verify(token) {
      const claims = await tokens.verifyIdToken(token);
      return { kind: 'session', userId: claims.sub, sessionId: claims.origin_jti };
    },
  };
}
