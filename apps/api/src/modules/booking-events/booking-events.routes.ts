import {
  type BookingEventRecord,
  bookingEventName,
  bookingEventsQuery,
} from '@vaidya/contract/booking-events';
import { messages } from '@vaidya/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BookingEvent, BookingEvents } from '../../adapters/realtime/booking-events';
import { AppError } from '../../http/app-error';
import type { AccessService } from '../access/access.service';

/** Below the 30–60 s after which proxies and load balancers drop a silent connection. */
export const heartbeatIntervalMs = 25_000;

/** How long EventSource waits before reconnecting after the stream ends. */
const reconnectAfterMs = 3000;

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
  const heartbeatMs = deps.heartbeatMs ?? heartbeatIntervalMs;
  return async (app) => {
    /** Ends every open stream, so a shutdown never waits for browsers to hang up. */
    const openStreams = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of openStreams) end();
    });

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
        const header = request.headers.authorization;
        const token =
          request.query.token ?? (header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '');
        if (!token) throw new AppError('UNAUTHENTICATED', messages.sessionEnded);
        const caller = await deps.access.authenticate({ token });

        reply.hijack();
        const stream = reply.raw;
        // Hijacked, the reply sends nothing itself: the headers its hooks set (helmet's) go out here.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) stream.setHeader(name, value);
        }
        stream.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // Tells a buffering reverse proxy (nginx) to pass each event on at once.
          'x-accel-buffering': 'no',
        });
        stream.write(`retry: ${reconnectAfterMs}\n\n`);

        const unsubscribe = deps.events.subscribe(caller.partnerId, (event) => {
          stream.write(`event: ${bookingEventName}\ndata: ${JSON.stringify(toRecord(event))}\n\n`);
        });
        const heartbeat = setInterval(() => {
          deps.access.authenticate({ token }).then(
            () => stream.write(': heartbeat\n\n'),
            () => end(),
          );
        }, heartbeatMs);
        function end() {
          clearInterval(heartbeat);
          unsubscribe();
          openStreams.delete(end);
          stream.end();
        }
        openStreams.add(end);
        stream.on('close', end);
      },
    );
  };
}
