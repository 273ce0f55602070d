import { identityMessages, refreshTokenLifetimeSeconds } from '@vaidya/contract/identity';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { newRefreshToken, sha256 } from './credentials';
import { findSessionById, type IdentityUser, insertSession } from './identity.repository';
import { isExpired } from './identity-checks';
import { IdentityError } from './identity-error';
import type { TokenService } from './tokens';

/** Sign-in sessions: one refresh-token row each, whose id is the tokens' origin_jti. */
export function createSessionsService({ db, tokens, clock }: { db: Db; tokens: TokenService; clock: Clock }) {
  return {
    /** A new sign-in session, written with `tx` so it commits with whatever let the user in. */
    async start({ tx, user, now }: { tx: Db; user: IdentityUser; now: Date }) {
      const sessionId = crypto.randomUUID();
      const refreshToken = newRefreshToken();
      await insertSession(tx, {
        id: sessionId,
        user_id: user.id,
        token_hash: sha256(refreshToken),
        expires_at: new Date(now.getTime() + refreshTokenLifetimeSeconds * 1000),
        created_at: now,
      });
      return { sessionId, refreshToken };
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
