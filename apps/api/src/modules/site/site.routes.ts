import { siteEndpoints, sitePageParams } from '@vaidya/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';
import type { SiteService } from './site.service';

/** The clinic's booking website: its public face and the open dates of its queues. */
export function siteRoutes(site: SiteService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, siteEndpoints.site, async (request) => ({ data: await site.siteOf(request.query) }));
    route(app, siteEndpoints.openDates, async (request) => ({
      data: await site.openDates({ queueId: request.query.queue_id }),
    }));
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
