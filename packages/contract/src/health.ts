import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

export const databaseEngineSchema = z.enum(['pglite', 'postgres']);
export type DatabaseEngine = z.infer<typeof databaseEngineSchema>;

export const healthResponse = dataEnvelope(
  z.object({
    status: z.literal('ok'),
    database: databaseEngineSchema,
  }),
);
export type HealthResponse = z.infer<typeof healthResponse>;

export const healthMessages = {
  databaseUnreachable: 'The database is not reachable',
} as const;

export const healthEndpoints = {
  check: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database reachability',
    tags: ['health'],
    access: 'public',
    response: healthResponse,
    refusals: [503],
  }),
};
