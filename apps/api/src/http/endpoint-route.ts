import { type Endpoint, errorStatusesOf } from '@vaidya/contract/endpoint';
import { errorBodySchema } from '@vaidya/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route serves: who may call it and what guards it, for the hooks of `app.ts`. */
    endpoint?: Endpoint;
  }
}

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

/** The OpenAPI security of an endpoint: the token its access asks for, if any (`{}` where none is needed). */
function securityOf(definition: Endpoint): { security?: Record<string, string[]>[] } {
  switch (definition.access) {
    case 'public':
      return {};
    case 'signed-in':
      return { security: [{ bearerAuth: [] }] };
    case 'public-or-signed-in':
      return { security: [{}, { bearerAuth: [] }] };
    case 'tv':
      return { security: [{ tvToken: [] }] };
  }
}

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
 * its rate limit (the one limiter `app.ts` registers). The route keeps its endpoint in its
 * config, where `app.ts`'s hooks read who may call it and what guards it.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handler: EndpointHandler<E>,
): void {
  const status = definition.status ?? 200;
  const errors = Object.fromEntries(errorStatusesOf(definition).map((code) => [code, errorBodySchema]));
  const schema: FastifySchema = {
    tags: definition.access.startsWith('public') ? ['public', ...definition.tags] : [...definition.tags],
    summary: definition.summary,
    ...securityOf(definition),
    ...(definition.body ? { body: definition.body } : {}),
    ...(definition.query ? { querystring: definition.query } : {}),
    ...(definition.params ? { params: definition.params } : {}),
    response: { [status]: definition.response, ...errors },
  };
  app.route({
    method: definition.method,
    url: urlUnder(app.prefix, definition),
    schema,
    config: {
      endpoint: definition,
      ...(definition.rateLimit
        ? { rateLimit: { max: definition.rateLimit.max, timeWindow: `1 ${definition.rateLimit.per}` } }
        : {}),
    },
    handler: async (request, reply) => {
      const answer = await handler(request as EndpointRequest<E>, reply);
      // A reply is thenable (settled once sent), so awaiting a handler that returned it gives
      // undefined, never the reply: whether the handler answered is the reply's own to say.
      return reply.sent ? reply : reply.status(status).send(answer);
    },
  });
}

/** Handlers of a contract group's endpoints by their names in the group. */
export type GroupHandlers<G extends Record<string, Endpoint>> = {
  [Name in keyof G]?: EndpointHandler<G[Name]>;
};

/**
 * Registers a handler for each named endpoint of a contract group; an endpoint left out is
 * not served by this server (the endpoint walk test holds every one to being served).
 */
export function serve<G extends Record<string, Endpoint>>(
  app: FastifyInstance,
  group: G,
  handlers: GroupHandlers<G>,
): void {
  for (const name of Object.keys(handlers) as (keyof G)[]) {
    const handler = handlers[name];
    if (handler) route(app, group[name], handler);
  }
}

/**
 * A handler that passes the caller and the body (as `payload`) to `call` and answers its
 * result with `message`: what most changes do. The request's parsed body must fit `call`'s
 * payload, and the result the endpoint's answer, as for any handler.
 */
type Caller = FastifyRequest['caller'];
type PayloadCall<Payload, Data> = (input: { caller: Caller; payload: Payload }) => Promise<Data>;
type PayloadHandler<Payload, Answer> = (request: { caller: Caller; body: Payload }) => Promise<Answer>;

export function withPayload<Payload, Data>(
  call: PayloadCall<Payload, Data>,
  message: string,
): PayloadHandler<Payload, { data: Data; message: string }>;
export function withPayload<Payload, Data>(
  call: PayloadCall<Payload, Data>,
): PayloadHandler<Payload, { data: Data }>;
export function withPayload<Payload, Data>(call: PayloadCall<Payload, Data>, message?: string) {
  return async (request: { caller: Caller; body: Payload }) => {
    const data = await call({ caller: request.caller, payload: request.body });
    return message === undefined ? { data } : { data, message };
  };
}
