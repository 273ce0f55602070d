import type { leadRequest } from '@vaidya/contract/leads';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { insertLead } from './leads.repository';

export function createLeadsService(deps: {
  db: Db;
  clock: Clock;
  /** Told after a lead is stored, so the forwarder sends it at once. */
  onLeadStored: () => void;
}) {
  return {
    /** Keeps the lead, due for forwarding at once; forwarding runs apart, so the caller never waits on it. */
    async storeLead({ lead }: { lead: z.output<typeof leadRequest> }) {
      const now = deps.clock();
      const stored = await insertLead(deps.db, {
        phone_number: lead.phoneNumber,
        name: lead.name,
        specialty: lead.specialty,
        location: lead.location,
        created_at: now,
        next_attempt_at: now,
      });
      deps.onLeadStored();
      return stored;
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
