import { randomInt } from 'node:crypto';
import {
  type newClientRequestBody,
  type Referral,
  type ReferralLink,
  referralCodeAlphabet,
  referralCodeLength,
  referralCodeParam,
  referralMessages,
  referralSignUpPath,
} from '@vaidya/contract/referrals';
import type { Speciality } from '@vaidya/contract/specialities';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/access.service';
import { moveWallet } from '../wallet/wallet.repository';
import {
  activateReferral,
  capturedRazorpayRechargesPaise,
  findPartnerByReferralCode,
  findReferralCode,
  insertReferral,
  listReferrals,
  setReferralCode,
  setReferredBy,
  upsertSignedUpReferral,
} from './referrals.repository';

/** How many fresh codes to try when one is taken: with 31^8 codes a second try is already rare. */
const codeAttempts = 5;

const newReferralCode = () =>
  Array.from(
    { length: referralCodeLength },
    () => referralCodeAlphabet[randomInt(referralCodeAlphabet.length)],
  ).join('');

/** The ten digits of an Indian mobile in E.164 (+91…), which is what a referral records; others have none. */
const indianMobileOf = (phoneNumber: string) => /^\+91([6-9]\d{9})$/.exec(phoneNumber)?.[1];

const toReferral = (row: Awaited<ReturnType<typeof listReferrals>>[number]): Referral => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

/**
 * Referrals (issue 12): a clinic refers others and shares its link; sign-up with the
 * link ties the new clinic to its referrer, and once the new clinic's paid Razorpay
 * recharges add up to `rewardRupees`, the referrer's wallet is credited that once.
 */
export function createReferralsService({
  db,
  clock,
  publicUrl,
  rewardRupees,
}: {
  db: Db;
  clock: Clock;
  /** The app's address the link starts with; empty: the address the request came to. */
  publicUrl: string;
  rewardRupees: number;
}) {
  const rewardPaise = Math.round(rewardRupees * 100);
  const ensureReferralCode = async (partnerId: string): Promise<string> => {
    for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
      const current = await findReferralCode(db, partnerId);
      if (!current) throw notFound('Clinic');
      if (current.code) return current.code;
      try {
        const set = await setReferralCode(db, partnerId, newReferralCode());
        if (set) return set;
      } catch (error) {
        if (!isUniqueViolationOf(error, 'partners_referral_code_key')) throw error;
      }
    }
    throw new AppError('UNAVAILABLE', referralMessages.codeUnavailable);
  };

  return {
    /** spec §7 new-client-request: the clinic refers another one, once per mobile. */
    async refer({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: z.output<typeof newClientRequestBody>;
    }): Promise<Referral> {
      const now = clock();
      try {
        const row = await insertReferral(db, {
          referrer_partner_id: caller.partnerId,
          ...payload,
          created_at: now,
          updated_at: now,
        });
        return toReferral(row);
      } catch (error) {
        if (isUniqueViolationOf(error, 'referrals_referrer_mobile_key')) {
          throw new AppError('CONFLICT', referralMessages.alreadyReferred);
        }
        throw error;
      }
    },

    async listReferrals({ caller }: { caller: Caller }): Promise<Referral[]> {
      return (await listReferrals(db, caller.partnerId)).map(toReferral);
    },

    /** The clinic's own link, its code made on the first ask and the same ever after. */
    async referralLink({ caller, origin }: { caller: Caller; origin: string }): Promise<ReferralLink> {
      const code = await ensureReferralCode(caller.partnerId);
      const url = new URL(referralSignUpPath, publicUrl || origin);
      url.searchParams.set(referralCodeParam, code);
      return { code, url: url.toString() };
    },

    /** Whose link a code is, for the sign-up page; an unknown code is not found. */
    async referrer({ code }: { code: string }): Promise<{ clinic_name: string }> {
      const referrer = await findPartnerByReferralCode(db, code);
      if (!referrer) throw notFound(referralMessages.referralCodeLabel);
      return { clinic_name: referrer.name };
    },

    /**
     * Within the sign-up's transaction: a clinic that came through a referral link is
     * tied to its referrer, and the referral of its mobile is marked signed up (made so
     * when the referrer never entered it). An unknown code changes nothing.
     */
    async recordSignUp({
      tx,
      referralCode,
      clinic,
    }: {
      tx: Db;
      referralCode: string;
      clinic: { partnerId: string; name: string; phoneNumber: string; speciality: Speciality };
    }) {
      const referrer = await findPartnerByReferralCode(tx, referralCode);
      if (!referrer) return;
      await setReferredBy(tx, clinic.partnerId, referrer.id);
      const mobile = indianMobileOf(clinic.phoneNumber);
      if (!mobile) return;
      await upsertSignedUpReferral(tx, {
        referrer_partner_id: referrer.id,
        referred_partner_id: clinic.partnerId,
        name: clinic.name,
        mobile,
        speciality: clinic.speciality,
        city: '',
        now: clock(),
      });
    },

    /**
     * Within a Razorpay recharge's transaction: once the referred clinic's paid Razorpay
     * recharges add up to at least the reward (so a throw-away clinic costs its referrer
     * as much as it earns), its referral becomes active and the referrer is credited once;
     * before that, and ever after, nothing changes.
     */
    async rewardCapturedRecharges({ tx, partnerId }: { tx: Db; partnerId: string }) {
      if ((await capturedRazorpayRechargesPaise(tx, partnerId)) < rewardPaise) return;
      const now = clock();
      const referral = await activateReferral(tx, partnerId, now);
      // REFERRAL_REWARD=0 turns rewards off: the referral still becomes active.
      if (!referral || rewardRupees === 0) return;
      // The ledger's unique referral_id is the second lock: one reward per referred clinic.
      await moveWallet(tx, {
        kind: 'referral_reward',
        partnerId: referral.referrerPartnerId,
        amountPaise: rewardPaise,
        referralId: referral.id,
        at: now,
      });
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
