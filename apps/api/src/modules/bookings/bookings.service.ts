import type { BookingEventKind } from '@vaidya/contract/booking-events';
import {
  bookingMessages,
  bookingRecordLabels,
  type bookSlotBody,
  type createPatientBody,
  type Patient,
  type Slot,
  type SlotSource,
} from '@vaidya/contract/bookings';
import { localToday, weekdayOf } from '@vaidya/contract/calendar-dates';
import type { z } from 'zod';
import type { BookingEvents } from '../../adapters/realtime/booking-events';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import type { WalletService } from '../wallet/wallet.service';
import {
  changeSlotStatus,
  countUnseenOnlineSlots,
  findBookingTerms,
  findPatientByMobile,
  findQueue,
  findSlot,
  insertSlot,
  listOffPeriods,
  listSessions,
  listSlotsOfDay,
  locationExists,
  lockQueue,
  markOnlineSlotsSeen,
  moveSlot,
  nextTokenNumber,
  type PatientRow,
  renamePatientOfSlot,
  upsertPatient,
} from './bookings.repository';
import { freeSlots, type Period } from './slot-arithmetic';

type BookSlotPayload = z.output<typeof bookSlotBody>;

/** The index that makes a double booking impossible (db/schema.ts). */
const activeSlotIndex = 'slots_active_start_key';

const slotTaken = () => new AppError('CONFLICT', bookingMessages.slotTaken);

const toPatient = (row: PatientRow): Patient => ({
  id: row.id,
  name: row.name,
  mobile: row.mobile,
  age: row.age,
  gender: row.gender,
});

/**
 * Bookings (spec §7): the front desk's token queue and the clinic's booking website.
 * The database decides whether a time is still free: every booking or move writes the
 * row and lets the unique index on active slots refuse a taken time, which answers 409.
 */
