import { messages } from '@vaidya/contract/messages';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { moveWallet, netChargeOfSlot } from './wallet.repository';

/**
 * A wallet partner's money for bookings. Each operation runs in the transaction it is
 * handed (`db`), so a booking and its charge, or a cancellation and its refund, commit
 * or fail together.
 */
export function createWalletService() {
  return {
    /** Takes one booking's charge; refused with 402 when the balance would go below zero. */
    async chargeBooking({
      db,
      partnerId,
      slotId,
      charge,
    }: {
      db: Db;
      partnerId: string;
      slotId: string;
      charge: string;
    }) {
      if (Number(charge) === 0) return;
      const charged = await moveWallet(db, { partnerId, amount: `-${charge}`, kind: 'booking', slotId });
      if (!charged) throw new AppError('PAYMENT_REQUIRED', messages.insufficientBalance);
    },

    /** Gives back what a booking was charged, whatever the partner's terms are now. */
    async refundBooking({ db, partnerId, slotId }: { db: Db; partnerId: string; slotId: string }) {
      const charged = await netChargeOfSlot(db, slotId);
      if (Number(charged) <= 0) return;
      await moveWallet(db, { partnerId, amount: charged, kind: 'refund', slotId });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
