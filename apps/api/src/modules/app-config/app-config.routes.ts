import { appConfigEndpoints } from '@vaidya/contract/app-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route';

/** Where the web app signs in: our own identity service, or a Cognito user pool a deployment names. */
export function appConfigRoutes(config: {
  identityEndpoint: string;
  identityClientId: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, appConfigEndpoints.read, async () => ({
      data: { identity: { endpoint: config.identityEndpoint, clientId: config.identityClientId } },
    }));
  };
}
