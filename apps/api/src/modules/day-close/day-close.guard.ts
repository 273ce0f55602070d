import { calendarDateEnGb, localToday } from '@vaidya/contract/calendar-dates';
import { dayCloseMessages } from '@vaidya/contract/day-close';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findClinicTimeZone } from '../partner/partner.repository';
import { type DayAt, findClosedDay, lockDayShared } from './day-close.repository';

/** A day a write changes at a location: its calendar date, or an instant of it (a payment's, now) in the clinic's time zone. */
export type DayOfWrite = DayAt | { locationId: string; at: Date };

/**
 * Refuses a write that would change a closed day (issue 24, decision 048): called in the
 * transaction of every bill and payment write with the days, at their locations, whose figures
 * it changes. Each day's lock is taken shared, so the check and the write cannot interleave
 * with a close of that day (close-day takes it exclusive): a write racing a close either lands
 * before the close reads the day's figures or is refused. A closed day answers 409 naming it.
 */
export async function assertDaysOpen(
  tx: Db,
  { partnerId, days }: { partnerId: string; days: readonly DayOfWrite[] },
): Promise<void> {
  if (days.length === 0) return;
  const timeZone = await findClinicTimeZone(tx, partnerId);
  const distinct = new Map<string, DayAt>();
  for (const day of days) {
    const date = 'at' in day ? localToday(timeZone, day.at).date : day.date;
    distinct.set(`${day.locationId.toLowerCase()} ${date}`, { locationId: day.locationId, date });
  }
  // One order for every writer's locks.
  const ordered = [...distinct].sort(([a], [b]) => a.localeCompare(b)).map(([, day]) => day);
  for (const day of ordered) await lockDayShared(tx, day);
  const closed = await findClosedDay(tx, { partnerId, days: ordered });
  if (closed) {
    throw new AppError(
      'CONFLICT',
      dayCloseMessages.dayClosed(calendarDateEnGb(closed.date), closed.locationName),
    );
  }
}
