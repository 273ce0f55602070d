import { messages } from '@vaidya/contract/messages';
import { hasInsufficientBalance } from '@vaidya/contract/partner';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { TokenService } from '../identity/tokens';
import { findSignedInCaller } from './access.repository';

export interface Caller {
  userId: string;
  partnerId: string;
  role: 'owner' | 'staff';
  sessionId: string;
  subscriptionType: 'standard' | 'wallet';
  walletBalance: number;
  chargePerBooking: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on every signed-in route; the partner comes only from here. */
    caller: Caller;
  }
}

const sessionEnded = messages.sessionEnded;

/**
 * Verifies the bearer id token against the JWKS, then checks in the database
 * that its sign-in session is alive and that neither the user nor the partner
 * is disabled: a signed-out or password-changed session stops working at once.
 */
export function createAuthenticate(deps: {
  db: Db;
  tokens: TokenService;
  clock: Clock;
}): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in.');

    const claims = await deps.tokens.verifyIdToken(token).catch(() => {
      throw new AppError('UNAUTHENTICATED', sessionEnded);
    });
    const row = await findSignedInCaller(deps.db, { userId: claims.sub, sessionId: claims.origin_jti });
    if (!row || row.sessionRevokedAt || row.sessionExpiresAt <= deps.clock()) {
      throw new AppError('UNAUTHENTICATED', sessionEnded);
    }
    if (row.userDisabledAt || row.partnerDisabledAt) {
      throw new AppError('FORBIDDEN', 'This account is disabled. Please contact your clinic administrator.');
    }
    request.caller = {
      userId: row.userId,
      partnerId: row.partnerId,
      role: row.role as Caller['role'],
      sessionId: claims.origin_jti,
      subscriptionType: row.subscriptionType as Caller['subscriptionType'],
      walletBalance: Number(row.walletBalance),
      chargePerBooking: Number(row.chargePerBooking),
    };
  };
}

/**
 * Spec §4's wallet guard on the server: booking, schedule and settings
 * mutations of a wallet partner whose balance is below one booking's charge
 * are refused, whatever the screens do. Runs after `authenticate`.
 */
export async function requireWalletBalance(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { caller } = request;
  const partner = {
    subscription_type: caller.subscriptionType,
    wallet_balance: caller.walletBalance,
    charge_per_booking: caller.chargePerBooking,
  };
  if (hasInsufficientBalance(partner)) {
    throw new AppError('PAYMENT_REQUIRED', messages.insufficientBalance);
  }
}
