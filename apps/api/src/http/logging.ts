import type { FastifyServerOptions } from 'fastify';
import { errorForLog } from '../db/errors';

/**
 * Request logs carry method, path, status and timing only: no query string
 * (it holds phone numbers and names), no headers (tokens), no bodies. A failed
 * statement is logged by its SQL text and SQLSTATE, never its parameters.
 */
export function loggerOptions(level: string, pretty: boolean): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: errorForLog,
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
