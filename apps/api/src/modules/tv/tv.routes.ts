import {
  tvDisplayEventName,
  tvDisplayResponse,
  tvEndpoints,
  tvMessages,
  tvStreamQuery,
} from '@vaidya/contract/tv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { route } from '../../http/endpoint-route';
import { eventStreams } from '../../http/event-stream';
import { requireWalletBalance } from '../access/authenticate';
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

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
};

/**
 * The TV's own calls: no sign-in, its token instead (decision 020 for `?token=` on the stream).
 * Registering is a contract endpoint; the display (the TV's token as bearer) and the stream
 * (server-sent events) are registered here as they are, as `tvEndpoints` says.
 */
export function publicTvRoutes(tv: TvService, options: { heartbeatMs?: number } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const streams = eventStreams(app, options);
    const tags = ['tv'];

    route(app, tvEndpoints.register, async () => ({ data: await tv.register() }));

    app.get(
      '/tv/display',
      {
        schema: {
          tags,
          summary: "What the TV shows now: its pairing code while waiting, its queue's tokens once paired",
          security: [{ bearerAuth: [] }],
          response: { 200: tvDisplayResponse },
        },
      },
      async (request) => {
        const token = bearerToken(request);
        if (!token) throw new AppError('UNAUTHENTICATED', tvMessages.notPaired);
        return { data: await tv.display({ token }) };
      },
    );

    app.get(
      '/tv/stream',
      {
        schema: {
          tags,
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

/** The clinic's side: pairing and unpairing are settings, calling the next token a bookings change. */
export function tvRoutes(tv: TvService): FastifyPluginAsyncZod {
  return async (app) => {
    const perUser = minuteLimit(app, {
      max: pairingAttemptsPerMinute,
      key: (request) => `tv-pair-user:${request.caller.userId}`,
      message: tvMessages.tooManyAttempts,
    });
    const perAddress = minuteLimit(app, {
      max: pairingAttemptsPerMinute,
      key: (request) => `tv-pair-address:${request.ip}`,
      message: tvMessages.tooManyAttempts,
    });

    route(app, tvEndpoints.list, async (request) => ({ data: await tv.list({ caller: request.caller }) }));
    // Settings changes sit behind the wallet guard; pairing also behind a guesser's two counters.
    await app.register(async (guarded) => {
      guarded.addHook('preHandler', requireWalletBalance);
      route(guarded, tvEndpoints.unpair, async (request) => {
        await tv.unpair({ caller: request.caller, id: request.query.id });
        return { data: { id: request.query.id }, message: tvMessages.unpaired };
      });
      await guarded.register(async (pairing) => {
        pairing.addHook('preHandler', perUser);
        pairing.addHook('preHandler', perAddress);
        route(pairing, tvEndpoints.pair, async (request) => ({
          data: await tv.pair({ caller: request.caller, ...request.body }),
          message: tvMessages.paired,
        }));
      });
    });
    // A queue action is never refused for money: what the wallet cannot cover is owed (decision 027).
    route(app, tvEndpoints.callNext, async (request) => ({
      data: await tv.callNext({ caller: request.caller, ...request.body }),
      message: tvMessages.calledNext,
    }));
  };
}
