import rateLimit from '@fastify/rate-limit';
import { messages } from '@vaidya/contract/messages';
import {
  availableSlotsQuery,
  availableSlotsResponse,
  scheduleEndpoints,
  scheduleMessages,
} from '@vaidya/contract/schedule';
import { scheduleChangeMessages } from '@vaidya/contract/schedule-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { route } from '../../http/endpoint-route';
import { type IdentifyCaller, requireWalletBalance } from '../access/authenticate';
import type { ScheduleChange, ScheduleService } from './schedule.service';

/** What a change answers: its own sentence, and how many bookings it cancelled when it did. */
const answerOf = (done: string, change: ScheduleChange<unknown>) =>
  scheduleChangeMessages.withBookingsCancelled(done, change.cancelledBookings);

/** Locations, queues, weekly sessions, off-days and open dates of the signed-in partner (spec §7). */
export function scheduleRoutes(schedule: ScheduleService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, scheduleEndpoints.queues, async (request) => ({
      data: await schedule.queuesOfLocation({
        caller: request.caller,
        locationId: request.query.location_id,
      }),
    }));
    route(app, scheduleEndpoints.queueTimings, async (request) => ({
      data: await schedule.timingsOfQueue({ caller: request.caller, queueId: request.query.queue_id }),
    }));
    route(app, scheduleEndpoints.offDays, async (request) => ({
      data: await schedule.upcomingOffDays({ caller: request.caller, queueId: request.query.queue_id }),
    }));
    route(app, scheduleEndpoints.offDayTimings, async (request) => ({
      data: await schedule.offDaysOn({
        caller: request.caller,
        queueId: request.query.queue_id,
        date: request.query.date,
      }),
    }));
    route(app, scheduleEndpoints.bookableDates, async (request) => ({
      data: await schedule.bookableDates({ caller: request.caller, queueId: request.query.queue_id }),
    }));

    // Schedule and settings changes are behind the wallet guard (spec §4).
    await app.register(async (changes) => {
      changes.addHook('preHandler', requireWalletBalance);

      route(changes, scheduleEndpoints.addLocation, async (request) => ({
        data: await schedule.addLocation({ caller: request.caller, payload: request.body }),
        message: scheduleMessages.locationAdded,
      }));
      route(changes, scheduleEndpoints.updateLocation, async (request) => ({
        data: await schedule.updateLocation({ caller: request.caller, payload: request.body }),
        message: scheduleMessages.locationUpdated,
      }));
      route(changes, scheduleEndpoints.addQueue, async (request) => ({
        data: await schedule.addQueue({ caller: request.caller, payload: request.body }),
        message: scheduleMessages.queueAdded,
      }));
      route(changes, scheduleEndpoints.updateQueue, async (request) => ({
        data: await schedule.updateQueue({ caller: request.caller, payload: request.body }),
        message: scheduleMessages.queueUpdated,
      }));
      route(changes, scheduleEndpoints.updateSlotSize, async (request) => {
        const change = await schedule.updateSlotSize({ caller: request.caller, payload: request.body });
        return { data: change.saved, message: answerOf(scheduleMessages.slotSizeUpdated, change) };
      });
      route(changes, scheduleEndpoints.addTiming, async (request) => ({
        data: await schedule.addTiming({ caller: request.caller, payload: request.body }),
        message: scheduleMessages.timingAdded,
      }));
      route(changes, scheduleEndpoints.editTiming, async (request) => {
        const change = await schedule.editTiming({ caller: request.caller, payload: request.body });
        return { data: change.saved, message: answerOf(scheduleMessages.timingUpdated, change) };
      });
      route(changes, scheduleEndpoints.deleteTiming, async (request) => ({
        data: await schedule.deleteTiming({
          caller: request.caller,
          timingId: request.query.queue_timing_id,
        }),
        message: scheduleMessages.timingDeleted,
      }));
      route(changes, scheduleEndpoints.addOffDay, async (request) => {
        const change = await schedule.addOffDay({ caller: request.caller, payload: request.body });
        return { data: change.saved, message: answerOf(scheduleMessages.offDayAdded, change) };
      });
      route(changes, scheduleEndpoints.deleteOffDay, async (request) => ({
        data: await schedule.deleteOffDay({ caller: request.caller, offDayId: request.query.off_day_id }),
        message: scheduleMessages.offDayDeleted,
      }));
    });
  };
}

/** A patient browsing the booking site asks for a date's slots a few times a minute; a scraper stops here. */
const slotLookupsPerMinute = 60;

/**
 * The public booking site's view of a queue (spec §6: the available-slots call is public).
 * The front desk asks it too, with its token, to see its own queues past the booking window.
 */
export function publicScheduleRoutes(
  schedule: ScheduleService,
  identify: IdentifyCaller,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, {
      max: slotLookupsPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.tooManyRequests),
    });
    app.get(
      '/get-available-slots',
      {
        schema: {
          tags: ['public'],
          summary:
            "The free slots of a queue on a date within the clinic's booking window; its own signed-in staff see any date",
          // Anyone; a bearer token of the queue's clinic lifts the booking window.
          security: [{}, { bearerAuth: [] }],
          querystring: availableSlotsQuery,
          response: { 200: availableSlotsResponse },
        },
      },
      async (request) => ({
        data: await schedule.availableSlots({
          queueId: request.query.queue_id,
          date: request.query.date,
          caller: await identify(request),
        }),
      }),
    );
  };
}
