import { identityMessages } from '@vaidya/contract/identity';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { passwordMatches } from './credentials';
import {
  clearSignInFailures,
  findSignInThrottle,
  type IdentityUser,
  lockSignIn,
  recordSignInFailure,
} from './identity.repository';
import { IdentityError, incorrectCredentials } from './identity-error';

const minute = 60 * 1000;

/**
 * Lockout keyed by user name (OWASP ASVS 2.2.1): the fifth consecutive
 * failure locks the name for a minute, each further one doubles that, up to
 * fifteen minutes. Slow enough to stop guessing, short enough that a
 * stranger cannot lock a receptionist out for the day.
 */
const lockout = { failuresBeforeLock: 4, firstLock: minute, longestLock: 15 * minute };

function lockDurationAfter(failures: number): number | undefined {
  const beyond = failures - lockout.failuresBeforeLock;
  if (beyond < 1) return undefined;
  return Math.min(lockout.firstLock * 2 ** (beyond - 1), lockout.longestLock);
}

/** Password checks under the lockout, shared by signing in and changing the password. */
export function createLockoutService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Checks a password under the lockout. An unknown name costs the same
     * argon2 time, counts failures the same way and gets the same answer as a
     * real one, so neither the answer nor its timing tells whether it exists.
     */
    async checkPassword({
      username,
      user,
      password,
    }: {
      username: string;
      user: IdentityUser | undefined;
      password: string;
    }): Promise<IdentityUser> {
      const throttle = await findSignInThrottle(db, username);
      if (throttle?.locked_until && throttle.locked_until > clock()) {
        throw new IdentityError('NotAuthorizedException', identityMessages.passwordAttemptsExceeded);
      }
      const matches = await passwordMatches(user?.password_hash, password);
      if (!user || !matches) {
        const now = clock();
        const failures = await recordSignInFailure(db, username, now);
        const lock = lockDurationAfter(failures);
        if (lock) await lockSignIn(db, username, new Date(now.getTime() + lock), now);
        throw incorrectCredentials();
      }
      await clearSignInFailures(db, username);
      return user;
    },
  };
}

export type LockoutService = ReturnType<typeof createLockoutService>;
