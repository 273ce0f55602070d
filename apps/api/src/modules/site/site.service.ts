import { type Site, type SiteQuery, siteRecordLabel } from '@vaidya/contract/site';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import type { ScheduleService } from '../schedule/schedule.service';
import { findPartnerByDomain, findPartnerByHost, listSiteLocations, listSiteQueues } from './site.repository';

/** 'Clinic.Example:8080' → 'clinic.example': a Host header may carry a port, and hosts ignore case. */
const bareHost = (host: string) => host.toLowerCase().replace(/:\d*$/, '');

/**
 * The clinic's booking website (issue 9 "Screens"): its public face, found by its
 * QR-code domain or custom host, and the open dates of its queues. Only what a
 * patient may see leaves here: no wallet, no users, no time zone.
 */
export function createSiteService({ db, schedule }: { db: Db; schedule: ScheduleService }) {
  return {
    async siteOf(query: SiteQuery): Promise<Site> {
      const partner = query.domain
        ? await findPartnerByDomain(db, query.domain.toLowerCase())
        : await findPartnerByHost(db, bareHost(query.host ?? ''));
      if (!partner) throw notFound(siteRecordLabel);
      const partnerLocations = await listSiteLocations(db, partner.id);
      const partnerQueues = await listSiteQueues(db, {
        partnerId: partner.id,
        locationIds: partnerLocations.map((location) => location.id),
      });
      return {
        name: partner.name,
        speciality_type: partner.speciality_type,
        profile_images: partner.profile_images,
        locations: partnerLocations.map((location) => ({
          ...location,
          queues: partnerQueues
            .filter((queue) => queue.location_id === location.id)
            .map(({ id, queue_name, slot_size }) => ({ id, queue_name, slot_size })),
        })),
      };
    },

    /** Whether `host` (as a Host header gives it) is a clinic's own domain. */
    async isClinicHost(host: string): Promise<boolean> {
      return (await findPartnerByHost(db, bareHost(host))) !== undefined;
    },

    /** The schedule's own get-dates arithmetic, for a patient who is not signed in. */
    openDates({ queueId }: { queueId: string }) {
      return schedule.publicBookableDates({ queueId });
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
