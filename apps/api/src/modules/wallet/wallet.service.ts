import { toPaise } from '@vaidya/contract/bill-arithmetic';
import { messages } from '@vaidya/contract/messages';
import { hasInsufficientBalance } from '@vaidya/contract/partner';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findWalletTerms, moveWallet, unrefundedBookingChargePaise } from './wallet.repository';

/** How a booking is marked charged: the bookings module's, which alone writes bookings. */
export interface BookingCharges {
  /** Marks an online booking not charged yet as charged; false when it is not online or was charged. */
  claimOnline(db: Db, slot: { slotId: string; now: Date }): Promise<boolean>;
  /** Marks a booking charged as it is made. */
  markCharged(db: Db, slot: { slotId: string; now: Date }): Promise<void>;
}

/**
 * What a wallet partner pays for its bookings (decision 027). A booking the clinic's own
 * staff make is charged as it is made; an online booking only once its patient comes
 * (the first queue action on it), so strangers booking from the website spend nothing.
 * Each operation runs in the transaction it is handed (`db`), so a booking's change and
 * its money commit or fail together.
 */
export function createWalletService({
  clock,
  bookingCharges,
}: {
  clock: Clock;
  bookingCharges: BookingCharges;
}) {
  /** What one booking costs the partner now, in paise: nothing on the standard plan. */
  async function chargePaiseOf(db: Db, partnerId: string): Promise<number> {
    const terms = await findWalletTerms(db, partnerId);
    return terms?.subscription_type === 'wallet' ? toPaise(terms.charge_per_booking) : 0;
  }

  /**
   * Whether the booking website takes bookings: not while the balance is below one charge,
   * the wallet guard's rule; an amount owed leaves the balance at zero, so it pauses too.
   */
  async function onlineBookingsOpen({ db, partnerId }: { db: Db; partnerId: string }): Promise<boolean> {
    const terms = await findWalletTerms(db, partnerId);
    return !terms || !hasInsufficientBalance(terms);
  }

  return {
    /** A front-desk booking's charge, taken as it is made; 402 when the balance cannot cover it. */
    async chargeBooking({ db, partnerId, slotId }: { db: Db; partnerId: string; slotId: string }) {
      const chargePaise = await chargePaiseOf(db, partnerId);
      if (chargePaise === 0) return;
      const charged = await moveWallet(db, { kind: 'booking', partnerId, slotId, amountPaise: chargePaise });
      if (!charged) throw new AppError('PAYMENT_REQUIRED', messages.insufficientBalance);
      await bookingCharges.markCharged(db, { slotId, now: clock() });
    },

    /**
     * A queue action (showed up, called, completed) on a booking: an online booking not
     * charged yet is charged now, once. Never refused: what the balance cannot cover is
     * owed, and the next credit pays it.
     */
    async chargeVisit({ db, partnerId, slotId }: { db: Db; partnerId: string; slotId: string }) {
      const chargePaise = await chargePaiseOf(db, partnerId);
      if (chargePaise === 0) return;
      if (!(await bookingCharges.claimOnline(db, { slotId, now: clock() }))) return;
      await moveWallet(db, { kind: 'show_up_charge', partnerId, slotId, amountPaise: chargePaise });
    },

    /** Gives back what a booking was charged as it was made, whatever the partner's terms are now. */
    async refundBooking({ db, partnerId, slotId }: { db: Db; partnerId: string; slotId: string }) {
      const chargedPaise = await unrefundedBookingChargePaise(db, slotId);
      if (chargedPaise <= 0) return;
      await moveWallet(db, { kind: 'refund', partnerId, slotId, amountPaise: chargedPaise });
    },

    onlineBookingsOpen,

    /** Refuses an online booking (402) while `onlineBookingsOpen` says no. */
    async requireOnlineBookingsOpen({ db, partnerId }: { db: Db; partnerId: string }) {
      if (!(await onlineBookingsOpen({ db, partnerId }))) {
        throw new AppError('PAYMENT_REQUIRED', messages.insufficientBalance);
      }
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
