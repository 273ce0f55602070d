import type { ErrorCode } from '@vaidya/contract/errors';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { addUses, countedUses, deleteUsesBefore } from './usage-limits.repository';

const windowMs = { hour: 60 * 60 * 1000, day: 24 * 60 * 60 * 1000 } as const;

/** A limit on how often one subject may do something, counted in the database. */
export type UsageLimit = {
  /** What is counted, like 'public-booking-address'; one scope, one kind of action. */
  scope: string;
  /** How many uses one subject has in one window. */
  max: number;
  /** Fixed windows aligned to UTC: each hour, or each day. */
  per: keyof typeof windowMs;
  /** What a refused caller is told, and with which code (429 unless said). */
  refusal: string;
  code?: ErrorCode;
};

/**
 * Limits shared by every process of a deployment (public bookings per address and mobile,
 * WhatsApp sends per document and location, uploads per clinic): each use is one upsert on
 * `usage_counts`, in the caller's transaction when one is given, so a refused or failed
 * action can roll its count back with the rest of its work.
 */
export function createUsageLimiter(deps: { db: Db; clock: Clock }) {
  const windowStart = (limit: UsageLimit) => {
    const size = windowMs[limit.per];
    return new Date(Math.floor(deps.clock().getTime() / size) * size);
  };
  let lastSweep = 0;
  /** Deletes windows that ended over a day ago, at most once an hour per process. */
  const sweep = async (db: Db) => {
    const now = deps.clock().getTime();
    if (now - lastSweep < windowMs.hour) return;
    lastSweep = now;
    await deleteUsesBefore(db, new Date(now - 2 * windowMs.day));
  };

  return {
    /**
     * Counts one use of `limit` for `subject`; throws the limit's refusal when that use
     * goes past its maximum. The refused use stays counted unless the transaction rolls back.
     */
    async take(limit: UsageLimit, subject: string, db: Db = deps.db): Promise<void> {
      const count = await addUses(db, {
        scope: limit.scope,
        subject,
        windowStart: windowStart(limit),
        amount: 1,
      });
      await sweep(db);
      if (count > limit.max) throw new AppError(limit.code ?? 'RATE_LIMITED', limit.refusal);
    },

    /** Whether `subject` still has a use left in the current window, without counting one. */
    async allows(limit: UsageLimit, subject: string, db: Db = deps.db): Promise<boolean> {
      return (
        (await countedUses(db, { scope: limit.scope, subject, windowStart: windowStart(limit) })) < limit.max
      );
    },
  };
}

export type UsageLimiter = ReturnType<typeof createUsageLimiter>;
