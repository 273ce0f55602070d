import { partnerDetailsResponse } from '@vaidya/contract/partner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PartnerService } from './partner.service';

export function partnerRoutes(partner: PartnerService): FastifyPluginAsyncZod {
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
      async (request) => ({ data: await partner.getPartnerDetails({ caller: request.caller }) }),
    );
  };
}
