import { readClinicDomain } from '@vaidya/contract/partner-settings';
import { type Site, type SiteQuery, siteRecordLabel } from '@vaidya/contract/site';
import { hostPattern } from '@vaidya/contract/website-name';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import { requireTakingOnlineBookings } from '../queue-time/online-booking-rules';
import type { ScheduleService } from '../schedule/schedule.service';
import type { WalletService } from '../wallet/wallet.service';
import {
  findPartnerByDomain,
  findPartnerByHost,
  findPartnerByOldName,
  listSiteLocations,
  listSiteQueues,
} from './site.repository';

/**
 * The clinic's booking website (issue 9 "Screens"): its public face, found by its
 * QR-code domain or custom host, and the open dates of its queues. Only what a
 * patient may see leaves here: no users, no time zone, and of the wallet only whether it
 * takes online bookings now, never its balance.
 */
export function createSiteService({
  db,
  schedule,
  wallet,
  isAppHost,
}: {
  db: Db;
  schedule: ScheduleService;
  /** Whether the wallet can pay for an online booking now: the page says so before the form. */
  wallet: Pick<WalletService, 'onlineBookingsOpen'>;
  /** Whether a host is the app's own (PUBLIC_URL's): its front door, never a clinic's website. */
  isAppHost: (host: string) => boolean;
}) {
  /**
   * The clinic website a Host header may name: lower-case, without its port. The app's own host
   * and hosts no clinic's domain can be (localhost, an IP address) name none, before any lookup,
   * so a row stored before the domain rules (decision 028) cannot take over the front door.
   */
  const websiteHost = (hostHeader: string) => {
    const domain = readClinicDomain(hostHeader);
    return 'host' in domain && !isAppHost(domain.host) ? domain.host : undefined;
  };
  const findPartnerByWebsiteHost = async (hostHeader: string) => {
    const host = websiteHost(hostHeader);
    return host === undefined ? undefined : findPartnerByHost(db, host);
  };

  /** The clinic a website name names: its current one, or an old one it gave up (decision 030). */
  const findPartnerByWebsiteName = async (name: string) =>
    (await findPartnerByDomain(db, name.toLowerCase())) ?? findPartnerByOldName(db, name.toLowerCase());

  return {
    /** Found by an old website name, it is the same clinic: `qr_code_domain` tells the page its current name. */
    async siteOf(query: SiteQuery): Promise<Site> {
      const partner = query.domain
        ? await findPartnerByWebsiteName(query.domain)
        : await findPartnerByWebsiteHost(query.host ?? '');
      if (!partner) throw notFound(siteRecordLabel);
      requireTakingOnlineBookings(partner);
      const partnerLocations = await listSiteLocations(db, partner.id);
      const partnerQueues = await listSiteQueues(db, {
        partnerId: partner.id,
        locationIds: partnerLocations.map((location) => location.id),
      });
      return {
        name: partner.name,
        qr_code_domain: partner.qr_code_domain,
        speciality_type: partner.speciality_type,
        profile_images: partner.profile_images,
        locations: partnerLocations.map((location) => ({
          ...location,
          queues: partnerQueues
            .filter((queue) => queue.location_id === location.id)
            .map(({ id, queue_name, slot_size }) => ({ id, queue_name, slot_size })),
        })),
        taking_online_bookings: await wallet.onlineBookingsOpen({ db, partnerId: partner.id }),
      };
    },

    /**
     * The current website name of the clinic whose old name `name` is, for `/site/<name>` to lead
     * there; undefined when `name` is no clinic's old name, or a clinic's current one.
     */
    async currentNameOf(name: string): Promise<string | undefined> {
      const oldName = name.toLowerCase();
      // What cannot be a website name was never one: the page says no clinic has it, without a lookup.
      if (!hostPattern.test(oldName)) return undefined;
      return (await findPartnerByOldName(db, oldName))?.qr_code_domain ?? undefined;
    },

    /** Whether `host` (as a Host header gives it) is a clinic's own domain, disabled or not: its website says which. */
    async isClinicHost(host: string): Promise<boolean> {
      return (await findPartnerByWebsiteHost(host)) !== undefined;
    },

    /** The schedule's own get-dates arithmetic, for a patient who is not signed in. */
    openDates({ queueId }: { queueId: string }) {
      return schedule.publicBookableDates({ queueId });
    },

    /**
     * The schedule's free slots of a date: within the booking window for a patient, any date
     * for the clinic's own signed-in desk (its `caller`).
     */
    freeSlots: schedule.availableSlots,
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
