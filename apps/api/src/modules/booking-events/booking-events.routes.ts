import {
  type BookingEventRecord,
  bookingEventName,
  bookingEventsQuery,
} from '@vaidya/contract/booking-events';
import { messages } from '@vaidya/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BookingEvent, BookingEvents } from '../../adapters/realtime/booking-events';
import { AppError } from '../../http/app-error';
import { eventStreams } from '../../http/event-stream';
import type { AccessService } from '../access/access.service';
import { bearerToken } from '../access/authenticate';

const toRecord = (event: BookingEvent): BookingEventRecord => ({
  queue_id: event.queueId,
  date: event.date,
  slot_id: event.slotId,
  kind: event.kind,
});

/**
 * `GET /api/booking-events`: the signed-in partner's booking changes as server-sent
 * events. EventSource cannot send an Authorization header, so this one route also takes
 * the id token as `?token=` (decision 020; the request log never prints query strings).
 * Each heartbeat checks the token again, so signing out or the token expiring ends the
 * stream within one interval; EventSource then reconnects with a fresh token.
 */
export function bookingEventsRoutes(deps: {
  events: BookingEvents;
  access: AccessService;
  heartbeatMs?: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const streams = eventStreams(app, { heartbeatMs: deps.heartbeatMs });

    app.get(
      '/booking-events',
      {
        schema: {
          tags: ['bookings'],
          summary:
            "The partner's booking changes as server-sent events (`event: booking`, data `{queue_id, date, slot_id, kind}`) with a comment heartbeat every 25 s",
          security: [{ bearerAuth: [] }],
          querystring: bookingEventsQuery,
          produces: ['text/event-stream'],
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? bearerToken(request);
        if (!token) throw new AppError('UNAUTHENTICATED', messages.sessionEnded);
        const caller = await deps.access.authenticate({ token, address: request.ip });

        let unsubscribe = () => {};
        const stream = streams.open(reply, {
          beat: () => deps.access.authenticate({ token, address: request.ip }),
          onEnd: () => unsubscribe(),
        });
        unsubscribe = deps.events.subscribe(caller.partnerId, (event) => {
          stream.send(bookingEventName, toRecord(event));
        });
      },
    );
  };
}
