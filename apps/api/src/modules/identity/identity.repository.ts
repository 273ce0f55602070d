import { toPaise } from '@vaidya/contract/bill-arithmetic';
import { and, count, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  locations,
  partners,
  refreshTokens,
  signInThrottle,
  users,
  verificationCodes,
} from '../../db/schema';
import { moveWallet } from '../wallet/wallet.repository';

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';
export type CodePurpose = 'SIGN_UP' | 'RESET_PASSWORD';

const userColumns = {
  id: users.id,
  partner_id: users.partner_id,
  email: users.email,
  name: users.name,
  phone_number: users.phone_number,
  password_hash: users.password_hash,
  status: sql<UserStatus>`${users.status}`,
  /** Set when the user or the whole partner account is disabled. */
  disabled_at: sql<Date | null>`coalesce(${users.disabled_at}, ${partners.disabled_at})`.mapWith(
    users.disabled_at,
  ),
  /** Until when a one-time password (FORCE_CHANGE_PASSWORD) signs in; null once the user chose their own. */
  temporary_password_expires_at: users.temporary_password_expires_at,
};

function selectUsers(db: Db) {
  return db.select(userColumns).from(users).innerJoin(partners, eq(partners.id, users.partner_id));
}

export type IdentityUser = Awaited<ReturnType<typeof selectUsers>>[number];

export async function findUserByEmail(db: Db, email: string): Promise<IdentityUser | undefined> {
  const [user] = await selectUsers(db).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Db, id: string): Promise<IdentityUser | undefined> {
  const [user] = await selectUsers(db).where(eq(users.id, id));
  return user;
}

/** The clinic an owner's email names, for adding staff to it. */
export async function findPartnerOfOwner(db: Db, ownerEmail: string) {
  const [row] = await db
    .select({ id: partners.id, name: partners.name, disabledAt: partners.disabled_at })
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .where(and(eq(users.email, ownerEmail), eq(users.role, 'owner')));
  return row;
}

/** Disables the partner's account from `disabledAt` on, or enables it again with null. */
export async function setPartnerDisabledAt(db: Db, partnerId: string, disabledAt: Date | null) {
  await db
    .update(partners)
    .set({ disabled_at: disabledAt, updated_at: sql`now()` })
    .where(eq(partners.id, partnerId));
}

/** A new clinic: the partner, its first location and its owner, all or nothing (pass a transaction). */
export async function insertClinic(
  tx: Db,
  clinic: {
    partner: Pick<
      typeof partners.$inferInsert,
      'name' | 'speciality_type' | 'subscription_type' | 'wallet_balance' | 'charge_per_booking' | 'time_zone'
    >;
    location: Pick<typeof locations.$inferInsert, 'location_name' | 'contact_no'>;
    owner: Pick<typeof users.$inferInsert, 'email' | 'name' | 'phone_number' | 'password_hash' | 'status'>;
    now: Date;
  },
) {
  const timestamps = { created_at: clinic.now, updated_at: clinic.now };
  const { wallet_balance: openingBalance, ...partnerValues } = clinic.partner;
  const [partner] = await tx
    .insert(partners)
    .values({ ...partnerValues, ...timestamps })
    .returning({ id: partners.id });
  const partnerId = (partner as { id: string }).id;
  // The ledger's first movement opens the wallet, so the wallet's history adds up to its balance.
  if (openingBalance !== undefined && Number(openingBalance) > 0) {
    await moveWallet(tx, {
      kind: 'opening',
      partnerId,
      amountPaise: toPaise(Number(openingBalance)),
      at: clinic.now,
    });
  }
  await tx.insert(locations).values({ ...clinic.location, partner_id: partnerId, ...timestamps });
  const userId = await insertUser(tx, {
    ...clinic.owner,
    partner_id: partnerId,
    role: 'owner',
    password_changed_at: clinic.now,
    ...timestamps,
  });
  return { partnerId, userId };
}

export async function insertUser(db: Db, user: typeof users.$inferInsert): Promise<string> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  return (row as { id: string }).id;
}

/**
 * Sets a new password. With `expectedHash` it only replaces that exact
 * password (compare-and-set), so two requests racing with one challenge
 * Session cannot both succeed. Returns whether a row changed.
 */
