import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { partners, walletMovements } from '../../db/schema';

type MovementKind = (typeof walletMovements.$inferInsert)['kind'];

/**
 * Moves a partner's wallet by `amount` (negative takes money out) and writes the
 * movement to the ledger, in the caller's transaction. The one conditional UPDATE
 * both refuses a balance below zero and serialises concurrent movements on the
 * partner's row, so the balance stays the ledger's sum. False when refused.
 */
export async function moveWallet(
  db: Db,
  movement: { partnerId: string; amount: string; kind: MovementKind; slotId?: string },
): Promise<boolean> {
  const moved = await db
    .update(partners)
    .set({ wallet_balance: sql`${partners.wallet_balance} + ${movement.amount}::numeric` })
    .where(
      sql`${partners.id} = ${movement.partnerId} and ${partners.wallet_balance} + ${movement.amount}::numeric >= 0`,
    )
    .returning({ id: partners.id });
  if (moved.length === 0) return false;
  await db.insert(walletMovements).values({
    partner_id: movement.partnerId,
    amount: movement.amount,
    kind: movement.kind,
    slot_id: movement.slotId ?? null,
  });
  return true;
}

/** What the movements of one booking took out of the wallet, as a positive amount ('0.00' when nothing is owed back). */
export async function netChargeOfSlot(db: Db, slotId: string): Promise<string> {
  const [row] = await db
    .select({ charged: sql<string>`coalesce(-sum(${walletMovements.amount}), 0)::numeric(12, 2)::text` })
    .from(walletMovements)
    .where(eq(walletMovements.slot_id, slotId));
  return row?.charged ?? '0.00';
}

/** The balance column and the ledger's sum, read together: a test's proof that they agree. */
export async function walletBalanceAndLedgerSum(db: Db, partnerId: string) {
  const [[partner], [ledger]] = await Promise.all([
    db
      .select({ balance: sql<string>`${partners.wallet_balance}::text` })
      .from(partners)
      .where(eq(partners.id, partnerId)),
    db
      .select({ sum: sql<string>`coalesce(sum(${walletMovements.amount}), 0)::numeric(12, 2)::text` })
      .from(walletMovements)
      .where(eq(walletMovements.partner_id, partnerId)),
  ]);
  return { balance: partner?.balance, ledgerSum: ledger?.sum };
}
