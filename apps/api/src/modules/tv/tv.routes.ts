import { tvDisplayEventName, tvEndpoints, tvMessages, tvStreamQuery } from '@vaidya/contract/tv';
import { tvPaths } from '@vaidya/contract/tv-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { serve } from '../../http/endpoint-route';
import { eventStreams } from '../../http/event-stream';
import { bearerToken } from '../access/authenticate';
import type { TvService } from './tv.service';

/** Far more than typing a code wrong a few times; far too few to guess one of 887 million. */
const pairingAttemptsPerMinute = 10;

/**
 * A counter of the one limiter (app.ts) keyed by `key`, refusing with `message` past `max` a
 * minute: pairing counts per person and per address, which an endpoint's `rateLimit` (per
 * address, one per route) cannot say.
 */
function minuteLimit(
  app: FastifyInstance,
  options: { max: number; key: (request: FastifyRequest) => string; message: string },
) {
  const check = app.createRateLimit({ max: options.max, timeWindow: '1 minute', keyGenerator: options.key });
  return async (request: FastifyRequest) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', options.message);
  };
}

/**
 * The TV's own calls (no sign-in: its token, decision 020 for `?token=` on the stream) and
 * the clinic's: pairing and unpairing are settings (behind the wallet guard; pairing also
 * behind a guesser's two counters), calling the next token a queue action, never refused
 * for money (decision 027).
 */
export function tvRoutes(tv: TvService, options: { heartbeatMs?: number } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const pairingsPerUser = minuteLimit(app, {
      max: pairingAttemptsPerMinute,
      key: (request) => `tv-pair-user:${request.caller.userId}`,
      message: tvMessages.tooManyAttempts,
    });
    const pairingsPerAddress = minuteLimit(app, {
      max: pairingAttemptsPerMinute,
      key: (request) => `tv-pair-address:${request.ip}`,
      message: tvMessages.tooManyAttempts,
    });

    serve(app, tvEndpoints, {
      register: async () => ({ data: await tv.register() }),
      display: async (request) => {
        const token = bearerToken(request);
        if (!token) throw new AppError('UNAUTHENTICATED', tvMessages.notPaired);
        return { data: await tv.display({ token }) };
      },
      list: async (request) => ({ data: await tv.list({ caller: request.caller }) }),
      pair: async (request) => {
        await pairingsPerUser(request);
        await pairingsPerAddress(request);
        return {
          data: await tv.pair({ caller: request.caller, ...request.body }),
          message: tvMessages.paired,
        };
      },
      unpair: async (request) => {
        await tv.unpair({ caller: request.caller, id: request.query.id });
        return { data: { id: request.query.id }, message: tvMessages.unpaired };
      },
      callNext: async (request) => ({
        data: await tv.callNext({ caller: request.caller, ...request.body }),
        message: tvMessages.calledNext,
      }),
    });

    const streams = eventStreams(app, options);
    app.get(
      tvPaths.stream,
      {
        schema: {
          tags: ['tv'],
          summary:
            "The TV's display as server-sent events (`event: display`, data as /tv/display) at once and after each change, with a comment heartbeat every 25 s",
          querystring: tvStreamQuery,
          produces: ['text/event-stream'],
        },
      },
      async (request, reply) => {
        const watcher = await tv.watch({ token: request.query.token });
        const stream = streams.open(reply, { beat: watcher.beat, onEnd: watcher.stop });
        watcher.start((display) => stream.send(tvDisplayEventName, display));
      },
    );
  };
}
