import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { queues } from '../../db/schema';

/**
 * The one per-queue lock: holds the queue's row until the transaction ends. Every booking and
 * token move of the queue (so max + 1 never hands out one token number twice, and one desk at a
 * time moves the line) and every change of its timetable (so two changes are checked one after
 * the other, and a booking waits for a change that cancels bookings) takes it. With `partnerId`,
 * only the partner's queue; false when there is no such queue.
 */
export async function lockQueue(tx: Db, ids: { queueId: string; partnerId?: string }): Promise<boolean> {
  const [row] = await tx
    .select({ id: queues.id })
    .from(queues)
    .where(
      and(
        eq(queues.id, ids.queueId),
        ids.partnerId === undefined ? undefined : eq(queues.partner_id, ids.partnerId),
      ),
    )
    .for('update');
  return row !== undefined;
}
