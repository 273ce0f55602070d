import { type Endpoint, pathOf } from '@vaidya/contract/endpoint';
import type { z } from 'zod';
import { type AnswerSchema, fitsSchema } from './answer-check';
import type { CallInput } from './api-client';
import { type ExchangeRequest, exchangeJson } from './api-exchange';

/**
 * `callApi` for the pages too light for zod and the session code (the booking website, the
 * TV; decision 039): the endpoint as `@vaidya/contract/<area>?light` gives it (method, path,
 * access and the JSON Schema of its answer, made from the contract at build time), the
 * answer checked against that schema, and never the clinic's session: these pages call
 * public endpoints, and the TV its own with its own token.
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

/**
 * Calls one endpoint of the contract that needs no session, its answer checked against the
 * contract's schema; a TV's endpoint takes the TV's own `token`, never the clinic's session.
 * A failed call is a `LightApiError`; a cancelled one rejects as fetch does.
 */
export async function callLightApi<E extends Endpoint>(
  definition: LightEndpoint<E>,
  input: CallInput<E> & { token?: string },
): Promise<z.output<E['response']>> {
  const { body, query, params, signal, token } = input as ExchangeRequest & {
    params?: Record<string, string>;
    token?: string;
  };
  const exchange = await exchangeJson(definition.method, pathOf(definition, params), {
    query,
    body,
    signal,
    bearer: token,
  });
  if (!exchange.reached) throw new LightApiError(0);
  const { response, json } = exchange;
  if (!response.ok) {
    const message = json.ok ? (json.value as { message?: unknown } | undefined)?.message : undefined;
    throw new LightApiError(response.status, typeof message === 'string' ? message : undefined);
  }
  if (!json.ok || !fitsSchema(json.value, definition.response)) throw new LightApiError(0);
  return json.value as z.output<E['response']>;
}
