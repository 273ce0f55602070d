import type { PartnerDetails } from '@vaidya/contract/partner';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { findPartnerWithUser, listLocations } from './partner.repository';

export function createPartnerService({ db }: { db: Db }) {
  return {
    /** The signed-in partner's clinic, its locations in the order they were added, and the user. */
    async getPartnerDetails({ caller }: { caller: Caller }): Promise<PartnerDetails> {
      const [row, partnerLocations] = await Promise.all([
        findPartnerWithUser(db, { partnerId: caller.partnerId, userId: caller.userId }),
        listLocations(db, caller.partnerId),
      ]);
      if (!row) throw notFound('Partner');
      const { partner, user } = row;
      return {
        id: partner.id,
        name: partner.name,
        wallet_balance: Number(partner.wallet_balance),
        charge_per_booking: Number(partner.charge_per_booking),
        subscription_type: partner.subscription_type,
        profile_images: partner.profile_images,
        qr_code_domain: partner.qr_code_domain,
        domain_url: partner.domain_url,
        speciality_type: partner.speciality_type,
        locations: partnerLocations,
        user,
      };
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
