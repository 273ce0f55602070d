import { leadEndpoints, leadThanks } from '@vaidya/contract/leads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import type { LeadsService } from './leads.service';

export function leadsRoutes(leads: LeadsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, leadEndpoints.create, async (request) => {
      const { id } = await leads.storeLead({ lead: request.body });
      return { data: { id }, message: leadThanks };
    });
  };
}
