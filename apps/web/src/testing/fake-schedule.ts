import type { Location } from '@vaidya/contract/partner';
import {
  type AddLocationBody,
  type AddOffDayBody,
  type AddQueueBody,
  type AddQueueTimingBody,
  type BookableDate,
  type OffDay,
  type Queue,
  type QueueTiming,
  scheduleMessages,
} from '@vaidya/contract/schedule';
import { uuid } from './fake-masters';
import { answer, type Handler, sushrutDental } from './fake-server';

export interface FakeScheduleState {
  locations?: Location[];
  queues?: Queue[];
  timings?: QueueTiming[];
  offDays?: OffDay[];
  dates?: BookableDate[];
}

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
  let next = 500;
  const replaceOrAppend = <R extends { id: string }>(records: R[], saved: R) =>
    records.some((record) => record.id === saved.id)
      ? records.map((record) => (record.id === saved.id ? saved : record))
      : [...records, saved];

  const saveTiming =
    (status: number): Handler =>
    (request) => {
      const payload = request.body as AddQueueTimingBody & { id?: string };
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
      timings = replaceOrAppend(timings, saved);
      const message = payload.id ? scheduleMessages.timingUpdated : scheduleMessages.timingAdded;
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
      const saved: OffDay = {
        id: uuid(next++),
        queue_id: payload.queueId,
        date: payload.date,
        start_time: payload.startTime ?? null,
        end_time: payload.endTime ?? null,
      };
      offDays = [...offDays, saved];
      return Response.json({ data: saved, message: scheduleMessages.offDayAdded }, { status: 201 });
    },
    'GET /api/get-dates': answer({ data: dates }),
  };
}
