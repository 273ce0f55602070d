import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import { partners, paymentOrders, referrals } from '../../db/schema';

const referralColumns = {
  id: referrals.id,
  name: referrals.name,
  mobile: referrals.mobile,
  speciality: referrals.speciality,
  city: referrals.city,
  status: referrals.status,
  created_at: referrals.created_at,
};

export async function insertReferral(
  db: Db,
  referral: Pick<
    typeof referrals.$inferInsert,
    'referrer_partner_id' | 'name' | 'mobile' | 'speciality' | 'city' | 'created_at' | 'updated_at'
  >,
) {
  return returnedRow(await db.insert(referrals).values(referral).returning(referralColumns));
}

/** The partner's referrals, newest first. */
export async function listReferrals(db: Db, referrerPartnerId: string) {
  return db
    .select(referralColumns)
    .from(referrals)
    .where(eq(referrals.referrer_partner_id, referrerPartnerId))
    .orderBy(desc(referrals.created_at), desc(referrals.id));
}

export async function findReferralCode(db: Db, partnerId: string) {
  const [row] = await db
    .select({ code: partners.referral_code })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row;
}

/**
 * Gives the partner its code unless it has one already: of two first asks at once,
 * one sets it and the other gets nothing back and reads the winner's.
 */
export async function setReferralCode(db: Db, partnerId: string, code: string) {
  const [row] = await db
    .update(partners)
    .set({ referral_code: code })
    .where(and(eq(partners.id, partnerId), isNull(partners.referral_code)))
    .returning({ code: partners.referral_code });
  return row?.code ?? undefined;
}

export async function findPartnerByReferralCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(and(eq(partners.referral_code, code), isNull(partners.disabled_at)));
  return row;
}

export async function setReferredBy(db: Db, partnerId: string, referrerPartnerId: string) {
  await db.update(partners).set({ referred_by: referrerPartnerId }).where(eq(partners.id, partnerId));
}

/**
 * The referrer's referral of this mobile becomes 'signed_up' by the new clinic, or is
 * created so when the referrer never entered it: one statement either way.
 */
export async function upsertSignedUpReferral(
  db: Db,
  referral: Pick<
    typeof referrals.$inferInsert,
    'referrer_partner_id' | 'referred_partner_id' | 'name' | 'mobile' | 'speciality' | 'city'
  > & { now: Date },
) {
  const { now, ...values } = referral;
  await db
    .insert(referrals)
    .values({ ...values, status: 'signed_up', created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: [referrals.referrer_partner_id, referrals.mobile],
      set: { status: 'signed_up', referred_partner_id: values.referred_partner_id, updated_at: now },
      setWhere: isNull(referrals.referred_partner_id),
    });
}

/** What the clinic has paid through Razorpay, in paise: its paid orders, never the test gateway's. */
export async function capturedRazorpayRechargesPaise(db: Db, partnerId: string) {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(sum(${paymentOrders.amount_paise}), 0)::text` })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.partner_id, partnerId),
        eq(paymentOrders.gateway, 'razorpay'),
        eq(paymentOrders.status, 'paid'),
      ),
    );
  return Number(row?.paise ?? 0);
}

/**
 * Moves the referral that brought this clinic from 'signed_up' to 'active' in one
 * conditional UPDATE: of several recharges that reach the reward at once exactly one gets it back.
 */
export async function activateReferral(db: Db, referredPartnerId: string, now: Date) {
  const [row] = await db
    .update(referrals)
    .set({ status: 'active', updated_at: now })
    .where(and(eq(referrals.referred_partner_id, referredPartnerId), eq(referrals.status, 'signed_up')))
    .returning({ id: referrals.id, referrerPartnerId: referrals.referrer_partner_id });
  return row;
}
