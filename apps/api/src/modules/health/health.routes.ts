import { healthResponse } from '@vaidya/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';

export function healthRoutes({ database }: { database: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponse },
        },
      },
      async () => {
        try {
          await database.ping();
        } catch {
          throw new AppError('UNAVAILABLE', 'The database is not reachable');
        }
        return { data: { status: 'ok' as const, database: database.engine } };
      },
    );
  };
}
