import { addDays, localToday } from '@vaidya/contract/calendar-dates';
import { roleMessages } from '@vaidya/contract/roles';
import {
  type AddLocationBody,
  type AddOffDayBody,
  type AddQueueBody,
  type AddQueueTimingBody,
  type AvailableSlot,
  type BookableDate,
  type BookingsChoice,
  bookableDateCount,
  type EditQueueTimingBody,
  type OffDay,
  type Queue,
  type QueueTiming,
  scheduleMessages,
  scheduleRecordLabels,
  type UpdateLocationBody,
  type UpdateQueueBody,
  type UpdateSlotSizeBody,
} from '@vaidya/contract/schedule';
import { sessionTimeTakenAway } from '@vaidya/contract/schedule-changes';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import { findClinicDoctor } from '../access/access.repository';
import { assertWorksAt, type Caller } from '../access/authenticate';
import type { BookingsReach } from '../queue-time/change-reach';
import { requireDateInBookingWindow, requireTakingOnlineBookings } from '../queue-time/online-booking-rules';
import { lockQueue } from '../queue-time/queue-time.repository';
import { slotsOfDate } from '../queue-time/slot-arithmetic';
import {
  deleteOffDay,
  deleteTiming,
  findLocation,
  findOverlappingTiming,
  findQueueForSlots,
  findQueueOfEntry,
  findTiming,
  insertLocation,
  insertOffDay,
  insertQueue,
  insertTiming,
  listOffDays,
  listQueues,
  listTimings,
  updateLocation,
  updateQueue,
  updateTiming,
} from './schedule.repository';

/** How far ahead the front desk's get-dates looks for its open dates: a year, so a queue open one day a week still fills them. */
const lookAheadDays = 366;

/** A queue as the slot arithmetic needs it: its owner, slot size and the owner's time zone. */
type SlotQueue = NonNullable<Awaited<ReturnType<typeof findQueueForSlots>>>;

/** A saved change, and how many open bookings it cancelled (none unless asked with `bookings: 'cancel'`). */
export interface ScheduleChange<T> {
  saved: T;
  cancelledBookings: number;
}

/**
 * The port through which the schedule reaches a queue's bookings: declared here, answered by the
 * bookings service that app.ts hands in, so no schedule file depends on that module's code. It
 * tells the start times booked, and cancels the open bookings a change takes away in the
 * change's transaction, then announces them once it commits. `Cancelled` is the bookings' own
 * record of a cancelled booking: the schedule only counts them and hands them back.
 */
export interface QueueBookings<Cancelled> {
  /** Start times of the queue's active (not cancelled) bookings between two dates, both included. */
  takenStartTimes(range: {
    partnerId: string;
    queueId: string;
    from: string;
    to: string;
  }): Promise<{ date: string; start_time: string }[]>;
  cancelReached(
    tx: Db,
    change: { partnerId: string; queueId: string; reaches: BookingsReach[] },
  ): Promise<Cancelled[]>;
  announceCancelled(partnerId: string, cancelled: Cancelled[]): void;
}

/**
 * Locations, queues, their weekly sessions and off-days (spec §7 "Bookings,
 * schedule, partner"), and what a queue has free: every "today" is the
 * partner's, in its time zone. A change that takes time away keeps the bookings
 * in it, or cancels them when asked: the bookings port does that, in the
 * change's transaction.
 */
