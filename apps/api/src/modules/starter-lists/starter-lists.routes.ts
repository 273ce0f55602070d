import { addStarterListsResponse, starterListMessages } from '@vaidya/contract/starter-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StarterListsService } from './starter-lists.service';

export function starterListsRoutes(starterLists: StarterListsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/masters/add-starter-lists',
      {
        schema: {
          tags: ['masters'],
          summary: "Copies the speciality's starter lists into the clinic's masters, skipping names it has",
          security: [{ bearerAuth: [] }],
          response: { 200: addStarterListsResponse },
        },
      },
      async (request) => {
        const data = await starterLists.addStarterLists({ caller: request.caller });
        return { data, message: starterListMessages.added(data) };
      },
    );
  };
}
