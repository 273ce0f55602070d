import rateLimit from '@fastify/rate-limit';
import { messages } from '@vaidya/contract/messages';
import {
  addLocationBody,
  addOffDayBody,
  addQueueBody,
  addQueueTimingBody,
  availableSlotsQuery,
  availableSlotsResponse,
  bookableDatesQuery,
  bookableDatesResponse,
  deleteOffDayQuery,
  deleteQueueTimingQuery,
  editQueueTimingBody,
  locationResponse,
  offDayResponse,
  offDaysQuery,
  offDaysResponse,
  offDayTimingsQuery,
  queueResponse,
  queuesQuery,
  queuesResponse,
  queueTimingResponse,
  queueTimingsQuery,
  queueTimingsResponse,
  scheduleMessages,
  updateLocationBody,
  updateQueueBody,
  updateSlotSizeBody,
} from '@vaidya/contract/schedule';
import { scheduleChangeMessages } from '@vaidya/contract/schedule-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { type IdentifyCaller, requireWalletBalance } from '../access/authenticate';
import type { ScheduleChange, ScheduleService } from './schedule.service';

const security = [{ bearerAuth: [] }];
const tags = ['schedule'];
/** Schedule and settings changes are behind the wallet guard (spec §4). */
const guarded = { preHandler: requireWalletBalance };

/** What a change answers: its own sentence, and how many bookings it cancelled when it did. */
const answerOf = (done: string, change: ScheduleChange<unknown>) =>
  scheduleChangeMessages.withBookingsCancelled(done, change.cancelledBookings);

