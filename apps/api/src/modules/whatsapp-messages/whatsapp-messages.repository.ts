import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { WhatsAppTemplate } from '../../adapters/messaging/whatsapp';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import { outboxMessages, partners } from '../../db/schema';

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** A message the system sent past its location's hourly limit, claimed to go out now. */
export type WaitingMessage = { id: string; recipient: string; template: WhatsAppTemplate };

/** The clinic's name as its messages sign it. */
export async function findPartnerName(db: Db, partnerId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId));
  return row?.name;
}

export async function insertOutboxMessage(
  db: Db,
  message: typeof outboxMessages.$inferInsert,
): Promise<OutboxRow> {
  return returnedRow(await db.insert(outboxMessages).values(message).returning());
}

/** Records how a delivery attempt ended. */
export async function finishOutboxMessage(
  db: Db,
  change: { id: string } & Pick<OutboxRow, 'status' | 'error' | 'provider_message_id'>,
): Promise<OutboxRow> {
  return returnedRow(
    await db
      .update(outboxMessages)
      .set({
        status: change.status,
        error: change.error,
        provider_message_id: change.provider_message_id,
        updated_at: sql`now()`,
      })
      .where(eq(outboxMessages.id, change.id))
      .returning(),
  );
}

/** The partner's WhatsApp messages about one document, newest first (served by outbox_messages_reference_idx). */
export function listMessagesOf(db: Db, ids: { partnerId: string; referenceId: string }) {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.reference_id, ids.referenceId),
        eq(outboxMessages.partner_id, ids.partnerId),
        eq(outboxMessages.channel, 'whatsapp'),
      ),
    )
    .orderBy(desc(outboxMessages.created_at), desc(outboxMessages.id));
}

/**
 * The oldest waiting message outside `skipLocations`, locked for the caller's transaction;
 * one another process holds is passed over (served by outbox_messages_waiting_idx). A
 * waiting row always has its location and template (outbox_messages_waiting_check).
 */
export async function lockOldestWaitingMessage(db: Db, skipLocations: string[]) {
  const [row] = await db
    .select({ id: outboxMessages.id, locationId: outboxMessages.location_id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'waiting'),
        skipLocations.length > 0 ? notInArray(outboxMessages.location_id, skipLocations) : undefined,
      ),
    )
    .orderBy(asc(outboxMessages.created_at), asc(outboxMessages.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row?.locationId ? { id: row.id, locationId: row.locationId } : undefined;
}

/** Takes a waiting message out of the queue: from here it is an attempt like any other ('recorded' until it ends). */
export async function claimWaitingMessage(db: Db, id: string): Promise<WaitingMessage> {
  const [row] = await db
    .update(outboxMessages)
    .set({ status: 'recorded', updated_at: sql`now()` })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'waiting')))
    .returning({
      id: outboxMessages.id,
      recipient: outboxMessages.recipient,
      template: outboxMessages.template_message,
    });
  if (!row?.template) throw new Error(`outbox message ${id} is not waiting`);
  return { id: row.id, recipient: row.recipient, template: row.template };
}
