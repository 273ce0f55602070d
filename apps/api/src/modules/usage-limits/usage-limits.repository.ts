import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { usageCounts } from '../../db/schema';

/**
 * Adds `amount` uses to one subject's count in the window that starts at `windowStart` and
 * answers the count after it. One upsert: concurrent callers in any process each see their
 * own increment.
 */
export async function addUses(
  db: Db,
  use: { scope: string; subject: string; windowStart: Date; amount: number },
): Promise<number> {
  const [row] = await db
    .insert(usageCounts)
    .values({ scope: use.scope, subject: use.subject, window_start: use.windowStart, count: use.amount })
    .onConflictDoUpdate({
      target: [usageCounts.scope, usageCounts.subject, usageCounts.window_start],
      set: { count: sql`${usageCounts.count} + ${use.amount}` },
    })
    .returning({ count: usageCounts.count });
  return row?.count ?? use.amount;
}

/** Forgets windows that ended before `before`. */
export async function deleteUsesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(usageCounts).where(lt(usageCounts.window_start, before));
}
