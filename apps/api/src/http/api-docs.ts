import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema itself, so `exclusiveMinimum: 0`, `type: 'null'` and a 204 without a body say what they mean.
      openapi: '3.1.0',
      info: {
        title: 'Vaidya API',
        description:
          'Clinic and practice management. Success bodies are `{ data, message }`; errors are `{ message, code }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A paired waiting-room TV's own secret, as `POST /api/public/tv/register` gave it.
          tvToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
