import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { partners, refreshTokens, users } from '../../db/schema';

/** Who is calling, read in one query from the user, the partner and the sign-in session. */
export async function findSignedInCaller(db: Db, ids: { userId: string; sessionId: string }) {
  const [row] = await db
    .select({
      userId: users.id,
      role: users.role,
      userDisabledAt: users.disabled_at,
      partnerId: partners.id,
      partnerDisabledAt: partners.disabled_at,
      subscriptionType: partners.subscription_type,
      walletBalance: partners.wallet_balance,
      chargePerBooking: partners.charge_per_booking,
      sessionExpiresAt: refreshTokens.expires_at,
      sessionRevokedAt: refreshTokens.revoked_at,
    })
    .from(users)
    .innerJoin(partners, eq(partners.id, users.partner_id))
    .innerJoin(refreshTokens, and(eq(refreshTokens.id, ids.sessionId), eq(refreshTokens.user_id, users.id)))
    .where(eq(users.id, ids.userId));
  return row;
}
