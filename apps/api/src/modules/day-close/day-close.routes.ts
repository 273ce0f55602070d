import { dayCloseEndpoints } from '@vaidya/contract/day-close';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve, withPayload } from '../../http/endpoint-route';
import type { DayCloseService } from './day-close.service';

/** Closing a location's day (issue 24): its summary, closing it with the cash counted, and reopening it. */
export function dayCloseRoutes(dayClose: DayCloseService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, dayCloseEndpoints, {
      summary: async (request) => ({
        data: await dayClose.summary({ caller: request.caller, query: request.query }),
      }),
      close: withPayload(dayClose.closeDay),
      reopen: withPayload(dayClose.reopenDay),
    });
  };
}
