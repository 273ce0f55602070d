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

/**
 * The `onRequest` hook of the API (decision 039): who may call each contract endpoint is its
 * `access`. A `signed-in` endpoint needs the bearer id token and sets `request.caller`; a
 * `public-or-signed-in` one signs a token in when one is sent (a token that does not sign in
 * answers 401 there too); `public` and `tv` endpoints pass, a TV's token being its handler's.
 */
export function createEndpointAccess(access: AccessService): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint?.access !== 'signed-in' && endpoint?.access !== 'public-or-signed-in') return;
    const token = bearerToken(request);
    if (token) request.caller = await access.authenticate({ token });
    else if (endpoint.access === 'signed-in') throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  };
}

/**
 * The `preHandler` hook of the API: the guard a contract endpoint declares, once its caller
 * is known and its input is valid (a request the contract refuses is told so first). `wallet` is spec §4's wallet guard on the server: booking, schedule and settings
 * changes of a wallet partner whose balance is below one booking's charge are refused,
 * whatever the screens do.
 */
export async function enforceEndpointGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.routeOptions.config.endpoint?.guard !== 'wallet') return;
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
