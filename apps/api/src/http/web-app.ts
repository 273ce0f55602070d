import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const immutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets cached for a year and sent pre-compressed
 * (brotli or gzip files written by the web build), index.html never cached and
 * answered for every GET outside /api so the client router owns those paths.
 * A clinic's own domain opened at `/` goes to its booking website, `/site`,
 * which finds the clinic by that host. The site service decides which hosts those are:
 * never the app's own host (PUBLIC_URL's), localhost or an IP address (decision 028).
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    webDir: string | undefined;
    isClinicHost: (host: string) => Promise<boolean>;
  },
): Promise<void> {
  const { webDir } = options;
  const hasWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'));
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
    return reply.status(404).send({ message: `No route for ${request.method} ${path}`, code: 'NOT_FOUND' });
  });
}
