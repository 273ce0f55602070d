import type { Slot } from '@vaidya/contract/bookings';
import { weekdayOf } from '@vaidya/contract/calendar-dates';
import type { Location } from '@vaidya/contract/partner';
import {
  type AddLocationBody,
  type AddOffDayBody,
  type AddQueueBody,
  type AddQueueTimingBody,
  type BookableDate,
  type BookingsChoice,
  type OffDay,
  type Queue,
  type QueueTiming,
  scheduleMessages,
} from '@vaidya/contract/schedule';
import {
  type PeriodOfDay,
  scheduleChangeMessages,
  sessionTimeTakenAway,
} from '@vaidya/contract/schedule-changes';
import { uuid } from './fake-masters';
import { answer, type Handler, sushrutDental } from './fake-server';

export interface FakeScheduleState {
  locations?: Location[];
  queues?: Queue[];
  timings?: QueueTiming[];
  offDays?: OffDay[];
  dates?: BookableDate[];
  /** The open bookings get-bookings-in-period looks through. */
  bookings?: Slot[];
}

/** What get-bookings-in-period is asked, as its query string gives it. */
interface BookingsReach {
  queue_id: string;
  date?: string;
  weekday?: number;
  period?: PeriodOfDay;
  slot_size?: number;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The schedule calls over records kept in memory, answered as the server answers them,
 * its messages included: a session overlapping another of its queue on the same weekday
 * is refused with 409, and the partner's locations grow with add-location.
 */
export function fakeSchedule(initial: FakeScheduleState = {}): Record<string, Handler> {
  let locations = [...(initial.locations ?? sushrutDental.locations)];
  let queues = [...(initial.queues ?? [])];
  let timings = [...(initial.timings ?? [])];
  let offDays = [...(initial.offDays ?? [])];
  const dates = [...(initial.dates ?? [])];
  let bookings = [...(initial.bookings ?? [])];
  let next = 500;

  /**
   * The bookings a change reaches, as the server finds them (every date given counts as coming);
   * with a slot size, those off its grid, for sessions that start on the hour as the fakes' do.
   */
  const reached = (reach: BookingsReach) =>
    bookings.filter(
      (booking) =>
        booking.queue_id === reach.queue_id &&
        (reach.date === undefined || booking.date === reach.date) &&
        (reach.weekday === undefined || weekdayOf(booking.date) === reach.weekday) &&
        (reach.period === undefined ||
          (booking.start_time < reach.period.end_time && reach.period.start_time < booking.end_time)) &&
        (reach.slot_size === undefined || minutesOf(booking.start_time) % reach.slot_size !== 0),
    );
  /** Cancels what `reaches` take in when asked to; answers the change's sentence as the server words it. */
  const answerWithBookings = (done: string, choice: BookingsChoice | undefined, reaches: BookingsReach[]) => {
    if (choice !== 'cancel') return done;
    const cancelled = new Set(reaches.flatMap(reached).map((booking) => booking.id));
    bookings = bookings.filter((booking) => !cancelled.has(booking.id));
    return scheduleChangeMessages.withBookingsCancelled(done, cancelled.size);
  };
  const replaceOrAppend = <R extends { id: string }>(records: R[], saved: R) =>
    records.some((record) => record.id === saved.id)
      ? records.map((record) => (record.id === saved.id ? saved : record))
      : [...records, saved];

  const saveTiming =
    (status: number): Handler =>
    (request) => {
      const payload = request.body as AddQueueTimingBody & { id?: string; bookings?: BookingsChoice };
      const saved: QueueTiming = {
        id: payload.id ?? uuid(next++),
        queue_id: payload.queueId,
        weekday: payload.weekday,
        start_time: payload.startTime,
        end_time: payload.endTime,
      };
      const overlapping = timings.find(
        (other) =>
          other.id !== saved.id &&
          other.queue_id === saved.queue_id &&
          other.weekday === saved.weekday &&
          other.start_time < saved.end_time &&
          saved.start_time < other.end_time,
      );
      if (overlapping) {
        return Response.json(
          { message: scheduleMessages.overlappingSession(overlapping), code: 'CONFLICT' },
          { status: 409 },
        );
      }
      const before = timings.find((timing) => timing.id === saved.id);
      timings = replaceOrAppend(timings, saved);
      const message = before
        ? answerWithBookings(
            scheduleMessages.timingUpdated,
            payload.bookings,
            sessionTimeTakenAway(before, payload).map((period) => ({
              queue_id: saved.queue_id,
              weekday: before.weekday,
              period,
            })),
          )
        : scheduleMessages.timingAdded;
      return Response.json({ data: saved, message }, { status });
    };

  const saveLocation =
    (status: number): Handler =>
    (request) => {
      const payload = request.body as AddLocationBody & { id?: string };
      const saved: Location = {
        id: payload.id ?? uuid(next++),
        location_name: payload.locationName,
        address: payload.address ?? '',
        contact_no: payload.contactNo ?? '',
        location_images: [],
      };
      locations = replaceOrAppend(locations, saved);
      const message = payload.id ? scheduleMessages.locationUpdated : scheduleMessages.locationAdded;
      return Response.json({ data: saved, message }, { status });
    };

  return {
    'GET /api/get-partner-details': () => Response.json({ data: { ...sushrutDental, locations } }),
    'POST /api/add-location': saveLocation(201),
    'PUT /api/update-location': saveLocation(200),
    'GET /api/get-queues': ({ url }) =>
      Response.json({
        data: queues.filter((queue) => queue.location_id === url.searchParams.get('location_id')),
      }),
    'POST /api/add-queue': (request) => {
      const payload = request.body as AddQueueBody;
      const saved: Queue = {
        id: uuid(next++),
        location_id: payload.locationId,
        queue_name: payload.queueName,
        slot_size: payload.slotSize,
        doctor_user_id: payload.doctorUserId ?? null,
      };
      queues = [...queues, saved];
      return Response.json({ data: saved, message: scheduleMessages.queueAdded }, { status: 201 });
    },
    'GET /api/get-queue-timings': ({ url }) =>
      Response.json({
        data: timings.filter((timing) => timing.queue_id === url.searchParams.get('queue_id')),
      }),
    'POST /api/add-queue-timings': saveTiming(201),
    'PUT /api/edit-timings': saveTiming(200),
    'GET /api/get-off-days': ({ url }) =>
      Response.json({
        data: offDays.filter((offDay) => offDay.queue_id === url.searchParams.get('queue_id')),
      }),
    'POST /api/add-off-day': (request) => {
      const payload = request.body as AddOffDayBody;
      const message = answerWithBookings(scheduleMessages.offDayAdded, payload.bookings, [
        {
          queue_id: payload.queueId,
          date: payload.date,
          period:
            payload.startTime && payload.endTime
              ? { start_time: payload.startTime, end_time: payload.endTime }
              : undefined,
        },
      ]);
      const saved: OffDay = {
        id: uuid(next++),
        queue_id: payload.queueId,
        date: payload.date,
        start_time: payload.startTime ?? null,
        end_time: payload.endTime ?? null,
      };
      offDays = [...offDays, saved];
      return Response.json({ data: saved, message }, { status: 201 });
    },
    'PUT /api/update-slot-size': (request) => {
      const payload = request.body as { queueId: string; slotSize: number; bookings?: BookingsChoice };
      const queue = queues.find((candidate) => candidate.id === payload.queueId);
      if (!queue) return Response.json({ message: 'Queue not found', code: 'NOT_FOUND' }, { status: 404 });
      const message = answerWithBookings(scheduleMessages.slotSizeUpdated, payload.bookings, [
        { queue_id: queue.id, slot_size: payload.slotSize },
      ]);
      const saved = { ...queue, slot_size: payload.slotSize };
      queues = replaceOrAppend(queues, saved);
      return Response.json({ data: saved, message });
    },
    'GET /api/get-bookings-in-period': ({ url }) => {
      const query = (name: string) => url.searchParams.get(name) ?? undefined;
      const number = (name: string) => (query(name) === undefined ? undefined : Number(query(name)));
      const start = query('start_time');
      const end = query('end_time');
      return Response.json({
        data: reached({
          queue_id: query('queue_id') ?? '',
          date: query('date'),
          weekday: number('weekday'),
          period: start && end ? { start_time: start, end_time: end } : undefined,
          slot_size: number('slot_size'),
        }),
      });
    },
    'GET /api/get-dates': answer({ data: dates }),
  };
}
