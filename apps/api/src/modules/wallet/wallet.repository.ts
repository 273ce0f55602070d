import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { partners, walletMovements } from '../../db/schema';

interface MovementOf {
  partnerId: string;
  /** Whole paise, positive: the kind says which way the money goes. */
  amountPaise: number;
}

/**
 * Every way money enters or leaves a wallet (decisions 018, 023, 027). Credits pay what
 * the clinic owes first ('dues_settled'); a 'booking' charge is refused when the balance
 * is short; a 'show_up_charge' never is: it takes what there is and the rest is owed.
 */
export type WalletMovement =
  | (MovementOf & { kind: 'opening'; at?: Date })
  | (MovementOf & { kind: 'recharge'; paymentOrderId: string })
  | (MovementOf & { kind: 'referral_reward'; referralId: string; at?: Date })
  | (MovementOf & { kind: 'refund'; slotId: string })
  | (MovementOf & { kind: 'booking'; slotId: string })
  | (MovementOf & { kind: 'show_up_charge'; slotId: string });

/** Rupees as numeric(12, 2) from whole paise, exactly. */
const rupeesOf = (paise: number) => sql`(${paise}::bigint::numeric / 100)`;

/**
 * The wallet's row, locked until the transaction ends: movements of one partner run one
 * after another. NO KEY UPDATE, as an UPDATE of the balance takes: the transaction may
 * already hold a key-share lock on the row from a foreign-key check (a booking written
 * just before), and FOR UPDATE would make two such transactions wait for each other.
 */
async function lockWallet(db: Db, partnerId: string) {
  const [row] = await db
    .select({
      balancePaise: sql<string>`(${partners.wallet_balance} * 100)::bigint::text`,
      owedPaise: sql<string>`${partners.wallet_owed_paise}::text`,
    })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .for('no key update');
  return row && { balancePaise: Number(row.balancePaise), owedPaise: Number(row.owedPaise) };
}

/**
 * One ledger row; false when its payment order or referral already has one (those
 * unique indexes make a recharge and a reward credit once, whatever the retries).
 */
async function insertMovement(
  db: Db,
  movement: {
    partnerId: string;
    kind: (typeof walletMovements.$inferInsert)['kind'];
    slotId?: string;
    paymentOrderId?: string;
    referralId?: string;
    at?: Date;
  },
  signedPaise: number,
): Promise<boolean> {
  const written = await db
    .insert(walletMovements)
    .values({
      partner_id: movement.partnerId,
      kind: movement.kind,
      amount: rupeesOf(signedPaise),
      slot_id: movement.slotId ?? null,
      payment_order_id: movement.paymentOrderId ?? null,
      referral_id: movement.referralId ?? null,
      // The statement's own time, not the transaction's: a recharge and the dues it settles keep their order.
      created_at: movement.at ?? sql`clock_timestamp()`,
    })
    .onConflictDoNothing()
    .returning({ id: walletMovements.id });
  return written.length > 0;
}

/**
 * The one writer of a wallet: the ledger (`wallet_movements`), the balance and the
 * amount owed change here and nowhere else, in the caller's transaction (a savepoint of
 * it), so the balance always equals the ledger's sum and never goes below zero. The
 * partner's row is locked first, which serialises concurrent movements.
 *
 * False when nothing moved: a 'booking' charge the balance cannot cover, or a credit
 * whose payment order or referral was already credited.
 */
export function moveWallet(db: Db, movement: WalletMovement): Promise<boolean> {
  return db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, movement.partnerId);
    if (!wallet) return false;
    const { partnerId, amountPaise } = movement;
    let balancePaise = wallet.balancePaise;
    let owedPaise = wallet.owedPaise;
    if (movement.kind === 'booking' || movement.kind === 'show_up_charge') {
      const takenPaise = Math.min(amountPaise, balancePaise);
      if (movement.kind === 'booking' && takenPaise < amountPaise) return false;
      if (takenPaise > 0) await insertMovement(tx, movement, -takenPaise);
      balancePaise -= takenPaise;
      owedPaise += amountPaise - takenPaise;
    } else {
      if (!(await insertMovement(tx, movement, amountPaise))) return false;
      balancePaise += amountPaise;
      const settledPaise = Math.min(owedPaise, balancePaise);
      if (settledPaise > 0) {
        await insertMovement(tx, { partnerId, kind: 'dues_settled' }, -settledPaise);
        balancePaise -= settledPaise;
        owedPaise -= settledPaise;
      }
    }
    await tx
      .update(partners)
      .set({ wallet_balance: rupeesOf(balancePaise), wallet_owed_paise: owedPaise })
      .where(eq(partners.id, partnerId));
    return true;
  });
}

/** The partner's plan, its charge per booking and its balance (rupees, as the partner details carry them). */
export async function findWalletTerms(db: Db, partnerId: string) {
  const [row] = await db
    .select({
      subscription_type: partners.subscription_type,
      charge_per_booking: sql<string>`${partners.charge_per_booking}::text`,
      wallet_balance: sql<string>`${partners.wallet_balance}::text`,
    })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return (
    row && {
      subscription_type: row.subscription_type,
      charge_per_booking: Number(row.charge_per_booking),
      wallet_balance: Number(row.wallet_balance),
    }
  );
}

/**
 * What was taken for a booking at booking time and not yet given back, in paise: its
 * 'booking' charge less its refunds. A charge taken when the patient came is for a visit
 * that happened and is not refunded (decision 027).
 */
export async function unrefundedBookingChargePaise(db: Db, slotId: string): Promise<number> {
  const [row] = await db
    .select({ paise: sql<string>`coalesce(-sum(${walletMovements.amount}) * 100, 0)::bigint::text` })
    .from(walletMovements)
    .where(and(eq(walletMovements.slot_id, slotId), inArray(walletMovements.kind, ['booking', 'refund'])));
  return Number(row?.paise ?? 0);
}

/** The balance, the ledger's sum and the amount owed, read together: a test's proof that they agree. */
export async function walletBalanceAndLedgerSum(db: Db, partnerId: string) {
  const [[partner], [ledger]] = await Promise.all([
    db
      .select({
        balance: sql<string>`${partners.wallet_balance}::text`,
        owedPaise: partners.wallet_owed_paise,
      })
      .from(partners)
      .where(eq(partners.id, partnerId)),
    db
      .select({ sum: sql<string>`coalesce(sum(${walletMovements.amount}), 0)::numeric(12, 2)::text` })
      .from(walletMovements)
      .where(eq(walletMovements.partner_id, partnerId)),
  ]);
  return { balance: partner?.balance, ledgerSum: ledger?.sum, owedPaise: partner?.owedPaise };
}
