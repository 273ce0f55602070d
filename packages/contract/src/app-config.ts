import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** What the web app needs to know at start: where to sign in. */
export const appConfigResponse = dataEnvelope(
  z.object({
    identity: z.object({ endpoint: z.string(), clientId: z.string() }),
  }),
);
export type AppConfig = z.infer<typeof appConfigResponse>['data'];
