import { type codeDeliverySchema, codeEmails, identityMessages } from '@vaidya/contract/identity';
import type { z } from 'zod';
import type { Messenger } from '../../adapters/messaging/messenger';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { hashVerificationCode, newVerificationCode, sameHash } from './credentials';
import {
  type CodePurpose,
  consumeCode,
  countCodesSince,
  findPendingCode,
  findUserByEmail,
  type IdentityUser,
  replacePendingCode,
  takeCodeAttempt,
} from './identity.repository';
import { IdentityError } from './identity-error';

const hour = 60 * 60 * 1000;

/** Each code has five attempts; a user gets at most five codes an hour; sign-up codes last a day. */
const codes = {
  maxAttempts: 5,
  maxPerUserPerHour: 5,
  lifetime: { SIGN_UP: 24 * hour, RESET_PASSWORD: hour },
} as const;

type CodeDelivery = z.infer<typeof codeDeliverySchema>;
type Recipient = Pick<IdentityUser, 'email' | 'partner_id'>;

/** Where the code went, as Cognito shows it: `a***@e***.com`. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

export const codeDelivery = (email: string): CodeDelivery => ({
  CodeDeliveryDetails: { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' },
});

/** The emailed codes that confirm a sign-up and reset a password. */
export function createCodesService({ db, clock, messenger }: { db: Db; clock: Clock; messenger: Messenger }) {
  /** Stores a fresh code for the user (retiring older ones of its purpose) and returns it in clear to send. */
  async function store({
    tx,
    userId,
    purpose,
    now,
  }: {
    tx: Db;
    userId: string;
    purpose: CodePurpose;
    now: Date;
  }) {
    const id = crypto.randomUUID();
    const code = newVerificationCode();
    await replacePendingCode(tx, {
      id,
      user_id: userId,
      purpose,
      code_hash: hashVerificationCode(id, code),
      expires_at: new Date(now.getTime() + codes.lifetime[purpose]),
      created_at: now,
    });
    return code;
  }

  /** Messages go out after the transaction commits: the outbox writes on its own connection. */
  const deliver = ({ user, purpose, code }: { user: Recipient; purpose: CodePurpose; code: string }) =>
    messenger.send({
      channel: 'email',
      to: user.email,
      subject: codeEmails[purpose].subject,
      text: codeEmails[purpose].text(code),
      partnerId: user.partner_id,
    });

  /** A new code by email, unless the user already had five this hour. */
  async function send({
    user,
    purpose,
  }: {
    user: Recipient & Pick<IdentityUser, 'id'>;
    purpose: CodePurpose;
  }) {
    const now = clock();
    if ((await countCodesSince(db, user.id, new Date(now.getTime() - hour))) >= codes.maxPerUserPerHour) {
      throw new IdentityError('LimitExceededException', identityMessages.limitExceeded);
    }
    const code = await db.transaction((tx) => store({ tx, userId: user.id, purpose, now }));
    await deliver({ user, purpose, code });
  }

  return {
    store,
    deliver,

    /**
     * A new code for the user `username` names, and where it went. An unknown or disabled
     * user gets the same answer and no email (Cognito's user-existence protection);
     * `refuse` may turn a known user away first, in words of its own.
     */
    async sendToUsername({
      username,
      purpose,
      refuse,
    }: {
      username: string;
      purpose: CodePurpose;
      refuse?: (user: IdentityUser) => void;
    }): Promise<CodeDelivery> {
      const email = username.toLowerCase();
      const user = await findUserByEmail(db, email);
      if (user && !user.disabled_at) {
        refuse?.(user);
        await send({ user, purpose });
      }
      return codeDelivery(email);
    },

    /**
     * Checks a code and returns it, still pending: the caller consumes it in
     * the transaction that acts on it. Each check spends one of the code's
     * five attempts first; a code with none left answers as an expired one.
     */
    async check({ userId, purpose, given }: { userId: string; purpose: CodePurpose; given: string }) {
      const code = await findPendingCode(db, userId, purpose);
      if (!code || code.expires_at <= clock() || !(await takeCodeAttempt(db, code.id, codes.maxAttempts))) {
        throw new IdentityError('ExpiredCodeException', identityMessages.codeExpired);
      }
      if (!sameHash(code.code_hash, hashVerificationCode(code.id, given))) {
        throw new IdentityError('CodeMismatchException', identityMessages.codeMismatch);
      }
      return code;
    },

    /** Marks the code used inside `tx`; another request that used it first makes this one fail. */
    async consume({ tx, codeId, now }: { tx: Db; codeId: string; now: Date }) {
      if (!(await consumeCode(tx, codeId, now))) {
        throw new IdentityError('ExpiredCodeException', identityMessages.codeExpired);
      }
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;

/** What every service whose actions email codes needs: sign-up and passwords alike. */
export interface CodeFlowDeps {
  db: Db;
  clock: Clock;
  clientId: string;
  codes: CodesService;
}
