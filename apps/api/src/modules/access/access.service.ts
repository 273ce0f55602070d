import { messages } from '@vaidya/contract/messages';
import type { UserRole } from '@vaidya/contract/roles';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findCallerByIdentitySubject, findLocationsOfRecords, findSignedInCaller } from './access.repository';
import { KeysUnavailable, type TokenVerifier, type VerifiedToken } from './token-verifier';

export interface Caller {
  userId: string;
  partnerId: string;
  /** Read from the database on every call (decision 047): a role change applies at once. */
  role: UserRole;
  /** The locations the caller works at: every one for an owner (`'all'`), else their own. */
  locations: 'all' | readonly string[];
  /** Where the call came from, as the server reads it (TRUST_PROXY), for the audit trail. */
  address: string;
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
    // Disabling a person also ends their sessions: they are told they are disabled, not signed out.
    if (row && (row.userDisabledAt || row.partnerDisabledAt)) return row;
    if (!row || row.sessionRevokedAt || row.sessionExpiresAt <= deps.clock()) {
      throw new AppError('UNAUTHENTICATED', messages.sessionEnded);
    }
    return row;
  };

  return {
    /** The locations of the queues and bookings a request names, for the per-location check. */
    locationsOf(ids: { partnerId: string; queueIds: string[]; slotIds: string[] }) {
      return findLocationsOfRecords(deps.db, ids);
    },

    async authenticate({ token, address }: { token: string; address: string }): Promise<Caller> {
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
        throw new AppError('FORBIDDEN', messages.accountDisabled);
      }
      return {
        userId: row.userId,
        partnerId: row.partnerId,
        role: row.role,
        locations: row.role === 'owner' ? 'all' : row.locationIds,
        address,
        subscriptionType: row.subscriptionType,
        walletBalance: Number(row.walletBalance),
        chargePerBooking: Number(row.chargePerBooking),
      };
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
