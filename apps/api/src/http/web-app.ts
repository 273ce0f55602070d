import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { routingMessages } from '@vaidya/contract/errors';
import type { FastifyInstance } from 'fastify';

const immutable = 'public, max-age=31536000, immutable';

/**
 * Paths search engines are kept out of: the pages patients open from a link (their
 * prescriptions and bills, and the clinic's previews of them), the dashboard, and the API.
 */
const unindexedPaths = [
  '/prescription/',
  '/prescription-preview/',
  '/bill/',
  '/bill-preview/',
  '/dashboard/',
  '/api/',
];

const robotsTxt = ['User-agent: *', ...unindexedPaths.map((path) => `Disallow: ${path}`), ''].join('\n');

/** Whether `path` is one of `unindexedPaths` or under one (`/dashboard` as well as `/dashboard/bookings`). */
function isUnindexed(path: string): boolean {
  return unindexedPaths.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

/**
 * Serves the built SPA: hashed assets cached for a year and sent pre-compressed
 * (brotli or gzip files written by the web build), index.html never cached and
 * answered for every GET outside /api so the client router owns those paths.
 * A clinic's own domain opened at `/` goes to its booking website, `/site`,
 * which finds the clinic by that host. The site service decides which hosts those are:
 * never the app's own host (PUBLIC_URL's), localhost or an IP address (decision 028).
 * Search engines are asked to leave patients' documents, the dashboard and the API alone twice:
 * by /robots.txt (answered with or without the web build) and, for a crawler that reaches
 * such a page by a link anyway, by `X-Robots-Tag: noindex` on its answer. Anything else is
 * a JSON 404, or a 405 with `Allow` for a known path asked with another method.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDir: string | undefined;
    isClinicHost: (host: string) => Promise<boolean>;
    /** The methods a path answers (routing-errors.ts): a known path asked with another one answers 405. */
    methodsOf: (path: string) => string[];
  },
): Promise<void> {
  const { webDir } = options;
  const hasWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'));

  app.addHook('onRequest', async (request, reply) => {
    if (isUnindexed(request.url.split('?')[0] ?? '/')) reply.header('X-Robots-Tag', 'noindex');
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(robotsTxt),
  );
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', path.includes('/assets/') ? immutable : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && isPage && !path.startsWith('/api/') && path !== '/api') {
      if (path === '/' && (await options.isClinicHost(request.host))) {
        return reply.header('Cache-Control', 'no-cache').redirect('/site', 302);
      }
      return reply.sendFile('index.html');
    }
    const allowed = options.methodsOf(path);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send({
          message: routingMessages.methodNotAllowed(request.method, path, allowed),
          code: 'METHOD_NOT_ALLOWED',
        });
    }
    return reply
      .status(404)
      .send({ message: routingMessages.noRoute(request.method, path), code: 'NOT_FOUND' });
  });
}
