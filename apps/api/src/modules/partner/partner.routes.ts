import { partnerDetailsResponse } from '@vaidya/contract/partner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { getPartnerDetails } from './partner.service';

export function partnerRoutes({ db }: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/get-partner-details',
      {
        schema: {
          tags: ['partner'],
          summary: 'The signed-in partner, its locations and the user',
          security: [{ bearerAuth: [] }],
          response: { 200: partnerDetailsResponse },
        },
      },
      async (request) => ({ data: await getPartnerDetails({ db, caller: request.caller }) }),
    );
  };
}
