import { starterListEndpoints, starterListMessages } from '@vaidya/contract/starter-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import type { StarterListsService } from './starter-lists.service';

export function starterListsRoutes(starterLists: StarterListsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, starterListEndpoints.add, async (request) => {
      const data = await starterLists.addStarterLists({ caller: request.caller });
      return { data, message: starterListMessages.added(data) };
    });
  };
}
