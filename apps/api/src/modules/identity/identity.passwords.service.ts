import { identityMessages } from '@vaidya/contract/identity';
import { hashPassword } from './credentials';
import type { CodeFlowDeps } from './identity.codes.service';
import type { LockoutService } from './identity.lockout.service';
import {
  clearSignInFailures,
  findUserByEmail,
  revokeUserSessions,
  updatePassword,
} from './identity.repository';
import type { SessionsService } from './identity.sessions.service';
import type { IdentityActions } from './identity-actions';
import { assertClient, assertEnabled } from './identity-checks';
import { IdentityError } from './identity-error';
import { passwordProblem } from './password-policy';

/**
 * The policy every new password meets, wherever it is set: the email and the
 * names given (the person's, the clinic's) count against it.
 */
export function assertAcceptablePassword(
  password: string,
  about: { email: string; names?: readonly (string | undefined)[] },
): void {
  const problem = passwordProblem(password, about);
  if (problem) throw new IdentityError('InvalidPasswordException', problem);
}

/** A forgotten password reset with an emailed code, and a password changed while signed in. */
export function createPasswordsService(
  deps: CodeFlowDeps & { sessions: SessionsService; lockout: LockoutService },
): Pick<IdentityActions, 'ForgotPassword' | 'ConfirmForgotPassword' | 'ChangePassword'> {
  const { db, clock, clientId, codes, sessions, lockout } = deps;
  return {
    async ForgotPassword(request) {
      assertClient(request.ClientId, clientId);
      return codes.sendToUsername({ username: request.Username, purpose: 'RESET_PASSWORD' });
    },

    async ConfirmForgotPassword(request) {
      assertClient(request.ClientId, clientId);
      const email = request.Username.toLowerCase();
      // Checked before the user is looked up, against the email only, so the
      // answer is the same whether or not the account exists.
      assertAcceptablePassword(request.Password, { email });
      const user = await findUserByEmail(db, email);
      if (!user || user.disabled_at) {
        throw new IdentityError('CodeMismatchException', identityMessages.codeMismatch);
      }
      const code = await codes.check({
        userId: user.id,
        purpose: 'RESET_PASSWORD',
        given: request.ConfirmationCode,
      });
      const passwordHash = await hashPassword(request.Password);
      const now = clock();
      // Whoever knew the old password is signed out, and the owner may sign in at once.
      await db.transaction(async (tx) => {
        await codes.consume({ tx, codeId: code.id, now });
        await updatePassword(tx, { userId: user.id, passwordHash, status: 'CONFIRMED', now });
        await revokeUserSessions(tx, user.id, now);
        await clearSignInFailures(tx, user.email);
      });
      return {};
    },

    async ChangePassword(request) {
      const session = await sessions.ofAccessToken({ accessToken: request.AccessToken });
      const { user } = session;
      assertEnabled(user);
      assertAcceptablePassword(request.ProposedPassword, { email: user.email, names: [user.name] });
      await lockout.checkPassword({ username: user.email, user, password: request.PreviousPassword });
      const passwordHash = await hashPassword(request.ProposedPassword);
      const now = clock();
      // The person changing it stays signed in; every other device is signed out.
      await db.transaction(async (tx) => {
        await updatePassword(tx, { userId: user.id, passwordHash, now });
        await revokeUserSessions(tx, user.id, now, session.id);
      });
      return {};
    },
  };
}
