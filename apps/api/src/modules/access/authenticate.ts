import { messages } from '@vaidya/contract/messages';
import { hasInsufficientBalance } from '@vaidya/contract/partner';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../../http/app-error';
import type { AccessService, Caller } from './access.service';

export type { Caller } from './access.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on every signed-in route; the partner comes only from here. */
    caller: Caller;
  }
}

/** The id token of an `Authorization: Bearer …` header; undefined without one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}

/** The `onRequest` hook of every signed-in route: the bearer id token in, `request.caller` out. */
export function createAuthenticate(access: AccessService): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    request.caller = await access.authenticate({ token });
  };
}

/**
 * Who calls a public route that a signed-in caller may use for more: undefined without a
 * bearer token; a token that does not sign in answers as it would on a signed-in route.
 */
export function createIdentifyCaller(access: AccessService) {
  return async (request: FastifyRequest): Promise<Caller | undefined> => {
    const token = bearerToken(request);
    return token ? access.authenticate({ token }) : undefined;
  };
}

export type IdentifyCaller = ReturnType<typeof createIdentifyCaller>;

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
