import type { z } from 'zod';
import type { errorStatus } from './errors';
import type { Permission } from './roles';

/**
 * Who may call an endpoint: anybody (`public`, no token; it is rate-limited instead), a
 * signed-in member of a clinic (`signed-in`, the id token as bearer), anybody with more for
 * a signed-in member of the clinic (`public-or-signed-in`: a token sent must sign in), or a
 * paired waiting-room TV (`tv`, its own token as bearer).
 */
export type EndpointAccess = 'public' | 'signed-in' | 'public-or-signed-in' | 'tv';

/**
 * What a signed-in call must pass beyond signing in: `wallet`, spec §4's wallet guard (a
 * wallet clinic whose balance is below one booking's charge is refused with 402).
 */
export type EndpointGuard = 'wallet';

type ErrorStatus = (typeof errorStatus)[keyof typeof errorStatus];

/** How many calls one address may make in a window before the answer is 429. */
export interface RateLimit {
  max: number;
  per: 'minute' | 'hour';
}

/**
 * One endpoint of the API, written once (decision 039): the API registers its handler
 * against it, the web app calls by it, and the OpenAPI document is made from it.
 * `path` is under `/api`, with `:name` for each parameter of `params`.
 */
export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/${string}`;
  /** What the call does, in the OpenAPI document. */
  summary: string;
  /** The OpenAPI document's groups; `public` is added to a public endpoint's own. */
  tags: readonly string[];
  access: EndpointAccess;
  guard?: EndpointGuard;
  /**
   * The permission a signed-in caller's role needs (roles.ts, decision 047); absent, every role
   * may call it. A role without it is answered 403 `ROLE_FORBIDDEN`.
   */
  permission?: Permission;
  body?: Body;
  query?: Query;
  params?: Params;
  response: Response;
  /** The success status: 200 unless the call creates something (201). */
  status?: 200 | 201;
  rateLimit?: RateLimit;
  /**
   * The error statuses a call answers beyond those its shape implies (400 for any input, 413
   * and 415 for a body, 401 for a token, 403 when signed in, 402 behind the wallet guard, 404
   * for a parameter in the path, 429 when rate-limited): 402, 403, 404, 409, 413, 415, 422,
   * 502 or 503, as its rules can refuse.
   */
  refusals?: readonly ErrorStatus[];
}

/** Defines an endpoint, keeping its exact schemas in its type for both ends. */
export function endpoint<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(definition: Endpoint<Body, Query, Params, Response>): Endpoint<Body, Query, Params, Response> {
  return definition;
}

/** The error statuses an endpoint can answer, from its shape and its declared refusals, in order. */
export function errorStatusesOf(definition: Endpoint): ErrorStatus[] {
  const implied: ErrorStatus[] = [];
  if (definition.body || definition.query || definition.params) implied.push(400);
  // A body too large, or not JSON.
  if (definition.body) implied.push(413, 415);
  if (definition.access !== 'public') implied.push(401);
  if (definition.access === 'signed-in') implied.push(403);
  if (definition.guard === 'wallet') implied.push(402);
  if (definition.params) implied.push(404);
  // A write that met another of the same record at the same moment, which the database's
  // unique rules settle by keeping the first.
  if (definition.method !== 'GET') implied.push(409);
  if (definition.rateLimit) implied.push(429);
  return [...new Set([...implied, ...(definition.refusals ?? [])])].sort((a, b) => a - b);
}

/** The endpoint's path with its parameters filled in, e.g. `/public/referral/ab12cd34`. */
export function pathOf(
  definition: Pick<Endpoint, 'path'>,
  params: Record<string, string | number> = {},
): string {
  return definition.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${definition.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
