import type { Messenger } from '../../adapters/messaging/messenger';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { ReferralsService } from '../referrals/referrals.service';
import type { StarterListsService } from '../starter-lists/starter-lists.service';
import { createCodesService } from './identity.codes.service';
import { createLockoutService } from './identity.lockout.service';
import { createPasswordsService } from './identity.passwords.service';
import { createSessionsService } from './identity.sessions.service';
import { createSignInService } from './identity.sign-in.service';
import { createSignUpService } from './identity.sign-up.service';
import type { IdentityActions } from './identity-actions';
import type { TokenService } from './tokens';

export interface IdentityDeps {
  db: Db;
  tokens: TokenService;
  messenger: Messenger;
  clock: Clock;
  /** Copies a new clinic's starter lists when its owner asks for them at sign-up. */
  starterLists: StarterListsService;
  /** Ties a clinic that signed up through a referral link to its referrer. */
  referrals: ReferralsService;
}

/**
 * The identity service: the union of its concerns (sign-in and sessions,
 * sign-up and codes, passwords), plus the public keys that verify its tokens.
 * The accounts the CLI creates are `createAccountsService`, which needs
 * neither tokens nor messages.
 */
export function createIdentityService({
  db,
  tokens,
  messenger,
  clock,
  starterLists,
  referrals,
}: IdentityDeps) {
  const sessions = createSessionsService({ db, tokens, clock });
  const lockout = createLockoutService({ db, clock });
  const codes = createCodesService({ db, clock, messenger });
  const clientId = tokens.clientId;
  const actions: IdentityActions = {
    ...createSignInService({ db, clock, tokens, sessions, lockout }),
    ...createSignUpService({ db, clock, clientId, codes, starterLists, referrals }),
    ...createPasswordsService({ db, clock, clientId, codes, sessions, lockout }),
  };
  return { ...actions, jwks: () => tokens.jwks() };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
