import { messages } from '@vaidya/contract/messages';
import { hasInsufficientBalance } from '@vaidya/contract/partner';
import { type Permission, permissions, roleMay, roleMessages } from '@vaidya/contract/roles';
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
 * `access`, and then its `permission`: a role without it is refused with 403 `ROLE_FORBIDDEN`
 * (decision 047) before its input is read. A `signed-in` endpoint needs the bearer id token and sets `request.caller`; a
 * `public-or-signed-in` one signs a token in when one is sent (a token that does not sign in
 * answers 401 there too); `public` and `tv` endpoints pass, a TV's token being its handler's.
 */
export function createEndpointAccess(access: AccessService): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint?.access !== 'signed-in' && endpoint?.access !== 'public-or-signed-in') return;
    const token = bearerToken(request);
    if (token) request.caller = await access.authenticate({ token, address: request.ip });
    else if (endpoint.access === 'signed-in') throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    // Before the input is read: a role that may not call it learns nothing from its validation.
    if (endpoint.permission && request.caller) assertRoleMay(request.caller, endpoint.permission);
  };
}

/** Refuses a caller whose role lacks `permission`: 403 `ROLE_FORBIDDEN`, saying who may (decision 047). */
export function assertRoleMay(caller: Pick<Caller, 'role'>, permission: Permission): void {
  if (!roleMay(caller.role, permission)) {
    throw new AppError('ROLE_FORBIDDEN', permissions[permission].refusal);
  }
}

/** Whether the caller works at `locationId`: an owner at every location, staff at their own. */
export function worksAt(caller: Pick<Caller, 'locations'>, locationId: string): boolean {
  return caller.locations === 'all' || caller.locations.includes(locationId);
}

/** The locations whose records the caller sees, for a query's filter: null for an owner, who sees all. */
export function locationFilter(caller: Pick<Caller, 'locations'>): readonly string[] | null {
  return caller.locations === 'all' ? null : caller.locations;
}

/** Refuses a member of staff a location they do not work at (issue 23), with 403 `ROLE_FORBIDDEN`. */
export function assertWorksAt(caller: Pick<Caller, 'locations'>, locationId: string): void {
  if (!worksAt(caller, locationId)) throw new AppError('ROLE_FORBIDDEN', roleMessages.notYourLocation);
}

/** The ids a request's body and query name under `names`, for the per-location check. */
function idsNamed(request: FastifyRequest, names: readonly string[]): string[] {
  const ids: string[] = [];
  for (const input of [request.body, request.query]) {
    if (typeof input !== 'object' || input === null) continue;
    for (const name of names) {
      const value = (input as Record<string, unknown>)[name];
      if (typeof value === 'string') ids.push(value);
    }
  }
  return ids;
}

/**
 * The `preHandler` hook of the API: what a contract endpoint asks of a signed-in caller beyond
 * signing in, once its caller is known and its input is valid (a request the contract refuses is
 * told so first).
 * 1. The caller's locations (issue 23): a member of staff who is not an owner works at their
 *    own; a request naming a location (`locationId`, `location_id`), a queue (`queueId`,
 *    `queue_id`) or a booking (`slotId`, `slot_id`) elsewhere is refused with 403
 *    `ROLE_FORBIDDEN`. Records a call names by their own id are checked by their service.
 * 2. The guard: `wallet` is spec §4's wallet guard on the server: booking, schedule and
 *    settings changes of a wallet partner whose balance is below one booking's charge are
 *    refused, whatever the screens do.
 */
export function createEndpointGuard(access: AccessService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const endpoint = request.routeOptions.config.endpoint;
    const { caller } = request;
    if (endpoint?.access !== 'signed-in' || !caller) return;
    if (caller.locations !== 'all') {
      const named = idsNamed(request, ['locationId', 'location_id']);
      const queueIds = idsNamed(request, ['queueId', 'queue_id']);
      const slotIds = idsNamed(request, ['slotId', 'slot_id']);
      if (queueIds.length > 0 || slotIds.length > 0) {
        named.push(...(await access.locationsOf({ partnerId: caller.partnerId, queueIds, slotIds })));
      }
      for (const locationId of named) assertWorksAt(caller, locationId);
    }
    if (endpoint.guard === 'wallet') assertWalletCanPay(caller);
  };
}

/** Spec §4's wallet guard: a wallet clinic whose balance is below one booking's charge is refused with 402. */
function assertWalletCanPay(caller: Caller): void {
  const partner = {
    subscription_type: caller.subscriptionType,
    wallet_balance: caller.walletBalance,
    charge_per_booking: caller.chargePerBooking,
  };
  if (hasInsufficientBalance(partner)) {
    throw new AppError('PAYMENT_REQUIRED', messages.insufficientBalance);
  }
}