export function createBookingsService(deps: {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  /** Told after each change commits, so open bookings screens refetch at once. */
  events: BookingEvents;
}) {
  const { db, clock, wallet, events } = deps;

  const announce = (partnerId: string, slot: Slot, kind: BookingEventKind): Slot => {
    events.publish({ partnerId, queueId: slot.queue_id, date: slot.date, slotId: slot.id, kind });
    return slot;
  };

  /**
   * The slot starting at `startTime` if the queue's timetable opens it on `date`: inside a
   * session, outside off time and not yet begun in the partner's zone. Whether someone
   * already holds it is left to the unique index.
   */
  async function openSlot(input: {
    queue: { id: string; slotSize: number };
    timeZone: string;
    date: string;
    startTime: string;
  }): Promise<Period> {
    const today = localToday(input.timeZone, clock());
    if (input.date < today.date || (input.date === today.date && input.startTime < today.time)) {
      throw new AppError('BUSINESS_RULE', bookingMessages.slotInPast);
    }
    const [sessions, offPeriods] = await Promise.all([
      listSessions(db, { queueId: input.queue.id, weekday: weekdayOf(input.date) }),
      listOffPeriods(db, { queueId: input.queue.id, date: input.date }),
    ]);
    const slot = freeSlots({ sessions, slotSize: input.queue.slotSize, offPeriods, taken: [] }).find(
      (candidate) => candidate.start === input.startTime,
    );
    if (!slot) throw new AppError('BUSINESS_RULE', bookingMessages.slotNotOpen);
    return slot;
  }

  async function presentSlot(ids: { partnerId: string; slotId: string }): Promise<Slot> {
    const row = await findSlot(db, ids);
    if (!row) throw notFound(bookingRecordLabels.booking);
    return row;
  }

  /** Why a change to a booking found no row to change: not the partner's, or in a state that forbids it. */
  async function refusal(ids: { partnerId: string; slotId: string }): Promise<AppError> {
    const row = await findSlot(db, ids);
    if (!row) return notFound(bookingRecordLabels.booking);
    if (row.status === 'completed') return new AppError('CONFLICT', bookingMessages.bookingCompleted);
    return new AppError('CONFLICT', bookingMessages.bookingCancelled);
  }

  async function book(input: {
    payload: BookSlotPayload;
    source: SlotSource;
    /** The signed-in partner; the public site books for whoever owns the queue. */
    partnerId?: string;
  }): Promise<Slot> {
    const { payload } = input;
    const queue = await findQueue(db, { queueId: payload.queueId, partnerId: input.partnerId });
    if (!queue) throw notFound(bookingRecordLabels.queue);
    const terms = await findBookingTerms(db, queue.partnerId);
    if (!terms) throw notFound(bookingRecordLabels.queue);
    const slot = await openSlot({
      queue,
      timeZone: terms.timeZone,
      date: payload.date,
      startTime: payload.startTime,
    });
    const partnerId = queue.partnerId;
    try {
      const slotId = await db.transaction(async (tx) => {
        await lockQueue(tx, queue.id);
        const patient = await upsertPatient(tx, {
          partnerId,
          name: payload.customerName,
          mobile: payload.customerMobile,
          age: payload.customerAge ?? null,
          gender: payload.customerGender ?? null,
          // Staff may correct a known patient's details; an anonymous visitor may not.
          overwrite: input.source === 'front_desk',
        });
        const id = await insertSlot(tx, {
          partner_id: partnerId,
          queue_id: queue.id,
          patient_id: patient.id,
          date: payload.date,
          start_time: slot.start,
          end_time: slot.end,
          token_number: await nextTokenNumber(tx, { queueId: queue.id, date: payload.date }),
          source: input.source,
        });
        if (terms.subscriptionType === 'wallet') {
          await wallet.chargeBooking({ db: tx, partnerId, slotId: id, charge: terms.chargePerBooking });
        }
        return id;
      });
      return announce(partnerId, await presentSlot({ partnerId, slotId }), 'booked');
    } catch (error) {
      if (isUniqueViolationOf(error, activeSlotIndex)) throw slotTaken();
      throw error;
    }
  }

  return {
    bookAtFrontDesk({ caller, payload }: { caller: Caller; payload: BookSlotPayload }) {
      return book({ payload, source: 'front_desk', partnerId: caller.partnerId });
    },

    /**
     * The visitor sees the booking with the details they typed, never what the clinic
     * holds under that number: anyone can type anyone's mobile.
     */
    async bookOnline({ payload }: { payload: BookSlotPayload }): Promise<Slot> {
      const slot = await book({ payload, source: 'online' });
      return {
        ...slot,
        customer: {
          id: slot.customer.id,
          name: payload.customerName,
          mobile: payload.customerMobile,
          age: payload.customerAge ?? null,
          gender: payload.customerGender ?? null,
        },
      };
    },

    /**
     * The day's bookings in token order. Listing them is staff opening them, so the
     * queue's online bookings of that day stop counting as unseen from here on.
     */
    async listDay({
      caller,
      query,
    }: {
      caller: Caller;
      query: { date: string; queue_id: string; showCompleteBookings: boolean };
    }): Promise<Slot[]> {
      const ids = { partnerId: caller.partnerId, queueId: query.queue_id, date: query.date };
      if (!(await findQueue(db, { queueId: ids.queueId, partnerId: ids.partnerId }))) {
        throw notFound(bookingRecordLabels.queue);
      }
      const rows = await listSlotsOfDay(db, { ...ids, includeCompleted: query.showCompleteBookings });
      await markOnlineSlotsSeen(db, { ...ids, now: clock() });
      return rows;
    },

    async setShowedUp({
      caller,
      slotId,
      showedUp,
    }: {
      caller: Caller;
      slotId: string;
      showedUp: boolean;
    }): Promise<Slot> {
      const ids = { partnerId: caller.partnerId, slotId };
      const changed = await changeSlotStatus(db, {
        ...ids,
        from: ['booked', 'showed_up'],
        to: showedUp ? 'showed_up' : 'booked',
        now: clock(),
      });
      if (!changed) throw await refusal(ids);
      return announce(caller.partnerId, await presentSlot(ids), 'showed_up');
    },

    /** Frees the time for someone else and gives a wallet partner its charge back, together. */
    async cancel({ caller, slotId }: { caller: Caller; slotId: string }): Promise<Slot> {
      const ids = { partnerId: caller.partnerId, slotId };
      const cancelled = await db.transaction(async (tx) => {
        const changed = await changeSlotStatus(tx, {
          ...ids,
          from: ['booked', 'showed_up', 'completed'],
          to: 'cancelled',
          now: clock(),
        });
        if (changed) await wallet.refundBooking({ db: tx, ...ids });
        return changed;
      });
      if (!cancelled) {
        const error = await refusal(ids);
        throw error.code === 'NOT_FOUND' ? error : new AppError('CONFLICT', bookingMessages.alreadyCancelled);
      }
      return announce(caller.partnerId, await presentSlot(ids), 'cancelled');
    },

    /** The name is the patient's: every booking of that patient shows the new one. */
    async editName({
      caller,
      slotId,
      name,
    }: {
      caller: Caller;
      slotId: string;
      name: string;
    }): Promise<Slot> {
      const ids = { partnerId: caller.partnerId, slotId };
      if (!(await renamePatientOfSlot(db, { ...ids, name, now: clock() }))) {
        throw notFound(bookingRecordLabels.booking);
      }
      return announce(caller.partnerId, await presentSlot(ids), 'renamed');
    },

    /** Moves a booking to another open time of the same day; it keeps its token. */
    async move({
      caller,
      slotId,
      startTime,
    }: {
      caller: Caller;
      slotId: string;
      startTime: string;
    }): Promise<Slot> {
      const ids = { partnerId: caller.partnerId, slotId };
      const current = await findSlot(db, ids);
      if (!current) throw notFound(bookingRecordLabels.booking);
      if (current.status === 'cancelled') throw new AppError('CONFLICT', bookingMessages.bookingCancelled);
      const queue = await findQueue(db, { queueId: current.queue_id, partnerId: caller.partnerId });
      const terms = await findBookingTerms(db, caller.partnerId);
      if (!queue || !terms) throw notFound(bookingRecordLabels.queue);
      const slot = await openSlot({ queue, timeZone: terms.timeZone, date: current.date, startTime });
      try {
        const moved = await moveSlot(db, { ...ids, start: slot.start, end: slot.end, now: clock() });
        if (!moved) throw new AppError('CONFLICT', bookingMessages.bookingCancelled);
      } catch (error) {
        if (isUniqueViolationOf(error, activeSlotIndex)) throw slotTaken();
        throw error;
      }
      return announce(caller.partnerId, await presentSlot(ids), 'moved');
    },

    async countUnseenOnline({ caller, locationId }: { caller: Caller; locationId: string }): Promise<number> {
      const ids = { partnerId: caller.partnerId, locationId };
      if (!(await locationExists(db, ids))) throw notFound(bookingRecordLabels.location);
      return countUnseenOnlineSlots(db, ids);
    },

    /** The partner's patient with this mobile, or null: a lookup only, nothing is created. */
    async findPatient({ caller, mobile }: { caller: Caller; mobile: string }): Promise<Patient | null> {
      const row = await findPatientByMobile(db, { partnerId: caller.partnerId, mobile });
      return row ? toPatient(row) : null;
    },

    /** The partner's patient with this mobile as it is, or a new one with these details. */
    async createPatient({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: z.output<typeof createPatientBody>;
    }): Promise<Patient> {
      const row = await upsertPatient(db, {
        partnerId: caller.partnerId,
        name: payload.name,
        mobile: payload.mobile,
        age: payload.age ?? null,
        gender: payload.gender ?? null,
        overwrite: false,
      });
      return toPatient(row);
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
