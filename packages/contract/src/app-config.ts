import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';

/** What the web app needs to know at start: where to sign in. */
export const appConfigResponse = dataEnvelope(
  z.object({
    identity: z.object({ endpoint: z.string(), clientId: z.string() }),
  }),
);
export type AppConfig = z.infer<typeof appConfigResponse>['data'];

export const appConfigEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/public/app-config',
    summary: 'Settings the web app reads at start',
    tags: [],
    access: 'public',
    response: appConfigResponse,
  }),
};
