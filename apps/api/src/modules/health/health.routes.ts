import { healthEndpoints, healthMessages } from '@vaidya/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { route } from '../../http/endpoint-route';

export function healthRoutes({ database }: { database: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, healthEndpoints.check, async () => {
      try {
        await database.ping();
      } catch {
        throw new AppError('UNAVAILABLE', healthMessages.databaseUnreachable);
      }
      return { data: { status: 'ok' as const, database: database.engine } };
    });
  };
}
