import type { PartnerDetails } from '@vaidya/contract/partner';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { findPartnerWithUser, listLocations } from './partner.repository';

export async function getPartnerDetails(options: { db: Db; caller: Caller }): Promise<PartnerDetails> {
  const { db, caller } = options;
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
    subscription_type: partner.subscription_type as PartnerDetails['subscription_type'],
    profile_images: partner.profile_images,
    qr_code_domain: partner.qr_code_domain,
    domain_url: partner.domain_url,
    speciality_type: partner.speciality_type as PartnerDetails['speciality_type'],
    locations: partnerLocations,
    user: { email: user.email, name: user.name, role: user.role as PartnerDetails['user']['role'] },
  };
}
