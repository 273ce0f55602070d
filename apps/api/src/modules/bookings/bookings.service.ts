import type { BookingEventKind } from '@vaidya/contract/booking-events';
import { bookingRefusals, tokenStateRefusals } from '@vaidya/contract/booking-refusals';
import {
  bookingMessages,
  bookingRecordLabels,
  type bookSlotBody,
  type OnlineBooking,
  queueLineOf,
  type Slot,
  type SlotSource,
  type SlotStatus,
  type TokenMove,
  tokenMoves,
} from '@vaidya/contract/bookings';
import { calendarDateEnGb, localToday, timeOfDayEnIn, weekdayOf } from '@vaidya/contract/calendar-dates';
import { messages } from '@vaidya/contract/messages';
import { type bookingsInPeriodQuery, scheduleChangeMessages } from '@vaidya/contract/schedule-changes';
import type { z } from 'zod';
import type { BookingEvents } from '../../adapters/realtime/booking-events';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { type AuditActor, recordBookingAuditEvents, statusMoves } from '../audit/audit-trail';
import { findClinicTimeZone, locationExists } from '../partner/partner.repository';
import type { PatientsService } from '../patients/patients.service';
import type { BookingsReach } from '../queue-time/change-reach';
import { requireDateInBookingWindow, requireTakingOnlineBookings } from '../queue-time/online-booking-rules';
import { lockQueue } from '../queue-time/queue-time.repository';
import { freeSlots, type Period, slotsOfDate } from '../queue-time/slot-arithmetic';
import type { UsageLimit, UsageLimiter } from '../usage-limits/usage-limits.service';
import type { WalletService } from '../wallet/wallet.service';
import type { WhatsAppMessagesService } from '../whatsapp-messages/whatsapp-messages.service';
import {
  type BookingDays,
  cancelOpenSlots,
  changeSlotStatus,
  countOpenOnlineBookings,
  countUnseenOnlineSlots,
  findOnlineBookingQueue,
  findQueue,
  findQueueOfClinic,
  findSlot,
  holdMobile,
  insertSlot,
  listOffDaysOn,
  listOpenBookings,
  listQueueLine,
  listSessions,
  listSlotsOfDay,
  listTakenStartTimes,
  listWeeklySessions,
  markOnlineSlotsSeen,
  moveSlot,
  moveSlotToPatient,
  nextTokenNumber,
} from './bookings.repository';

type BookSlotPayload = z.output<typeof bookSlotBody>;

const reachOfQuery = (query: z.output<typeof bookingsInPeriodQuery>): BookingsReach => ({
  days: query.date === undefined ? { from: 'now', weekday: query.weekday } : { date: query.date },
  period:
    query.start_time === undefined || query.end_time === undefined
      ? undefined
      : { start: query.start_time, end: query.end_time },
  slotSize: query.slot_size,
});

/** A queue of the caller's clinic as a schedule change reaches its bookings. */
type ClinicQueue = NonNullable<Awaited<ReturnType<typeof findQueueOfClinic>>>;

/** The index that makes a double booking impossible (db/schema.ts). */
const activeSlotIndex = 'slots_active_start_key';

const slotTaken = () => new AppError('CONFLICT', bookingMessages.slotTaken);

/** Enough for a family booking from one phone or one clinic's waiting-room Wi-Fi; a flood stops here. */
const onlineBookingsPerAddress: UsageLimit = {
  scope: 'public-booking-address',
  max: 20,
  per: 'hour',
  refusal: messages.tooManyRequests,
};
/** Nobody needs more bookings than this under one number within an hour. */
const onlineBookingsPerMobile: UsageLimit = {
  scope: 'public-booking-mobile',
  max: 5,
  per: 'hour',
  refusal: bookingRefusals.tooManyBookings,
};
/** Open online bookings one patient (the same mobile and name) may hold on one date. */
const openOnlineBookingsPerPatientOnDate = 2;
/** Open online bookings one mobile may hold at a clinic in all: a family books from one phone. */
const openOnlineBookingsPerMobile = 6;

/** The states an online booking is charged on reaching the first time: the patient has come (decision 027). */
const chargedStates: readonly SlotStatus[] = ['showed_up', 'called', 'completed'];

