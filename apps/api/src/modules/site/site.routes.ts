import rateLimit from '@fastify/rate-limit';
import { messages } from '@vaidya/contract/messages';
import { bookableDatesQuery, bookableDatesResponse } from '@vaidya/contract/schedule';
import { sitePageParams, siteQuery, siteResponse } from '@vaidya/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import type { SiteService } from './site.service';

/** A patient opening the site and flicking between queues asks a few times a minute; a scraper stops here. */
const siteLookupsPerMinute = 60;
const tags = ['public'];

/** The clinic's booking website: its public face and the open dates of its queues. */
export function siteRoutes(site: SiteService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(rateLimit, {
      max: siteLookupsPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.tooManyRequests),
    });

    app.get(
      '/site',
      {
        schema: {
          tags,
          summary:
            'A clinic’s name, speciality, images, locations and queues, and whether it takes online bookings now, by its domain or custom host',
          querystring: siteQuery,
          response: { 200: siteResponse },
        },
      },
      async (request) => ({ data: await site.siteOf(request.query) }),
    );

    app.get(
      '/get-dates',
      {
        schema: {
          tags,
          summary: 'The next open dates of a queue from today, with how many slots are free',
          querystring: bookableDatesQuery,
          response: { 200: bookableDatesResponse },
        },
      },
      async (request) => ({ data: await site.openDates({ queueId: request.query.queue_id }) }),
    );
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
