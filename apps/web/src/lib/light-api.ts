import { type Endpoint, pathOf } from '@vaidya/contract/endpoint';
import type { z } from 'zod';
import { type AnswerSchema, fitsSchema } from './answer-check';
import type { CallInput, QueryValue } from './api-client';

/**
 * `callApi` for the pages too light for zod and the session code (the booking website, the
 * TV; decision 039): the endpoint as `@vaidya/contract/<area>?light` gives it (method, path,
 * access and the JSON Schema of its answer, made from the contract at build time), the
 * answer checked against that schema, and no token: these pages call public endpoints only.
 */

/** An endpoint of the contract without zod; `contract` is never set, it carries the endpoint's types. */
export interface LightEndpoint<E extends Endpoint = Endpoint> {
  method: E['method'];
  path: E['path'];
  access: E['access'];
  response: AnswerSchema;
  readonly contract?: E;
}

/** A contract module's endpoint group as `?light` gives it. */
export type LightEndpoints<Group> = {
  [Name in keyof Group]: Group[Name] extends Endpoint ? LightEndpoint<Group[Name]> : never;
};

/** A contract answer schema as `?light` gives it; `contract` is never set, it carries the answer's type. */
export type LightAnswer<S extends z.ZodType> = AnswerSchema & { readonly contract?: S };

/** A call that did not succeed: the status (0: not reached, or an answer the contract does not describe) and the server's sentence, if it said one. */
export class LightApiError extends Error {
  override readonly name = 'LightApiError';
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? `Request failed (${status})`);
  }
}

interface LightRequest {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** A bearer token of the page's own (the TV's), never the clinic's session. */
  token?: string;
}

function urlFor(path: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}

/** One call under `/api`: the answer's JSON when it succeeded and fits `answer`, else a `LightApiError`. */
export async function requestLight<S extends z.ZodType>(
  method: Endpoint['method'],
  path: string,
  answer: LightAnswer<S>,
  { query, body, signal, token }: LightRequest = {},
): Promise<z.output<S>> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(urlFor(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new LightApiError(0);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (json as { message?: unknown } | undefined)?.message;
    throw new LightApiError(response.status, typeof message === 'string' ? message : undefined);
  }
  if (!fitsSchema(json, answer)) throw new LightApiError(0);
  return json as z.output<S>;
}

/** Calls one public endpoint of the contract, its answer checked against the contract's schema. */
export function callLightApi<E extends Endpoint>(
  definition: LightEndpoint<E>,
  input: CallInput<E>,
): Promise<z.output<E['response']>> {
  const { body, query, params, signal } = input as LightRequest & { params?: Record<string, string> };
  return requestLight<E['response']>(definition.method, pathOf(definition, params), definition.response, {
    body,
    query,
    signal,
  });
}
