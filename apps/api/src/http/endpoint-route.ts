import { type Endpoint, errorStatusesOf } from '@vaidya/contract/endpoint';
import { errorBodySchema } from '@vaidya/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler of `E` receives: its body, query and path parameters as the contract parsed them. */
export type EndpointRequest<E extends Endpoint> =
  E extends Endpoint<infer Body, infer Query, infer Params>
    ? FastifyRequest<{ Body: Parsed<Body>; Querystring: Parsed<Query>; Params: Parsed<Params> }>
    : never;

/**
 * Answers a call of `E`: returns the body (`{ data, message }`), which is sent with the
 * endpoint's success status, or the reply it has answered on itself (a header, a stream).
 */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | FastifyReply>;

/** The endpoint's path as a route of a plugin registered under `prefix` (`/api`, `/api/public`, …). */
function urlUnder(prefix: string, definition: Endpoint): string {
  const full = `/api${definition.path}`;
  if (!full.startsWith(prefix)) throw new Error(`${full} cannot be registered under ${prefix}`);
  return full.slice(prefix.length) || '/';
}

/**
 * Registers the handler of one contract endpoint (decision 039): its method and path, its
 * input and answer schemas (validated and serialised by the zod type provider), its entry
 * in the OpenAPI document with every error status it can answer in `{ message, code }`, and
 * its rate limit (the one limiter `app.ts` registers). Whoever may call it is the scope's
 * to check: a signed-in endpoint is registered inside the signed-in scope, and the
 * endpoint walk test holds each to its `access`.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handler: EndpointHandler<E>,
): void {
  const status = definition.status ?? 200;
  const errors = Object.fromEntries(errorStatusesOf(definition).map((code) => [code, errorBodySchema]));
  app.route({
    method: definition.method,
    url: urlUnder(app.prefix, definition),
    schema: {
      tags: definition.access === 'public' ? ['public', ...definition.tags] : [...definition.tags],
      summary: definition.summary,
      ...(definition.access === 'signed-in' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.params ? { params: definition.params } : {}),
      response: { [status]: definition.response, ...errors },
    },
    ...(definition.rateLimit
      ? {
          config: {
            rateLimit: { max: definition.rateLimit.max, timeWindow: `1 ${definition.rateLimit.per}` },
          },
        }
      : {}),
    handler: async (request, reply) => {
      const answer = await handler(request as EndpointRequest<E>, reply);
      return answer === reply ? reply : reply.status(status).send(answer);
    },
  });
}
