import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { leads } from '../../db/schema';

export type Lead = typeof leads.$inferSelect;

export async function insertLead(
  db: Db,
  lead: Pick<Lead, 'phone_number' | 'name' | 'specialty' | 'location' | 'created_at' | 'next_attempt_at'>,
) {
  const [row] = await db.insert(leads).values(lead).returning({ id: leads.id });
  return row as { id: string };
}

/**
 * Claims the oldest lead due for forwarding in one statement by pushing its
 * next attempt past the lease: another process skips it meanwhile, and if
 * this one dies mid-delivery the lead falls due again when the lease ends.
 */
export async function claimNextDueLead(db: Db, now: Date, leaseEnds: Date): Promise<Lead | undefined> {
  const [lead] = await db
    .update(leads)
    .set({ next_attempt_at: leaseEnds, attempts: sql`${leads.attempts} + 1` })
    .where(
      eq(
        leads.id,
        sql`(
          select id from ${leads}
          where forwarded_at is null and next_attempt_at <= ${now.toISOString()}
          order by next_attempt_at, created_at
          limit 1
          for update skip locked
        )`,
      ),
    )
    .returning();
  return lead;
}

export async function markLeadForwarded(db: Db, id: string, at: Date) {
  await db.update(leads).set({ forwarded_at: at, last_error: null }).where(eq(leads.id, id));
}

export async function markLeadFailed(db: Db, id: string, retryAt: Date, error: string) {
  await db.update(leads).set({ next_attempt_at: retryAt, last_error: error }).where(eq(leads.id, id));
}