export async function updatePassword(
  db: Db,
  change: { userId: string; passwordHash: string; status?: UserStatus; now: Date; expectedHash?: string },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      password_hash: change.passwordHash,
      password_changed_at: change.now,
      // A password the user chose: no one-time password signs in any more.
      temporary_password_expires_at: null,
      updated_at: change.now,
      ...(change.status ? { status: change.status } : {}),
    })
    .where(
      and(
        eq(users.id, change.userId),
        change.expectedHash ? eq(users.password_hash, change.expectedHash) : undefined,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Notes a successful sign-in (a new session), for the owner's staff list. */
export async function stampSignIn(db: Db, userId: string, now: Date) {
  await db.update(users).set({ last_signed_in_at: now }).where(eq(users.id, userId));
}

export async function updateStatus(db: Db, userId: string, status: UserStatus, now: Date) {
  await db.update(users).set({ status, updated_at: now }).where(eq(users.id, userId));
}

// Sign-in sessions: a family of refresh_tokens rows; the first one's id is the family id and the tokens' origin_jti.

export async function insertRefreshToken(db: Db, token: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(token);
}

/** The family's first token, which stands for the whole sign-in session. */
const sessionRow = alias(refreshTokens, 'session');

/** A refresh token with its family's state: revoked when the token or its session is. */
export async function findRefreshTokenByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      family_id: refreshTokens.family_id,
      expires_at: refreshTokens.expires_at,
      revoked_at: sql<Date | null>`coalesce(${refreshTokens.revoked_at}, ${sessionRow.revoked_at})`.mapWith(
        refreshTokens.revoked_at,
      ),
      retired_at: refreshTokens.retired_at,
      signed_in_at: sessionRow.created_at,
      user: userColumns,
    })
    .from(refreshTokens)
    .innerJoin(sessionRow, eq(sessionRow.id, refreshTokens.family_id))
    .innerJoin(users, eq(users.id, refreshTokens.user_id))
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .where(eq(refreshTokens.token_hash, tokenHash));
  return row;
}

export async function findSessionById(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      expires_at: refreshTokens.expires_at,
      revoked_at: refreshTokens.revoked_at,
      user: userColumns,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.user_id))
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .where(eq(refreshTokens.id, sessionId));
  return row;
}

/**
 * Retires a live token in favour of `replacedBy`, in one conditional statement: of several
 * requests presenting the same token at once, exactly one retires it and names its successor.
 */
export async function retireRefreshToken(db: Db, retirement: { id: string; replacedBy: string; now: Date }) {
  await db
    .update(refreshTokens)
    .set({ retired_at: retirement.now, replaced_by: retirement.replacedBy })
    .where(
      and(
        eq(refreshTokens.id, retirement.id),
        isNull(refreshTokens.retired_at),
        isNull(refreshTokens.revoked_at),
      ),
    );
}

/** Ends a sign-in session: every token of its family, the session row among them. */
export async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}

/** Ends every live session of the user (every token of every family), or every one but `exceptSessionId`. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(
      and(
        eq(refreshTokens.user_id, userId),
        isNull(refreshTokens.revoked_at),
        exceptSessionId ? ne(refreshTokens.family_id, exceptSessionId) : undefined,
      ),
    );
}

// Failed sign-ins per lower-cased user name, whether or not the user exists.

export async function findSignInThrottle(db: Db, username: string) {
  const [row] = await db.select().from(signInThrottle).where(eq(signInThrottle.username, username));
  return row;
}

/** Counts one more consecutive failure in one statement, so concurrent failures all count. */
export async function recordSignInFailure(db: Db, username: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(signInThrottle)
    .values({ username, failures: 1, updated_at: now })
    .onConflictDoUpdate({
      target: signInThrottle.username,
      set: { failures: sql`${signInThrottle.failures} + 1`, updated_at: now },
    })
    .returning({ failures: signInThrottle.failures });
  return (row as { failures: number }).failures;
}

export async function lockSignIn(db: Db, username: string, until: Date, now: Date) {
  await db
    .update(signInThrottle)
    .set({ locked_until: until, updated_at: now })
    .where(eq(signInThrottle.username, username));
}

export async function clearSignInFailures(db: Db, username: string) {
  await db.delete(signInThrottle).where(eq(signInThrottle.username, username));
}

// Verification codes: only the newest of a purpose is pending, and it has a fixed number of attempts.

export async function countCodesSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ codes: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.user_id, userId), gt(verificationCodes.created_at, since)));
  return row?.codes ?? 0;
}

/** Stores a new code and retires the older pending ones of its purpose (pass a transaction). */
export async function replacePendingCode(
  tx: Db,
  code: {
    id: string;
    user_id: string;
    purpose: CodePurpose;
    code_hash: string;
    expires_at: Date;
    created_at: Date;
  },
) {
  await tx
    .update(verificationCodes)
    .set({ consumed_at: code.created_at })
    .where(
      and(
        eq(verificationCodes.user_id, code.user_id),
        eq(verificationCodes.purpose, code.purpose),
        isNull(verificationCodes.consumed_at),
      ),
    );
  await tx.insert(verificationCodes).values(code);
}

export async function findPendingCode(db: Db, userId: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.user_id, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumed_at),
      ),
    );
  return row;
}

/**
 * Takes one of the code's attempts before the code is compared, in one
 * statement: however many guesses arrive at once, no more than `maxAttempts`
 * are ever compared. Returns false when none is left.
 */
export async function takeCodeAttempt(db: Db, codeId: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        isNull(verificationCodes.consumed_at),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: Db, codeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumed_at: now })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumed_at)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}
