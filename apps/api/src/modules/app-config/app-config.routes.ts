import { appConfigResponse } from '@vaidya/contract/app-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Where the web app signs in: our own identity service, or a Cognito user pool a deployment names. */
export function appConfigRoutes(config: {
  identityEndpoint: string;
  identityClientId: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/app-config',
      {
        schema: {
          tags: ['public'],
          summary: 'Settings the web app reads at start',
          response: { 200: appConfigResponse },
        },
      },
      async () => ({
        data: { identity: { endpoint: config.identityEndpoint, clientId: config.identityClientId } },
      }),
    );
  };
}
