import type { LeadsSink } from '../../adapters/leads/leads-sink';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { type RepeatingPass, startRepeatingPass } from '../../repeating-pass';
import { claimNextDueLead, markLeadFailed, markLeadForwarded } from './leads.repository';

const firstRetryMs = 30_000;
const longestRetryMs = 60 * 60_000;
/** Longer than a delivery may take (the sink times out after 10 s). */
const leaseMs = 2 * 60_000;

/** 30 s, 1 min, 2 min, … capped at an hour: a lead is retried until the script accepts it. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, failedAttempts - 1), longestRetryMs);
}

/** Forwards every lead that is due; returns how many were delivered. */
export async function forwardDueLeads(deps: { db: Db; sink: LeadsSink; clock: Clock }): Promise<number> {
  let delivered = 0;
  for (;;) {
    const now = deps.clock();
    const lead = await claimNextDueLead(deps.db, now, new Date(now.getTime() + leaseMs));
    if (!lead) return delivered;
    try {
      await deps.sink.deliver({
        phoneNumber: lead.phone_number,
        name: lead.name,
        specialty: lead.specialty,
        location: lead.location,
      });
      await markLeadForwarded(deps.db, lead.id, deps.clock());
      delivered += 1;
    } catch (error) {
      const retryAt = new Date(deps.clock().getTime() + retryDelayMs(lead.attempts));
      await markLeadFailed(deps.db, lead.id, retryAt, error instanceof Error ? error.message : String(error));
    }
  }
}

/** Forwards due leads on every wake (a lead was just stored) and every `intervalMs`, one pass at a time. */
export function startLeadForwarder(deps: {
  db: Db;
  sink: LeadsSink;
  clock: Clock;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): RepeatingPass {
  return startRepeatingPass({
    pass: () => forwardDueLeads(deps),
    intervalMs: deps.intervalMs ?? firstRetryMs,
    onError: deps.onError,
  });
}
