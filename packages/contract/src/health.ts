import { z } from 'zod';
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
