import { messages } from '@vaidya/contract/messages';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findCallerByIdentitySubject, findSignedInCaller } from './access.repository';
import { KeysUnavailable, type TokenVerifier, type VerifiedToken } from './token-verifier';

export interface Caller {
  userId: string;
  partnerId: string;
  role: 'owner' | 'staff';
  subscriptionType: 'standard' | 'wallet';
  walletBalance: number;
  chargePerBooking: number;
}

type CallerRow = NonNullable<Awaited<ReturnType<typeof findCallerByIdentitySubject>>>;

/**
 * Who may call a signed-in route. The verifier checks the token; then the
 * database says whether its holder may still call: with our own identity
 * service the sign-in session must be alive (signing out or changing the
 * password ends its id tokens at once), with an external user pool the `sub`
 * must be linked to a user; and neither user nor partner may be disabled.
 */
export function createAccessService(deps: { db: Db; verifier: TokenVerifier; clock: Clock }) {
  const findCaller = async (verified: VerifiedToken): Promise<CallerRow> => {
    if (verified.kind === 'subject') {
      const row = await findCallerByIdentitySubject(deps.db, verified.subject);
      if (!row) throw new AppError('FORBIDDEN', messages.identityNotLinked);
      return row;
    }
    const row = await findSignedInCaller(deps.db, verified);
    if (!row || row.sessionRevokedAt || row.sessionExpiresAt <= deps.clock()) {
      throw new AppError('UNAUTHENTICATED', messages.sessionEnded);
    }
    return row;
  };

  return {
    async authenticate({ token }: { token: string }): Promise<Caller> {
      const verified = await deps.verifier.verify(token).catch((error: unknown) => {
        if (error instanceof KeysUnavailable) {
          const unavailable = new AppError('UNAVAILABLE', messages.signInCheckUnavailable);
          unavailable.cause = error;
          throw unavailable;
        }
        throw new AppError('UNAUTHENTICATED', messages.sessionEnded);
      });
      const row = await findCaller(verified);
      if (row.userDisabledAt || row.partnerDisabledAt) {
        throw new AppError(
          'FORBIDDEN',
          'This account is disabled. Please contact your clinic administrator.',
        );
      }
      return {
        userId: row.userId,
        partnerId: row.partnerId,
        role: row.role,
        subscriptionType: row.subscriptionType,
        walletBalance: Number(row.walletBalance),
        chargePerBooking: Number(row.chargePerBooking),
      };
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