/** Locations, queues, weekly sessions, off-days and open dates of the signed-in partner (spec §7). */
export function scheduleRoutes(schedule: ScheduleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/add-location',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Adds a location',
          security,
          body: addLocationBody,
          response: { 201: locationResponse },
        },
      },
      async (request, reply) => {
        const data = await schedule.addLocation({ caller: request.caller, payload: request.body });
        return reply.status(201).send({ data, message: scheduleMessages.locationAdded });
      },
    );

    app.put(
      '/update-location',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Edits a location’s name, address and contact number',
          security,
          body: updateLocationBody,
          response: { 200: locationResponse },
        },
      },
      async (request) => ({
        data: await schedule.updateLocation({ caller: request.caller, payload: request.body }),
        message: scheduleMessages.locationUpdated,
      }),
    );

    app.get(
      '/get-queues',
      {
        schema: {
          tags,
          summary: 'The queues of a location, in the order they were added',
          security,
          querystring: queuesQuery,
          response: { 200: queuesResponse },
        },
      },
      async (request) => ({
        data: await schedule.queuesOfLocation({
          caller: request.caller,
          locationId: request.query.location_id,
        }),
      }),
    );

    app.post(
      '/add-queue',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Adds a queue to a location',
          security,
          body: addQueueBody,
          response: { 201: queueResponse },
        },
      },
      async (request, reply) => {
        const data = await schedule.addQueue({ caller: request.caller, payload: request.body });
        return reply.status(201).send({ data, message: scheduleMessages.queueAdded });
      },
    );

    app.put(
      '/update-queue',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Renames a queue',
          security,
          body: updateQueueBody,
          response: { 200: queueResponse },
        },
      },
      async (request) => ({
        data: await schedule.updateQueue({ caller: request.caller, payload: request.body }),
        message: scheduleMessages.queueUpdated,
      }),
    );

    app.put(
      '/update-slot-size',
      {
        ...guarded,
        schema: {
          tags,
          summary:
            'Changes a queue’s slot size; bookings already made keep their times, or with bookings: cancel those on a slot the new size does not have are cancelled and their patients messaged',
          security,
          body: updateSlotSizeBody,
          response: { 200: queueResponse },
        },
      },
      async (request) => {
        const change = await schedule.updateSlotSize({ caller: request.caller, payload: request.body });
        return { data: change.saved, message: answerOf(scheduleMessages.slotSizeUpdated, change) };
      },
    );

    app.get(
      '/get-queue-timings',
      {
        schema: {
          tags,
          summary: 'A queue’s weekly sessions, by weekday and start',
          security,
          querystring: queueTimingsQuery,
          response: { 200: queueTimingsResponse },
        },
      },
      async (request) => ({
        data: await schedule.timingsOfQueue({ caller: request.caller, queueId: request.query.queue_id }),
      }),
    );

    app.post(
      '/add-queue-timings',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Adds a weekly session to a queue; one that overlaps another is refused',
          security,
          body: addQueueTimingBody,
          response: { 201: queueTimingResponse },
        },
      },
      async (request, reply) => {
        const data = await schedule.addTiming({ caller: request.caller, payload: request.body });
        return reply.status(201).send({ data, message: scheduleMessages.timingAdded });
      },
    );

    app.put(
      '/edit-timings',
      {
        ...guarded,
        schema: {
          tags,
          summary:
            'Changes a weekly session; one that overlaps another is refused. With bookings: cancel the open bookings in the time it no longer opens are cancelled and their patients messaged',
          security,
          body: editQueueTimingBody,
          response: { 200: queueTimingResponse },
        },
      },
      async (request) => {
        const change = await schedule.editTiming({ caller: request.caller, payload: request.body });
        return { data: change.saved, message: answerOf(scheduleMessages.timingUpdated, change) };
      },
    );

    app.delete(
      '/delete-queue-timing',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Deletes a weekly session',
          security,
          querystring: deleteQueueTimingQuery,
          response: { 200: queueTimingResponse },
        },
      },
      async (request) => ({
        data: await schedule.deleteTiming({
          caller: request.caller,
          timingId: request.query.queue_timing_id,
        }),
        message: scheduleMessages.timingDeleted,
      }),
    );

    app.get(
      '/get-off-days',
      {
        schema: {
          tags,
          summary: 'A queue’s off-days from today on',
          security,
          querystring: offDaysQuery,
          response: { 200: offDaysResponse },
        },
      },
      async (request) => ({
        data: await schedule.upcomingOffDays({ caller: request.caller, queueId: request.query.queue_id }),
      }),
    );

    app.post(
      '/add-off-day',
      {
        ...guarded,
        schema: {
          tags,
          summary:
            'Closes a queue for a whole date (no times) or part of it. With bookings: cancel the open bookings then are cancelled and their patients messaged',
          security,
          body: addOffDayBody,
          response: { 201: offDayResponse },
        },
      },
      async (request, reply) => {
        const change = await schedule.addOffDay({ caller: request.caller, payload: request.body });
        return reply
          .status(201)
          .send({ data: change.saved, message: answerOf(scheduleMessages.offDayAdded, change) });
      },
    );

    app.delete(
      '/delete-off-day',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Deletes an off-day',
          security,
          querystring: deleteOffDayQuery,
          response: { 200: offDayResponse },
        },
      },
      async (request) => ({
        data: await schedule.deleteOffDay({ caller: request.caller, offDayId: request.query.off_day_id }),
        message: scheduleMessages.offDayDeleted,
      }),
    );

    app.get(
      '/get-off-day-timings',
      {
        schema: {
          tags,
          summary: 'The off periods of a queue on one date; a whole-day one has no times',
          security,
          querystring: offDayTimingsQuery,
          response: { 200: offDaysResponse },
        },
      },
      async (request) => ({
        data: await schedule.offDaysOn({
          caller: request.caller,
          queueId: request.query.queue_id,
          date: request.query.date,
        }),
      }),
    );

    app.get(
      '/get-dates',
      {
        schema: {
          tags,
          summary: 'The next open dates of a queue from today, with how many slots are free',
          security,
          querystring: bookableDatesQuery,
          response: { 200: bookableDatesResponse },
        },
      },
      async (request) => ({
        data: await schedule.bookableDates({ caller: request.caller, queueId: request.query.queue_id }),
      }),
    );
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
