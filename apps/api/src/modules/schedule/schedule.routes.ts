import { scheduleEndpoints, scheduleMessages } from '@vaidya/contract/schedule';
import { scheduleChangeMessages } from '@vaidya/contract/schedule-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { Caller } from '../access/authenticate';
import type { ScheduleChange, ScheduleService } from './schedule.service';

/**
 * A change that may cancel bookings answers what it saved with its own sentence, and how
 * many bookings it cancelled when it did.
 */
function withCancelledCount<Payload, Saved>(
  change: (input: { caller: Caller; payload: Payload }) => Promise<ScheduleChange<Saved>>,
  done: string,
) {
  return async (request: { caller: Caller; body: Payload }) => {
    const made = await change({ caller: request.caller, payload: request.body });
    return {
      data: made.saved,
      message: scheduleChangeMessages.withBookingsCancelled(done, made.cancelledBookings),
    };
  };
}

/**
 * Locations, queues, weekly sessions, off-days and open dates of the signed-in partner
 * (spec §7), every change behind the wallet guard (spec §4).
 */
export function scheduleRoutes(schedule: ScheduleService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, scheduleEndpoints, {
      queues: async (request) => ({
        data: await schedule.queuesOfLocation({
          caller: request.caller,
          locationId: request.query.location_id,
        }),
      }),
      queueTimings: async (request) => ({
        data: await schedule.timingsOfQueue({ caller: request.caller, queueId: request.query.queue_id }),
      }),
      offDays: async (request) => ({
        data: await schedule.upcomingOffDays({ caller: request.caller, queueId: request.query.queue_id }),
      }),
      offDayTimings: async (request) => ({
        data: await schedule.offDaysOn({
          caller: request.caller,
          queueId: request.query.queue_id,
          date: request.query.date,
        }),
      }),
      bookableDates: async (request) => ({
        data: await schedule.bookableDates({ caller: request.caller, queueId: request.query.queue_id }),
      }),
      addLocation: withPayload(schedule.addLocation, scheduleMessages.locationAdded),
      updateLocation: withPayload(schedule.updateLocation, scheduleMessages.locationUpdated),
      addQueue: withPayload(schedule.addQueue, scheduleMessages.queueAdded),
      updateQueue: withPayload(schedule.updateQueue, scheduleMessages.queueUpdated),
      addTiming: withPayload(schedule.addTiming, scheduleMessages.timingAdded),
      updateSlotSize: withCancelledCount(schedule.updateSlotSize, scheduleMessages.slotSizeUpdated),
      editTiming: withCancelledCount(schedule.editTiming, scheduleMessages.timingUpdated),
      addOffDay: withCancelledCount(schedule.addOffDay, scheduleMessages.offDayAdded),
      deleteTiming: async (request) => ({
        data: await schedule.deleteTiming({
          caller: request.caller,
          timingId: request.query.queue_timing_id,
        }),
        message: scheduleMessages.timingDeleted,
      }),
      deleteOffDay: async (request) => ({
        data: await schedule.deleteOffDay({ caller: request.caller, offDayId: request.query.off_day_id }),
        message: scheduleMessages.offDayDeleted,
      }),
    });
  };
}
