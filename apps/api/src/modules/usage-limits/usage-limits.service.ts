import { localToday } from '@vaidya/contract/calendar-dates';
import type { ErrorCode } from '@vaidya/contract/errors';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findClinicTimeZone } from '../partner/partner.repository';
import { addUses, deleteUsesBefore } from './usage-limits.repository';

const windowMs = { hour: 60 * 60 * 1000, day: 24 * 60 * 60 * 1000 } as const;

/** A limit on how often one subject may do something, counted in the database. */
export type UsageLimit = {
  /** What is counted, like 'public-booking-address'; one scope, one kind of action. */
  scope: string;
  /** How many uses one subject has in one window. */
  max: number;
  /** Fixed windows: each hour (UTC), or each calendar day of the clinic, in its time zone. */
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
  /**
   * Where the current window starts. A clinic's day is kept as its date at midnight UTC, one
   * key per calendar day of the clinic: "one reminder a day" turns over at the clinic's midnight.
   */
  const windowStart = async (limit: UsageLimit, db: Db, partnerId: string | undefined) => {
    const now = deps.clock();
    if (limit.per === 'hour') return new Date(Math.floor(now.getTime() / windowMs.hour) * windowMs.hour);
    if (partnerId === undefined) throw new Error(`${limit.scope} counts a clinic's days: say whose`);
    const timeZone = await findClinicTimeZone(db, partnerId);
    return new Date(`${localToday(timeZone, now).date}T00:00:00Z`);
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
     * A limit `per: 'day'` counts the days of the clinic `partnerId`.
     */
    async take(limit: UsageLimit, subject: string, db: Db = deps.db, partnerId?: string): Promise<void> {
      const count = await addUses(db, {
        scope: limit.scope,
        subject,
        windowStart: await windowStart(limit, db, partnerId),
        amount: 1,
      });
      await sweep(db);
      if (count > limit.max) throw new AppError(limit.code ?? 'RATE_LIMITED', limit.refusal);
    },
  };
}

export type UsageLimiter = ReturnType<typeof createUsageLimiter>;
