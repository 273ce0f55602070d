import rateLimit from '@fastify/rate-limit';
import { leadRequest, leadResponse, leadThanks } from '@vaidya/contract/leads';
import { messages } from '@vaidya/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import type { LeadsService } from './leads.service';

/** Enough for a clinic that mistyped its number a few times; a flood from one network stops here. */
const leadsPerHour = 10;

export function leadsRoutes(leads: LeadsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, {
      max: leadsPerHour,
      timeWindow: '1 hour',
      errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.tooManyRequests),
    });
    app.post(
      '/leads',
      {
        schema: {
          tags: ['public'],
          summary: 'A clinic asks to be called back (landing page contact popup)',
          body: leadRequest,
          response: { 201: leadResponse },
        },
      },
      async (request, reply) => {
        const { id } = await leads.storeLead({ lead: request.body });
        return reply.status(201).send({ data: { id }, message: leadThanks });
      },
    );
  };
}