export function createScheduleService<Cancelled>({
  db,
  clock,
  bookings,
}: {
  db: Db;
  clock: Clock;
  bookings: QueueBookings<Cancelled>;
}) {
  async function ownQueue(caller: Caller, queueId: string) {
    const queue = await findQueueForSlots(db, { id: queueId, partnerId: caller.partnerId });
    if (!queue) throw notFound(scheduleRecordLabels.queue);
    return queue;
  }

  /**
   * The schedule of a queue is changed by an owner, or by the doctor of that queue (issue 23):
   * another doctor is refused with 403 `ROLE_FORBIDDEN` (front desk never reaches here, the
   * endpoint's permission refuses it).
   */
  function assertMayChange(caller: Caller, queue: { doctor_user_id: string | null }) {
    if (caller.role !== 'owner' && queue.doctor_user_id !== caller.userId) {
      throw new AppError('ROLE_FORBIDDEN', roleMessages.notYourQueue);
    }
  }

  /** A queue's doctor as chosen: an active owner or doctor of the clinic, or none. */
  async function queueDoctor(caller: Caller, doctorUserId: string | null | undefined) {
    if (!doctorUserId) return null;
    if (!(await findClinicDoctor(db, { partnerId: caller.partnerId, userId: doctorUserId }))) {
      throw notFound(scheduleRecordLabels.doctor);
    }
    return doctorUserId;
  }

  /** The queue of a session or off-day the caller may change; 404 for another clinic's. */
  async function changeableEntry(
    caller: Caller,
    entry: Parameters<typeof findQueueOfEntry>[1],
    label: string,
  ) {
    const queue = await findQueueOfEntry(db, entry);
    if (!queue) throw notFound(label);
    assertMayChange(caller, queue);
  }

  /** The queue's other sessions on that weekday must not share a minute with this one. */
  async function refuseOverlap(tx: Db, session: Parameters<typeof findOverlappingTiming>[1]) {
    const overlapping = await findOverlappingTiming(tx, session);
    if (overlapping) throw new AppError('CONFLICT', scheduleMessages.overlappingSession(overlapping));
  }

  /**
   * Saves a change of a queue with the queue's row held, so two changes of one queue at the same
   * moment are checked one after the other and cannot both pass. With `bookings: 'cancel'` the
   * open bookings the change takes away (`takesAway`, read before it is saved) are cancelled in
   * the same transaction, and open bookings screens and TVs are told once it commits. A save
   * that finds nothing to change is the 404 of `record`.
   */
  async function changingQueue<T>(
    caller: Caller,
    queueId: string,
    change: {
      record: string;
      bookings?: BookingsChoice;
      takesAway?: (tx: Db) => Promise<BookingsReach[]>;
      save: (tx: Db) => Promise<T | undefined>;
    },
  ): Promise<ScheduleChange<T>> {
    assertMayChange(caller, await ownQueue(caller, queueId));
    const { saved, cancelled } = await db.transaction(async (tx) => {
      if (!(await lockQueue(tx, { partnerId: caller.partnerId, queueId }))) {
        throw notFound(scheduleRecordLabels.queue);
      }
      const reaches = change.bookings === 'cancel' && change.takesAway ? await change.takesAway(tx) : [];
      const cancelled =
        reaches.length > 0
          ? await bookings.cancelReached(tx, { partnerId: caller.partnerId, queueId, reaches })
          : [];
      const saved = await change.save(tx);
      if (!saved) throw notFound(change.record);
      return { saved, cancelled };
    });
    bookings.announceCancelled(caller.partnerId, cancelled);
    return { saved, cancelledBookings: cancelled.length };
  }

  /** The next open dates of a queue from today to `daysAhead` days after it, each with how many slots are still free. */
  async function openDatesOf(queue: SlotQueue, daysAhead: number): Promise<BookableDate[]> {
    const ids = { partnerId: queue.partner_id, queueId: queue.id };
    const today = localToday(queue.time_zone, clock());
    const horizon = addDays(today.date, daysAhead);
    const [timings, offDays] = await Promise.all([
      listTimings(db, ids),
      listOffDays(db, { ...ids, from: today.date, to: horizon }),
    ]);
    const day = (date: string, taken: string[]) =>
      slotsOfDate({ date, slotSize: queue.slot_size, timings, offDays, taken, today });

    const openDates: string[] = [];
    for (
      let date = today.date;
      date <= horizon && openDates.length < bookableDateCount;
      date = addDays(date, 1)
    ) {
      if (day(date, []).open) openDates.push(date);
    }
    const last = openDates.at(-1);
    if (last === undefined) return [];
    const taken = await bookings.takenStartTimes({ ...ids, from: today.date, to: last });
    return openDates.map((date) => ({
      date,
      available: day(
        date,
        taken.filter((slot) => slot.date === date).map((slot) => slot.start_time),
      ).free.length,
    }));
  }

  return {
    async addLocation({ caller, payload }: { caller: Caller; payload: AddLocationBody }) {
      const saved = await insertLocation(db, {
        partnerId: caller.partnerId,
        values: locationValues(payload),
      });
      if (!saved) throw notFound(scheduleRecordLabels.location);
      return saved;
    },

    async updateLocation({ caller, payload }: { caller: Caller; payload: UpdateLocationBody }) {
      const saved = await updateLocation(db, {
        partnerId: caller.partnerId,
        id: payload.id,
        values: locationValues(payload),
      });
      if (!saved) throw notFound(scheduleRecordLabels.location);
      return saved;
    },

    async queuesOfLocation({ caller, locationId }: { caller: Caller; locationId: string }) {
      if (!(await findLocation(db, { partnerId: caller.partnerId, id: locationId }))) {
        throw notFound(scheduleRecordLabels.location);
      }
      assertWorksAt(caller, locationId);
      return listQueues(db, { partnerId: caller.partnerId, locationId });
    },

    async addQueue({ caller, payload }: { caller: Caller; payload: AddQueueBody }) {
      if (!(await findLocation(db, { partnerId: caller.partnerId, id: payload.locationId }))) {
        throw notFound(scheduleRecordLabels.location);
      }
      const saved = await insertQueue(db, {
        partnerId: caller.partnerId,
        values: {
          location_id: payload.locationId,
          queue_name: payload.queueName,
          slot_size: payload.slotSize,
          doctor_user_id: await queueDoctor(caller, payload.doctorUserId),
        },
      });
      if (!saved) throw notFound(scheduleRecordLabels.queue);
      return saved;
    },

    /** Renames a queue; its doctor (`doctorUserId`, absent keeps it) only an owner changes. */
    async updateQueue({ caller, payload }: { caller: Caller; payload: UpdateQueueBody }) {
      const queue = await ownQueue(caller, payload.id);
      assertMayChange(caller, queue);
      const doctorChanges =
        payload.doctorUserId !== undefined && payload.doctorUserId !== queue.doctor_user_id;
      if (doctorChanges && caller.role !== 'owner') {
        throw new AppError('ROLE_FORBIDDEN', roleMessages.queueDoctorOwnerOnly);
      }
      const saved = await updateQueue(db, {
        partnerId: caller.partnerId,
        id: payload.id,
        values: {
          queue_name: payload.queueName,
          ...(doctorChanges ? { doctor_user_id: await queueDoctor(caller, payload.doctorUserId) } : {}),
        },
      });
      if (!saved) throw notFound(scheduleRecordLabels.queue);
      return saved;
    },

    /**
     * Later dates are cut into the new size. Bookings already made keep their times, or with
     * `bookings: 'cancel'` those on a slot the new size does not have are cancelled.
     */
    updateSlotSize({ caller, payload }: { caller: Caller; payload: UpdateSlotSizeBody }) {
      return changingQueue<Queue>(caller, payload.queueId, {
        record: scheduleRecordLabels.queue,
        bookings: payload.bookings,
        takesAway: async () => [{ days: { from: 'now' }, slotSize: payload.slotSize }],
        save: (tx) =>
          updateQueue(tx, {
            partnerId: caller.partnerId,
            id: payload.queueId,
            values: { slot_size: payload.slotSize },
          }),
      });
    },

    async timingsOfQueue({ caller, queueId }: { caller: Caller; queueId: string }) {
      await ownQueue(caller, queueId);
      return listTimings(db, { partnerId: caller.partnerId, queueId });
    },

    async addTiming({ caller, payload }: { caller: Caller; payload: AddQueueTimingBody }) {
      const values = timingValues(payload);
      const { saved } = await changingQueue(caller, payload.queueId, {
        record: scheduleRecordLabels.timing,
        save: async (tx) => {
          await refuseOverlap(tx, { ...values, partnerId: caller.partnerId });
          return insertTiming(tx, { partnerId: caller.partnerId, values });
        },
      });
      return saved;
    },

    /**
     * Changes a session. Bookings in the time it no longer opens (on its weekday, from now on)
     * keep their times, or with `bookings: 'cancel'` are cancelled.
     */
    editTiming({ caller, payload }: { caller: Caller; payload: EditQueueTimingBody }) {
      const values = timingValues(payload);
      const ids = { partnerId: caller.partnerId, id: payload.id, queueId: payload.queueId };
      return changingQueue<QueueTiming>(caller, payload.queueId, {
        record: scheduleRecordLabels.timing,
        bookings: payload.bookings,
        takesAway: async (tx) => {
          const before = await findTiming(tx, ids);
          if (!before) return [];
          return sessionTimeTakenAway(before, payload).map((period) => ({
            days: { from: 'now', weekday: before.weekday },
            period: { start: period.start_time, end: period.end_time },
          }));
        },
        save: async (tx) => {
          await refuseOverlap(tx, { ...values, partnerId: caller.partnerId, exceptId: payload.id });
          return updateTiming(tx, { partnerId: caller.partnerId, id: payload.id, values });
        },
      });
    },

    async deleteTiming({ caller, timingId }: { caller: Caller; timingId: string }) {
      const entry = { kind: 'timing' as const, partnerId: caller.partnerId, id: timingId };
      await changeableEntry(caller, entry, scheduleRecordLabels.timing);
      const deleted = await deleteTiming(db, { partnerId: caller.partnerId, id: timingId });
      if (!deleted) throw notFound(scheduleRecordLabels.timing);
      return deleted;
    },

    /** Off-days from today on, by date. */
    async upcomingOffDays({ caller, queueId }: { caller: Caller; queueId: string }) {
      const queue = await ownQueue(caller, queueId);
      const today = localToday(queue.time_zone, clock());
      return listOffDays(db, { partnerId: caller.partnerId, queueId, from: today.date });
    },

    /** Closes the queue then. Bookings in that time stay, or with `bookings: 'cancel'` are cancelled. */
    async addOffDay({ caller, payload }: { caller: Caller; payload: AddOffDayBody }) {
      const queue = await ownQueue(caller, payload.queueId);
      if (payload.date < localToday(queue.time_zone, clock()).date) {
        throw new AppError('BUSINESS_RULE', scheduleMessages.offDayInPast);
      }
      const { startTime, endTime } = payload;
      return changingQueue<OffDay>(caller, payload.queueId, {
        record: scheduleRecordLabels.offDay,
        bookings: payload.bookings,
        takesAway: async () => [
          {
            days: { date: payload.date },
            period: startTime && endTime ? { start: startTime, end: endTime } : undefined,
          },
        ],
        save: (tx) =>
          insertOffDay(tx, {
            partnerId: caller.partnerId,
            values: {
              queue_id: payload.queueId,
              date: payload.date,
              start_time: startTime ?? null,
              end_time: endTime ?? null,
            },
          }),
      });
    },

    async deleteOffDay({ caller, offDayId }: { caller: Caller; offDayId: string }) {
      await changeableEntry(
        caller,
        { kind: 'offDay', partnerId: caller.partnerId, id: offDayId },
        scheduleRecordLabels.offDay,
      );
      const deleted = await deleteOffDay(db, { partnerId: caller.partnerId, id: offDayId });
      if (!deleted) throw notFound(scheduleRecordLabels.offDay);
      return deleted;
    },

    /** The off-days of one date: whole-day ones have no times. */
    async offDaysOn({ caller, queueId, date }: { caller: Caller; queueId: string; date: string }) {
      await ownQueue(caller, queueId);
      return listOffDays(db, { partnerId: caller.partnerId, queueId, from: date, to: date });
    },

    /**
     * The free slots of a queue on a date. A visitor (no caller, or another clinic's) asks
     * within what the clinic's booking website offers; the clinic's own front desk may look
     * at any date, and a past one has none.
     */
    async availableSlots({
      queueId,
      date,
      caller,
    }: {
      queueId: string;
      date: string;
      caller: Caller | undefined;
    }): Promise<AvailableSlot[]> {
      const queue = await findQueueForSlots(db, { id: queueId });
      if (!queue) throw notFound(scheduleRecordLabels.queue);
      const today = localToday(queue.time_zone, clock());
      if (caller?.partnerId !== queue.partner_id) {
        requireTakingOnlineBookings(queue);
        requireDateInBookingWindow(date, today.date, queue);
      }
      const ids = { partnerId: queue.partner_id, queueId };
      const [timings, offDays, taken] = await Promise.all([
        listTimings(db, ids),
        listOffDays(db, { ...ids, from: date, to: date }),
        bookings.takenStartTimes({ ...ids, from: date, to: date }),
      ]);
      const { free } = slotsOfDate({
        date,
        slotSize: queue.slot_size,
        timings,
        offDays,
        taken: taken.map((slot) => slot.start_time),
        today,
      });
      return free.map((slot) => ({ start_time: slot.start, end_time: slot.end }));
    },

    /** The next open dates of the queue from today, each with how many slots are still free. */
    async bookableDates({ caller, queueId }: { caller: Caller; queueId: string }): Promise<BookableDate[]> {
      return openDatesOf(await ownQueue(caller, queueId), lookAheadDays);
    },

    /** The same dates for the clinic's booking website, where nobody is signed in: only within its booking window. */
    async publicBookableDates({ queueId }: { queueId: string }): Promise<BookableDate[]> {
      const queue = await findQueueForSlots(db, { id: queueId });
      if (!queue) throw notFound(scheduleRecordLabels.queue);
      requireTakingOnlineBookings(queue);
      return openDatesOf(queue, queue.bookingWindowDays);
    },
  };
}

/** Address and contact number are optional on the form and stored as empty text. */
const locationValues = (payload: AddLocationBody) => ({
  location_name: payload.locationName,
  address: payload.address ?? '',
  contact_no: payload.contactNo ?? '',
});

const timingValues = (payload: AddQueueTimingBody) => ({
  queue_id: payload.queueId,
  weekday: payload.weekday,
  start_time: payload.startTime,
  end_time: payload.endTime,
});

export type ScheduleService = ReturnType<typeof createScheduleService>;
