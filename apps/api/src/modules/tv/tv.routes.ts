import rateLimit from '@fastify/rate-limit';
import { messages } from '@vaidya/contract/messages';
import {
  callNextTokenBody,
  callNextTokenResponse,
  pairedTvResponse,
  pairedTvsResponse,
  pairTvBody,
  tvDisplayEventName,
  tvDisplayResponse,
  tvMessages,
  tvRegistrationResponse,
  tvStreamQuery,
  unpairTvQuery,
  unpairTvResponse,
} from '@vaidya/contract/tv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { eventStreams } from '../../http/event-stream';
import { requireWalletBalance } from '../access/authenticate';
import type { TvService } from './tv.service';

/** A TV registers once and keeps its token; a few reloads of a fresh browser fit, a flood does not. */
const registrationsPerAddressPerMinute = 10;
/** Far more than typing a code wrong a few times; far too few to guess one of 887 million. */
const pairingAttemptsPerMinute = 10;

/** Counters that refuse with this message past `max` a minute, several on one route (see publicBookingsRoutes). */
async function minuteLimiter(app: FastifyInstance) {
  await app.register(rateLimit, { global: false });
  return (options: { max: number; key: (request: FastifyRequest) => string; message: string }) => {
    const check = app.createRateLimit({
      max: options.max,
      timeWindow: '1 minute',
      keyGenerator: options.key,
    });
    return async (request: FastifyRequest) => {
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', options.message);
    };
  };
}

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
};

/** The TV's own calls: no sign-in, its token instead (decision 020 for `?token=` on the stream). */
export function publicTvRoutes(tv: TvService, options: { heartbeatMs?: number } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const limiter = await minuteLimiter(app);
    const streams = eventStreams(app, options);
    const tags = ['tv'];

    app.post(
      '/tv/register',
      {
        preHandler: limiter({
          max: registrationsPerAddressPerMinute,
          key: (request) => `tv-register:${request.ip}`,
          message: messages.tooManyRequests,
        }),
        schema: {
          tags,
          summary: 'A new waiting-room TV: its secret token (kept by the TV) and its first pairing code',
          response: { 201: tvRegistrationResponse },
        },
      },
      async (_request, reply) => reply.status(201).send({ data: await tv.register() }),
    );

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
    const limiter = await minuteLimiter(app);
    const security = [{ bearerAuth: [] }];
    const tags = ['tv'];
    const perUser = limiter({
      max: pairingAttemptsPerMinute,
      key: (request) => `tv-pair-user:${request.caller.userId}`,
      message: tvMessages.tooManyAttempts,
    });
    const perAddress = limiter({
      max: pairingAttemptsPerMinute,
      key: (request) => `tv-pair-address:${request.ip}`,
      message: tvMessages.tooManyAttempts,
    });

    app.post(
      '/tv/pair',
      {
        preHandler: [requireWalletBalance, perUser, perAddress],
        schema: {
          tags,
          summary: 'Pairs the TV showing this code with a queue of the clinic; a code pairs once',
          security,
          body: pairTvBody,
          response: { 200: pairedTvResponse },
        },
      },
      async (request) => ({
        data: await tv.pair({ caller: request.caller, ...request.body }),
        message: tvMessages.paired,
      }),
    );

    app.get(
      '/tv/list',
      {
        schema: { tags, summary: "The clinic's paired TVs", security, response: { 200: pairedTvsResponse } },
      },
      async (request) => ({ data: await tv.list({ caller: request.caller }) }),
    );

    app.delete(
      '/tv/unpair',
      {
        preHandler: requireWalletBalance,
        schema: {
          tags,
          summary: 'Unpairs a TV of the clinic; it shows a new pairing code',
          security,
          querystring: unpairTvQuery,
          response: { 200: unpairTvResponse },
        },
      },
      async (request) => {
        await tv.unpair({ caller: request.caller, id: request.query.id });
        return { data: { id: request.query.id }, message: tvMessages.unpaired };
      },
    );

    // A queue action is never refused for money: what the wallet cannot cover is owed (decision 027).
    app.put(
      '/call-next-token',
      {
        schema: {
          tags: ['bookings'],
          summary:
            "Completes the token now being served in a queue's day, so the next one who has shown up is called; an online booking not charged yet is charged",
          security,
          body: callNextTokenBody,
          response: { 200: callNextTokenResponse },
        },
      },
      async (request) => ({
        data: await tv.callNext({ caller: request.caller, ...request.body }),
        message: tvMessages.calledNext,
      }),
    );
  };
}
