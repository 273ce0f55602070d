import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { partners, refreshTokens, users } from '../../db/schema';

/** What every signed-in request needs to know about its caller. */
const callerColumns = {
  userId: users.id,
  role: users.role,
  userDisabledAt: users.disabled_at,
  partnerId: partners.id,
  partnerDisabledAt: partners.disabled_at,
  subscriptionType: partners.subscription_type,
  walletBalance: partners.wallet_balance,
  chargePerBooking: partners.charge_per_booking,
};

/** Who is calling, read in one query from the user, the partner and the sign-in session. */
export async function findSignedInCaller(db: Db, ids: { userId: string; sessionId: string }) {
  const [row] = await db
    .select({
      ...callerColumns,
      sessionExpiresAt: refreshTokens.expires_at,
      sessionRevokedAt: refreshTokens.revoked_at,
    })
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .innerJoin(refreshTokens, and(eq(refreshTokens.id, ids.sessionId), eq(refreshTokens.user_id, users.id)))
    .where(eq(users.id, ids.userId));
  return row;
}

/** Who is calling with an external user pool's token: the user linked to its `sub`, and the partner. */
export async function findCallerByIdentitySubject(db: Db, subject: string) {
  const [row] = await db
    .select(callerColumns)
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .where(eq(users.identity_subject, subject));
  return row;
}

/** A user and the clinic they belong to, as an operator names them by email. */
export async function findUserWithPartnerByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      identitySubject: users.identity_subject,
      partnerName: partners.name,
    })
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .where(eq(users.email, email));
  return row;
}

/** The email of the user an external `sub` is linked to, if any. */
export async function findEmailByIdentitySubject(db: Db, subject: string) {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.identity_subject, subject));
  return row?.email;
}

export async function setIdentitySubject(db: Db, change: { userId: string; subject: string; now: Date }) {
  await db
    .update(users)
    .set({ identity_subject: change.subject, updated_at: change.now })
    .where(eq(users.id, change.userId));
}
