import { identityMessages, refreshTokenLifetimeSeconds } from '@vaidya/contract/identity';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { newRefreshToken, sha256 } from './credentials';
import {
  findRefreshTokenByHash,
  findSessionById,
  type IdentityUser,
  insertRefreshToken,
  retireRefreshToken,
  revokeFamily,
  stampSignIn,
} from './identity.repository';
import { assertEnabled, isExpired } from './identity-checks';
import { IdentityError } from './identity-error';
import type { TokenService } from './tokens';

/**
 * How long a retired refresh token still works (decision 025): two tabs that refresh
 * with the same token at the same moment both stay signed in. Later, it is a stolen copy.
 */
export const refreshTokenGraceSeconds = 30;

/**
 * Sign-in sessions: a family of refresh-token rows, one per rotation; the first row's id
 * is the family id and the tokens' origin_jti.
 */
export function createSessionsService({ db, tokens, clock }: { db: Db; tokens: TokenService; clock: Clock }) {
  return {
    /** A new sign-in session, written with `tx` so it commits with whatever let the user in; the user's last sign-in is now. */
    async start({ tx, user, now }: { tx: Db; user: IdentityUser; now: Date }) {
      const sessionId = crypto.randomUUID();
      const refreshToken = newRefreshToken();
      await insertRefreshToken(tx, {
        id: sessionId,
        family_id: sessionId,
        user_id: user.id,
        token_hash: sha256(refreshToken),
        expires_at: new Date(now.getTime() + refreshTokenLifetimeSeconds * 1000),
        created_at: now,
      });
      await stampSignIn(tx, user.id, now);
      return { sessionId, refreshToken };
    },

    /**
     * Spends a refresh token: it is retired and a new one of the same family returned.
     * Presented again within the grace period (another tab, a lost race), it gets a
     * sibling; later, the whole family is revoked, as a copy must have been stolen.
     * The session keeps its sign-in time and its expiry.
     */
    async rotate({ refreshToken }: { refreshToken: string }) {
      const token = await findRefreshTokenByHash(db, sha256(refreshToken));
      if (!token) throw new IdentityError('NotAuthorizedException', identityMessages.invalidRefreshToken);
      if (token.revoked_at) {
        throw new IdentityError('NotAuthorizedException', identityMessages.refreshTokenRevoked);
      }
      const now = clock();
      if (token.expires_at <= now) {
        throw new IdentityError('NotAuthorizedException', identityMessages.refreshTokenExpired);
      }
      assertEnabled(token.user);
      if (token.retired_at && now.getTime() - token.retired_at.getTime() > refreshTokenGraceSeconds * 1000) {
        await revokeFamily(db, token.family_id, now);
        throw new IdentityError('NotAuthorizedException', identityMessages.invalidRefreshToken, {
          message: 'a retired refresh token was used again; its session was revoked',
          ids: { familyId: token.family_id, userId: token.user.id },
        });
      }
      const next = { id: crypto.randomUUID(), refreshToken: newRefreshToken() };
      await db.transaction(async (tx) => {
        // Only the request that retires the token rotates it; any other one, then or within
        // the grace period, gets a sibling and retires nothing.
        if (!token.retired_at) await retireRefreshToken(tx, { id: token.id, replacedBy: next.id, now });
        await insertRefreshToken(tx, {
          id: next.id,
          family_id: token.family_id,
          user_id: token.user.id,
          token_hash: sha256(next.refreshToken),
          expires_at: token.expires_at,
          created_at: now,
        });
      });
      return {
        user: token.user,
        sessionId: token.family_id,
        signedInAt: token.signed_in_at,
        refreshToken: next.refreshToken,
      };
    },

    /** The signed-in user and session behind an access token that is still live. */
    async ofAccessToken({ accessToken }: { accessToken: string }) {
      const claims = await tokens.verifyAccessToken(accessToken).catch((error: unknown) => {
        throw new IdentityError(
          'NotAuthorizedException',
          isExpired(error) ? identityMessages.accessTokenExpired : identityMessages.invalidAccessToken,
        );
      });
      const session = await findSessionById(db, claims.origin_jti);
      if (!session || session.user.id !== claims.sub) {
        throw new IdentityError('NotAuthorizedException', identityMessages.invalidAccessToken);
      }
      if (session.revoked_at || session.expires_at <= clock()) {
        throw new IdentityError('NotAuthorizedException', identityMessages.accessTokenRevoked);
      }
      return session;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
