import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Messenger } from './adapters/messaging/messenger';
import type { Clock } from './clock';
import type { Database } from './db/database';
import { registerApiDocs } from './http/api-docs';
import { registerErrorHandling } from './http/error-handler';
import { registerWebApp } from './http/web-app';
import { createAuthenticate } from './modules/access/authenticate';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { healthRoutes } from './modules/health/health.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import type { TokenService } from './modules/identity/tokens';
import { leadsRoutes } from './modules/leads/leads.routes';
import { mastersRoutes } from './modules/masters/masters.routes';
import { partnerRoutes } from './modules/partner/partner.routes';

export interface AppDeps {
  database: Database;
  tokens: TokenService;
  messenger: Messenger;
  clock: Clock;
  /** Woken after a lead is stored, so it is forwarded at once (absent: leads stay local). */
  leadForwarder?: { wake(): void };
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA to serve; without it the server answers /api only. */
  webDir?: string;
  trustProxy?: boolean;
}

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(compress, { threshold: 1024 });
  await registerApiDocs(app);

  const { db } = deps.database;
  await app.register(healthRoutes({ database: deps.database }), { prefix: '/api' });
  await app.register(
    identityRoutes({
      db: deps.database.db,
      tokens: deps.tokens,
      messenger: deps.messenger,
      clock: deps.clock,
    }),
    { prefix: '/api' },
  );
  await app.register(
    appConfigRoutes({ identityEndpoint: '/api/identity', identityClientId: deps.tokens.clientId }),
    { prefix: '/api/public' },
  );
  await app.register(leadsRoutes({ db, clock: deps.clock, onLeadStored: () => deps.leadForwarder?.wake() }), {
    prefix: '/api/public',
  });

  const authenticate = createAuthenticate({ db, tokens: deps.tokens, clock: deps.clock });
  await app.register(
    async (signedIn) => {
      signedIn.addHook('onRequest', authenticate);
      await signedIn.register(partnerRoutes({ db }));
      await signedIn.register(mastersRoutes({ db }));
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, deps.webDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