/** What open screens and TVs are told of each move of a token (a token waiting again has `showed_up`). */
const tokenMoveEvents: Record<TokenMove, BookingEventKind> = {
  call: 'called',
  complete: 'completed',
  markNoShow: 'no_show',
  returnToWaiting: 'showed_up',
};

/**
 * Bookings (spec §7): the front desk's token queue and the clinic's booking website.
 * The database decides whether a time is still free: every booking or move writes the
 * row and lets the unique index on active slots refuse a taken time, which answers 409.
 */
export function createBookingsService(deps: {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  /** Finds or creates the patient a booking names, in the booking's transaction. */
  patients: Pick<PatientsService, 'findOrCreate' | 'refreshLastVisit'>;
  /** Told after each change commits, so open bookings screens refetch at once. */
  events: BookingEvents;
  /** Counts the booking website's attempts per address and per mobile, shared by every process. */
  usageLimiter: UsageLimiter;
  /** Where the message to a patient whose booking a schedule change cancelled is queued. */
  whatsappMessages: Pick<WhatsAppMessagesService, 'queueBySystem'>;
}) {
  const { db, clock, wallet, patients, events, usageLimiter, whatsappMessages } = deps;

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
      throw new AppError('BUSINESS_RULE', bookingRefusals.slotInPast);
    }
    const [timings, offDays] = await Promise.all([
      listSessions(db, { queueId: input.queue.id, weekday: weekdayOf(input.date) }),
      listOffDaysOn(db, { queueId: input.queue.id, date: input.date }),
    ]);
    // The same arithmetic as the free slots the desk and the booking website are shown.
    const { free } = slotsOfDate({
      date: input.date,
      slotSize: input.queue.slotSize,
      timings,
      offDays,
      taken: [],
      today,
    });
    const slot = free.find((candidate) => candidate.start === input.startTime);
    if (!slot) throw new AppError('BUSINESS_RULE', bookingRefusals.slotNotOpen);
    return slot;
  }

  async function presentSlot(ids: { partnerId: string; slotId: string }): Promise<Slot> {
    const row = await findSlot(db, { ...ids, now: clock() });
    if (!row) throw notFound(bookingRecordLabels.booking);
    return row;
  }

  /** Why a change to a booking found no row to change: not the partner's, or in a state that forbids it. */
  async function refusal(ids: { partnerId: string; slotId: string }): Promise<AppError> {
    const row = await findSlot(db, { ...ids, now: clock() });
    if (!row) return notFound(bookingRecordLabels.booking);
    return new AppError('CONFLICT', tokenStateRefusals[row.status]);
  }

  /**
   * Moves a token from one of `from` to `to`, charging an online booking not charged yet as
   * its patient is first seen to have come (never refused for money, decision 027; a no-show
   * is never charged), and setting its patient's last visit again with it (decision 043).
   * False when the token is in none of `from`.
   */
  async function moveToken(
    tx: Db,
    change: { partnerId: string; slotId: string; from: readonly SlotStatus[]; to: SlotStatus; now: Date },
  ): Promise<boolean> {
    const patientId = await changeSlotStatus(tx, { ...change, from: [...change.from] });
    if (patientId === undefined) return false;
    if (chargedStates.includes(change.to)) {
      await wallet.chargeVisit({ db: tx, partnerId: change.partnerId, slotId: change.slotId });
    }
    await patients.refreshLastVisit({ db: tx, partnerId: change.partnerId, patientIds: [patientId] });
    return true;
  }

  /** Tells open screens and TVs of each token the queue moved. */
  function announceMoves(
    partnerId: string,
    day: { queueId: string; date: string },
    moves: { slotId: string; kind: BookingEventKind }[],
  ) {
    for (const move of moves) events.publish({ partnerId, ...day, ...move });
  }

  /** The queue's open bookings `reach` takes in, read with `tx` (the root handle or the change's transaction). */
  async function openBookingsReached(tx: Db, queue: ClinicQueue, reach: BookingsReach): Promise<Slot[]> {
    const days: BookingDays =
      'date' in reach.days
        ? reach.days
        : { from: localToday(queue.timeZone, clock()), weekday: reach.days.weekday };
    const open = await listOpenBookings(tx, {
      partnerId: queue.partnerId,
      queueId: queue.id,
      days,
      period: reach.period,
      now: clock(),
    });
    const newSize = reach.slotSize;
    if (newSize === undefined) return open;
    // Bookings keep their times when the size changes: one on a slot of the present size that the
    // new size does not have would overlap the new slots around it, so the change takes it away.
    const sessions = await listWeeklySessions(tx, queue.id);
    const slotStarts = (weekday: number, slotSize: number) =>
      new Set(
        freeSlots({
          sessions: sessions.filter((session) => session.weekday === weekday),
          slotSize,
          offPeriods: [],
          taken: [],
        }).map((slot) => slot.start),
      );
    const startsByWeekday = new Map<number, { present: Set<string>; changed: Set<string> }>();
    return open.filter((booking) => {
      const weekday = weekdayOf(booking.date);
      let starts = startsByWeekday.get(weekday);
      if (!starts) {
        starts = { present: slotStarts(weekday, queue.slotSize), changed: slotStarts(weekday, newSize) };
        startsByWeekday.set(weekday, starts);
      }
      return starts.present.has(booking.start_time) && !starts.changed.has(booking.start_time);
    });
  }

  async function book(input: {
    payload: BookSlotPayload;
    source: SlotSource;
    /** The signed-in partner; the public site books for whoever owns the queue. */
    partnerId?: string;
    /** Who books: the signed-in caller, or nobody (an online booking) from its address. */
    by: Pick<AuditActor, 'userId' | 'address'>;
    /** Runs first in the booking's transaction: what may refuse it before anything is written. */
    admit?: (tx: Db) => Promise<void>;
  }): Promise<Slot> {
    const { payload } = input;
    const queue = await findQueue(db, { queueId: payload.queueId, partnerId: input.partnerId });
    if (!queue) throw notFound(bookingRecordLabels.queue);
    const slot = await openSlot({
      queue,
      timeZone: await findClinicTimeZone(db, queue.partnerId),
      date: payload.date,
      startTime: payload.startTime,
    });
    const partnerId = queue.partnerId;
    try {
      const slotId = await db.transaction(async (tx) => {
        await input.admit?.(tx);
        await lockQueue(tx, { queueId: queue.id });
        const patient = await patients.findOrCreate({
          db: tx,
          partnerId,
          name: payload.customerName,
          mobile: payload.customerMobile,
          age: payload.customerAge ?? null,
          gender: payload.customerGender ?? null,
          patientId: payload.patientId,
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
          visitor_name: input.source === 'online' ? payload.customerName : null,
        });
        await recordBookingAuditEvents(tx, { partnerId, ...input.by }, [{ slotId: id, action: 'created' }]);
        // Staff bookings are charged as they are made; online ones when the patient comes (decision 027).
        if (input.source === 'front_desk') await wallet.chargeBooking({ db: tx, partnerId, slotId: id });
        else await wallet.requireOnlineBookingsOpen({ db: tx, partnerId });
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
      return book({ payload, source: 'front_desk', partnerId: caller.partnerId, by: caller });
    },

    /**
     * A booking from the clinic's website. Every attempt counts towards the limits per address
     * and per mobile; a disabled clinic, a date outside the booking window, and a patient or
     * number already holding as many open online bookings as allowed are refused. The visitor
     * hears only of their own booking (anyone can type anyone's mobile).
     */
    async bookOnline({
      payload,
      visitorAddress,
    }: {
      payload: BookSlotPayload;
      visitorAddress: string;
    }): Promise<OnlineBooking> {
      await usageLimiter.take(onlineBookingsPerAddress, visitorAddress);
      await usageLimiter.take(onlineBookingsPerMobile, payload.customerMobile);
      const queue = await findOnlineBookingQueue(db, payload.queueId);
      if (!queue) throw notFound(bookingRecordLabels.queue);
      requireTakingOnlineBookings(queue);
      const today = localToday(queue.timeZone, clock()).date;
      requireDateInBookingWindow(payload.date, today, queue);
      const slot = await book({
        payload,
        source: 'online',
        by: { userId: null, address: visitorAddress },
        // The mobile is held from here to the commit, so two bookings under one phone, for
        // any of the family, in any queues and processes, are counted one after the other.
        admit: async (tx) => {
          const ids = { partnerId: queue.partnerId, mobile: payload.customerMobile };
          await holdMobile(tx, ids);
          const open = await countOpenOnlineBookings(tx, {
            ...ids,
            from: today,
            date: payload.date,
            name: payload.customerName,
          });
          if (open.samePatientOnDate >= openOnlineBookingsPerPatientOnDate) {
            throw new AppError(
              'BUSINESS_RULE',
              bookingRefusals.tooManyBookingsForPatientOnDate(openOnlineBookingsPerPatientOnDate),
            );
          }
          if (open.all >= openOnlineBookingsPerMobile) {
            throw new AppError(
              'BUSINESS_RULE',
              bookingRefusals.tooManyOpenBookingsForMobile(openOnlineBookingsPerMobile),
            );
          }
        },
      });
      return {
        token_number: slot.token_number,
        date: slot.date,
        start_time: slot.start_time,
        end_time: slot.end_time,
        queue_name: queue.queueName,
        location_name: queue.locationName,
        customer_name: payload.customerName,
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
      const rows = await listSlotsOfDay(db, {
        ...ids,
        includeCompleted: query.showCompleteBookings,
        now: clock(),
      });
      await markOnlineSlotsSeen(db, { ...ids, now: clock() });
      return rows;
    },

    /**
     * Marks the patient arrived (or not): an online booking's first arrival is its charge,
     * taken with the change and never refused for money (decision 027); un-marking refunds nothing.
     */
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
      // Only between booked and arrived: a token called or finished moves by the queue's actions.
      const changed = await db.transaction(async (tx) => {
        const to = showedUp ? 'showed_up' : 'booked';
        const moved = await moveToken(tx, { ...ids, from: ['booked', 'showed_up'], to, now: clock() });
        if (moved) await recordBookingAuditEvents(tx, caller, statusMoves([{ slotId, kind: to }]));
        return moved;
      });
      if (!changed) throw await refusal(ids);
      return announce(caller.partnerId, await presentSlot(ids), 'showed_up');
    },

    /**
     * Completes the token served in the queue's day and calls the lowest-numbered one waiting,
     * one desk at a time (the queue's row is held). With nobody waiting the served token is
     * completed all the same and 409 says that nobody has arrived.
     */
    async callNext({ caller, queueId, date }: { caller: Caller; queueId: string; date: string }) {
      const partnerId = caller.partnerId;
      if (!(await findQueue(db, { queueId, partnerId }))) throw notFound(bookingRecordLabels.queue);
      const moves = await db.transaction(async (tx) => {
        await lockQueue(tx, { queueId });
        const now = clock();
        const { serving, waiting } = queueLineOf(await listQueueLine(tx, { queueId, date }));
        const done: { slotId: string; kind: BookingEventKind }[] = [];
        if (
          serving &&
          (await moveToken(tx, { partnerId, slotId: serving.id, from: ['called'], to: 'completed', now }))
        ) {
          done.push({ slotId: serving.id, kind: 'completed' });
        }
        for (const candidate of waiting) {
          if (
            await moveToken(tx, { partnerId, slotId: candidate.id, from: ['showed_up'], to: 'called', now })
          ) {
            done.push({ slotId: candidate.id, kind: 'called' });
            break;
          }
        }
        await recordBookingAuditEvents(tx, caller, statusMoves(done));
        return done;
      });
      announceMoves(partnerId, { queueId, date }, moves);
      if (!moves.some((move) => move.kind === 'called')) {
        throw new AppError('CONFLICT', bookingMessages.nobodyArrived);
      }
    },

    /**
     * One token's move (Call, Done, No-show, back to waiting), one desk at a time in its queue.
     * Calling a token completes the one being served, as call next does.
     */
    async moveInQueue({
      caller,
      slotId,
      move,
    }: {
      caller: Caller;
      slotId: string;
      move: TokenMove;
    }): Promise<Slot> {
      const ids = { partnerId: caller.partnerId, slotId };
      const slot = await findSlot(db, { ...ids, now: clock() });
      if (!slot) throw notFound(bookingRecordLabels.booking);
      const { from, to } = tokenMoves[move];
      const kind = tokenMoveEvents[move];
      const day = { queueId: slot.queue_id, date: slot.date };
      const moves = await db.transaction(async (tx) => {
        await lockQueue(tx, { queueId: day.queueId });
        const now = clock();
        const { serving } = queueLineOf(await listQueueLine(tx, day));
        if (!(await moveToken(tx, { ...ids, from, to, now }))) return null;
        const done: { slotId: string; kind: BookingEventKind }[] = [{ slotId, kind }];
        if (to === 'called' && serving && serving.id !== slotId) {
          await moveToken(tx, { ...ids, slotId: serving.id, from: ['called'], to: 'completed', now });
          done.push({ slotId: serving.id, kind: 'completed' });
        }
        await recordBookingAuditEvents(tx, caller, statusMoves(done));
        return done;
      });
      if (!moves) throw await refusal(ids);
      announceMoves(caller.partnerId, day, moves);
      return presentSlot(ids);
    },

    /** Frees the time for someone else and gives a wallet partner its charge back, together. */
    async cancel({ caller, slotId }: { caller: Caller; slotId: string }): Promise<Slot> {
      const ids = { partnerId: caller.partnerId, slotId };
      const cancelled = await db.transaction(async (tx) => {
        const patientId = await changeSlotStatus(tx, {
          ...ids,
          from: ['booked', 'showed_up', 'called', 'completed', 'no_show'],
          to: 'cancelled',
          now: clock(),
        });
        if (patientId === undefined) return false;
        await wallet.refundBooking({ db: tx, ...ids });
        await patients.refreshLastVisit({ db: tx, partnerId: caller.partnerId, patientIds: [patientId] });
        await recordBookingAuditEvents(tx, caller, statusMoves([{ slotId, kind: 'cancelled' }]));
        return true;
      });
      if (!cancelled) {
        const error = await refusal(ids);
        throw error.code === 'NOT_FOUND' ? error : new AppError('CONFLICT', bookingRefusals.alreadyCancelled);
      }
      return announce(caller.partnerId, await presentSlot(ids), 'cancelled');
    },

    /**
     * Puts the booking on the patient of this name on the same mobile, added when new (a
     * family's phone: the desk booked the mother where the child came); the patient's own name
     * changes only on their page, so the same name in another case is that patient as they are.
     */
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
      await db.transaction(async (tx) => {
        const now = clock();
        const slot = await findSlot(tx, { ...ids, now });
        if (!slot) throw notFound(bookingRecordLabels.booking);
        const patient = await patients.findOrCreate({
          db: tx,
          partnerId: caller.partnerId,
          name,
          mobile: slot.customer.mobile,
          age: null,
          gender: null,
          overwrite: false,
        });
        if (patient.id !== slot.customer.id) {
          await moveSlotToPatient(tx, { ...ids, patientId: patient.id, now });
          await patients.refreshLastVisit({
            db: tx,
            partnerId: caller.partnerId,
            patientIds: [slot.customer.id, patient.id],
          });
          await recordBookingAuditEvents(tx, caller, [
            {
              slotId,
              action: 'updated',
              changes: {
                before: { patient_id: slot.customer.id, name: slot.customer.name },
                after: { patient_id: patient.id, name },
              },
            },
          ]);
        }
      });
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
      const current = await findSlot(db, { ...ids, now: clock() });
      if (!current) throw notFound(bookingRecordLabels.booking);
      if (current.status === 'cancelled') throw new AppError('CONFLICT', bookingRefusals.bookingCancelled);
      const queue = await findQueue(db, { queueId: current.queue_id, partnerId: caller.partnerId });
      if (!queue) throw notFound(bookingRecordLabels.queue);
      const timeZone = await findClinicTimeZone(db, caller.partnerId);
      const slot = await openSlot({ queue, timeZone, date: current.date, startTime });
      try {
        const moved = await db.transaction(async (tx) => {
          const done = await moveSlot(tx, { ...ids, start: slot.start, end: slot.end, now: clock() });
          const changes = { before: { start_time: current.start_time }, after: { start_time: slot.start } };
          if (done) await recordBookingAuditEvents(tx, caller, [{ slotId, action: 'updated', changes }]);
          return done;
        });
        if (!moved) throw new AppError('CONFLICT', bookingRefusals.bookingCancelled);
      } catch (error) {
        if (isUniqueViolationOf(error, activeSlotIndex)) throw slotTaken();
        throw error;
      }
      return announce(caller.partnerId, await presentSlot(ids), 'moved');
    },

    /** The queue's open bookings a schedule change would reach (get-bookings-in-period), by date, time and token. */
    async listInPeriod({
      caller,
      query,
    }: {
      caller: Caller;
      query: z.output<typeof bookingsInPeriodQuery>;
    }): Promise<Slot[]> {
      const queue = await findQueueOfClinic(db, { queueId: query.queue_id, partnerId: caller.partnerId });
      if (!queue) throw notFound(bookingRecordLabels.queue);
      return openBookingsReached(db, queue, reachOfQuery(query));
    },

    /**
     * Cancels, in the schedule change's transaction, the queue's open bookings that `reaches`
     * take in: each is given back what it was charged, and its patient's WhatsApp message is
     * queued in the outbox, so all of it commits with the change or none of it. Answers the
     * bookings cancelled; `announceCancelled` tells open screens once the transaction commits.
     */
    async cancelReached(
      tx: Db,
      change: { partnerId: string; queueId: string; reaches: BookingsReach[] },
    ): Promise<Slot[]> {
      const queue = await findQueueOfClinic(tx, { queueId: change.queueId, partnerId: change.partnerId });
      if (!queue) throw notFound(bookingRecordLabels.queue);
      const reached = new Map<string, Slot>();
      for (const reach of change.reaches) {
        for (const booking of await openBookingsReached(tx, queue, reach)) reached.set(booking.id, booking);
      }
      const cancelledIds = await cancelOpenSlots(tx, {
        partnerId: change.partnerId,
        slotIds: [...reached.keys()],
        now: clock(),
      });
      const cancelled = [...reached.values()].filter((booking) => cancelledIds.has(booking.id));
      await patients.refreshLastVisit({
        db: tx,
        partnerId: change.partnerId,
        patientIds: cancelled.map((booking) => booking.customer.id),
      });
      for (const booking of cancelled) {
        await wallet.refundBooking({ db: tx, partnerId: change.partnerId, slotId: booking.id });
        const date = calendarDateEnGb(booking.date);
        const time = timeOfDayEnIn(booking.start_time);
        const words = { patientName: booking.customer.name, clinicName: queue.clinicName, date, time };
        await whatsappMessages.queueBySystem(tx, {
          partnerId: change.partnerId,
          locationId: queue.locationId,
          referenceId: booking.id,
          to: booking.customer.mobile,
          template: {
            template: 'booking_cancelled',
            bodyParameters: [words.patientName, words.clinicName, words.date, words.time],
          },
          body: scheduleChangeMessages.bookingCancelled(words),
        });
      }
      return cancelled.map((booking) => ({ ...booking, status: 'cancelled' }));
    },

    /** Tells open bookings screens and TVs of bookings `cancelReached` cancelled, once its transaction committed. */
    announceCancelled(partnerId: string, cancelled: Slot[]) {
      for (const booking of cancelled) announce(partnerId, booking, 'cancelled');
    },

    /** Start times of the queue's active bookings between two dates, both included: what is no longer free. */
    takenStartTimes(range: { partnerId: string; queueId: string; from: string; to: string }) {
      return listTakenStartTimes(db, range);
    },

    async countUnseenOnline({ caller, locationId }: { caller: Caller; locationId: string }): Promise<number> {
      const ids = { partnerId: caller.partnerId, locationId };
      if (!(await locationExists(db, ids))) throw notFound(bookingRecordLabels.location);
      return countUnseenOnlineSlots(db, ids);
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
