import { type AuthenticationResult, type Challenge, identityMessages } from '@vaidya/contract/identity';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { hashPassword, sha256 } from './credentials';
import type { LockoutService } from './identity.lockout.service';
import { assertAcceptablePassword } from './identity.passwords.service';
import {
  findRefreshTokenByHash,
  findUserByEmail,
  findUserById,
  type IdentityUser,
  revokeFamily,
  revokeUserSessions,
  updatePassword,
} from './identity.repository';
import type { SessionsService } from './identity.sessions.service';
import type { IdentityActions } from './identity-actions';
import { assertClient, assertEnabled, isExpired } from './identity-checks';
import { IdentityError } from './identity-error';
import type { TokenService } from './tokens';

/** Ties a challenge Session to the password it was issued for; any new password changes it. */
const passwordFingerprint = (passwordHash: string) => sha256(passwordHash);

function requireParameter(parameters: Record<string, string>, name: string): string {
  const value = parameters[name];
  if (!value) throw new IdentityError('InvalidParameterException', identityMessages.missingParameter(name));
  return value;
}

/** A one-time password an owner issued signs in for `temporaryPasswordDays`; then an owner must issue another. */
function assertTemporaryPasswordLive(user: IdentityUser, now: Date): void {
  if (user.temporary_password_expires_at && user.temporary_password_expires_at <= now) {
    throw new IdentityError('NotAuthorizedException', identityMessages.temporaryPasswordExpired);
  }
}

/** Signing in with a password or a refresh token, the new-password challenge, signing out and revoking. */
export function createSignInService(deps: {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  sessions: SessionsService;
  lockout: LockoutService;
}): Pick<IdentityActions, 'InitiateAuth' | 'RespondToAuthChallenge' | 'GlobalSignOut' | 'RevokeToken'> {
  const { db, clock, tokens, sessions, lockout } = deps;

  async function authenticationResult(
    user: IdentityUser,
    session: { sessionId: string; refreshToken: string },
    authTime: Date,
  ): Promise<AuthenticationResult> {
    const issued = await tokens.issue({
      userId: user.id,
      email: user.email,
      sessionId: session.sessionId,
      authTime,
    });
    return {
      AuthenticationResult: {
        IdToken: issued.idToken,
        AccessToken: issued.accessToken,
        RefreshToken: session.refreshToken,
        ExpiresIn: issued.expiresIn,
        TokenType: 'Bearer',
      },
      ChallengeParameters: {},
    };
  }

  async function newPasswordChallenge(user: IdentityUser): Promise<Challenge> {
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: await tokens.issueChallengeSession({
        userId: user.id,
        passwordFingerprint: passwordFingerprint(user.password_hash),
      }),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.email,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({
          email_verified: 'true',
          email: user.email,
          ...(user.name ? { name: user.name } : {}),
          ...(user.phone_number ? { phone_number: user.phone_number } : {}),
        }),
      },
    };
  }

  async function signInWithPassword(parameters: Record<string, string>) {
    const username = requireParameter(parameters, 'USERNAME').toLowerCase();
    const password = requireParameter(parameters, 'PASSWORD');
    const user = await lockout.checkPassword({
      username,
      user: await findUserByEmail(db, username),
      password,
    });
    // Only someone who knows the password learns the account's state.
    assertEnabled(user);
    if (user.status === 'UNCONFIRMED') {
      throw new IdentityError('UserNotConfirmedException', identityMessages.userNotConfirmed);
    }
    if (user.status === 'RESET_REQUIRED') {
      throw new IdentityError('PasswordResetRequiredException', identityMessages.passwordResetRequired);
    }
    const now = clock();
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      assertTemporaryPasswordLive(user, now);
      return newPasswordChallenge(user);
    }
    return authenticationResult(user, await sessions.start({ tx: db, user, now }), now);
  }

  /** New id and access tokens for the same session, and a new refresh token in place of the one spent. */
  async function refresh(parameters: Record<string, string>): Promise<AuthenticationResult> {
    const rotated = await sessions.rotate({ refreshToken: requireParameter(parameters, 'REFRESH_TOKEN') });
    return authenticationResult(rotated.user, rotated, rotated.signedInAt);
  }

  return {
    async InitiateAuth(request) {
      assertClient(request.ClientId, tokens.clientId);
      return request.AuthFlow === 'USER_PASSWORD_AUTH'
        ? signInWithPassword(request.AuthParameters)
        : refresh(request.AuthParameters);
    },

    async RespondToAuthChallenge(request) {
      assertClient(request.ClientId, tokens.clientId);
      const subject = await tokens.verifyChallengeSession(request.Session).catch((error: unknown) => {
        throw new IdentityError(
          'NotAuthorizedException',
          isExpired(error) ? identityMessages.sessionExpired : identityMessages.invalidSession,
        );
      });
      const user = await findUserById(db, subject.userId);
      if (!user || user.email !== request.ChallengeResponses.USERNAME.toLowerCase()) {
        throw new IdentityError('NotAuthorizedException', identityMessages.invalidSession);
      }
      if (
        user.status !== 'FORCE_CHANGE_PASSWORD' ||
        passwordFingerprint(user.password_hash) !== subject.passwordFingerprint
      ) {
        throw new IdentityError('NotAuthorizedException', identityMessages.sessionUsed);
      }
      assertEnabled(user);
      assertTemporaryPasswordLive(user, clock());
      const newPassword = request.ChallengeResponses.NEW_PASSWORD;
      assertAcceptablePassword(newPassword, { email: user.email, names: [user.name] });
      const passwordHash = await hashPassword(newPassword);
      const now = clock();
      const session = await db.transaction(async (tx) => {
        const changed = await updatePassword(tx, {
          userId: user.id,
          passwordHash,
          status: 'CONFIRMED',
          now,
          expectedHash: user.password_hash,
        });
        if (!changed) throw new IdentityError('NotAuthorizedException', identityMessages.sessionUsed);
        return sessions.start({ tx, user, now });
      });
      return authenticationResult(user, session, now);
    },

    async GlobalSignOut(request) {
      const session = await sessions.ofAccessToken({ accessToken: request.AccessToken });
      await revokeUserSessions(db, session.user.id, clock());
      return {};
    },

    /**
     * Signing out of this device: ends the sign-in session of the refresh token, whichever
     * token of its family it is (decision 025), and no other session of the user. A token
     * this service issued that is already revoked or expired succeeds again; one it never
     * issued is refused, with the kind Cognito declares for RevokeToken.
     */
    async RevokeToken(request) {
      assertClient(request.ClientId, tokens.clientId);
      if (request.Token.split('.').length === 3) {
        throw new IdentityError('UnsupportedTokenTypeException', identityMessages.onlyRefreshTokensRevoked);
      }
      const token = await findRefreshTokenByHash(db, sha256(request.Token));
      if (!token) throw new IdentityError('UnauthorizedException', identityMessages.invalidRefreshToken);
      await revokeFamily(db, token.family_id, clock());
      return {};
    },
  };
}
