import rateLimit from '@fastify/rate-limit';
import { leadRequest, leadResponse, leadThanks } from '@vaidya/contract/leads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { insertLead } from './leads.repository';

export function leadsRoutes(deps: {
  db: Db;
  clock: Clock;
  onLeadStored: () => void;
  maxPerHour?: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, {
      max: deps.maxPerHour ?? 10,
      timeWindow: '1 hour',
      errorResponseBuilder: () =>
        new AppError('RATE_LIMITED', 'Too many requests from this network. Please try again later.'),
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
        const { phoneNumber, name, specialty, location } = request.body;
        const lead = await insertLead(deps.db, {
          phone_number: phoneNumber,
          name,
          specialty,
          location,
          created_at: deps.clock(),
          next_attempt_at: deps.clock(),
        });
        deps.onLeadStored();
        return reply.status(201).send({ data: { id: lead.id }, message: leadThanks });
      },
    );
  };
}
