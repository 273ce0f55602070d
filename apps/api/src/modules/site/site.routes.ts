import { siteEndpoints, sitePageParams } from '@vaidya/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../http/endpoint-route';
import type { SiteService } from './site.service';

/** The clinic's booking website: its public face, and the open dates and free slots of its queues. */
export function siteRoutes(site: SiteService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, siteEndpoints, {
      site: async (request) => ({ data: await site.siteOf(request.query) }),
      openDates: async (request) => ({ data: await site.openDates({ queueId: request.query.queue_id }) }),
      freeSlots: async (request) => ({
        data: await site.freeSlots({
          queueId: request.query.queue_id,
          date: request.query.date,
          caller: request.caller,
        }),
      }),
    });
  };
}

/**
 * The booking website's page, `/site/<name>`: opened by a name the clinic has given up, it leads
 * with a permanent redirect (308) to the clinic's current name, so a printed QR code keeps working
 * (decision 030); any other name is the web app's page, which asks `/api/public/site` itself.
 * The redirect is not cached: the clinic may take the old name back.
 */
export function sitePageRoutes(site: SiteService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/site/:domain', { schema: { hide: true, params: sitePageParams } }, async (request, reply) => {
      const currentName = await site.currentNameOf(request.params.domain);
      if (currentName === undefined) return reply.callNotFound();
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply
        .header('Cache-Control', 'no-cache')
        .redirect(`/site/${encodeURIComponent(currentName)}${query}`, 308);
    });
  };
}
