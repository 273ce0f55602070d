import { type Endpoint, pathOf } from '@vaidya/contract/endpoint';
import { errorBodySchema } from '@vaidya/contract/envelope';
import { type ErrorCode, errorStatus } from '@vaidya/contract/errors';
import { messages } from '@vaidya/contract/messages';
import type { z } from 'zod';
import { clearSession, requestSignIn } from './session';
import { getFreshIdToken } from './session-refresh';

/**
 * Codes of failures that never reached a well-formed server answer, beside the
 * server's own codes (contract/errors.ts). The server may add codes before the web
 * app knows them, hence the open `string`.
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode | (string & {});

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;

  constructor(init: { status: number; code: ApiErrorCode; message: string; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<S extends z.ZodType> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
  /** Public calls carry no token, so an expired session neither refreshes nor signs out on them. */
  anonymous?: boolean;
}

function urlFor(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

function codeForStatus(status: number): ApiErrorCode {
  const known = Object.entries(errorStatus).find(([, code]) => code === status);
  return known ? known[0] : 'INTERNAL';
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function authorizationFor(headers: Headers): Promise<void> {
  const token = await getFreshIdToken();
  if (token.status === 'session-ended') {
    throw new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: messages.sessionEnded });
  }
  if (token.status === 'unreachable') {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: messages.cannotReachServer,
      cause: token.cause,
    });
  }
  if (token.idToken) headers.set('Authorization', `Bearer ${token.idToken}`);
}

/** Spec §6: a 401 sends the user to sign in; a 403 (user or clinic disabled) also forgets the session. */
function endSessionOn(status: number): void {
  if (status === 403) clearSession();
  if (status === 401 || status === 403) requestSignIn();
}

/**
 * The one way the web app calls the API: JSON in and out under `/api`, the stored id
 * token as bearer (refreshed first when it has expired), the answer checked against
 * the contract's response schema, and every failure turned into an `ApiError` whose
 * message can be shown to the user.
 */
export async function apiRequest<S extends z.ZodType>(
  method: HttpMethod,
  path: string,
  { query, body, schema, signal, anonymous = false }: RequestOptions<S>,
): Promise<z.output<S>> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (!anonymous) await authorizationFor(headers);

  let response: Response;
  try {
    response = await fetch(urlFor(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A cancelled query is not a failure; TanStack Query recognises its own abort.
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: messages.cannotReachServer,
      cause: error,
    });
  }

  const json = await readJson(response);

  if (!response.ok) {
    if (!anonymous) endSessionOn(response.status);
    const errorBody = json.ok ? errorBodySchema.safeParse(json.value) : undefined;
    if (errorBody?.success) {
      throw new ApiError({
        status: response.status,
        code: errorBody.data.code,
        message: errorBody.data.message,
      });
    }
    throw new ApiError({
      status: response.status,
      code: codeForStatus(response.status),
      message: messages.somethingWentWrong,
    });
  }

  const parsed = json.ok ? schema.safeParse(json.value) : undefined;
  if (!parsed?.success) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: messages.somethingWentWrong,
      cause: parsed?.error,
    });
  }
  return parsed.data;
}

/** What a call of an endpoint takes: each of its body, query and path parameters it defines, and nothing it does not. */
type Field<Name extends string, S> = S extends z.ZodType
  ? { [key in Name]: z.input<S> }
  : { [key in Name]?: undefined };
export type CallInput<E extends Endpoint> =
  E extends Endpoint<infer Body, infer Query, infer Params>
    ? Field<'body', Body> & Field<'query', Query> & Field<'params', Params> & { signal?: AbortSignal }
    : never;

/**
 * Calls one endpoint of the contract (decision 039): its method and path (parameters filled
 * in), the answer checked against its response schema, and the id token sent unless the
 * endpoint is public. No path is written in the web app.
 */
export function callApi<E extends Endpoint>(
  definition: E,
  input: CallInput<E>,
): Promise<z.output<E['response']>> {
  const { body, query, params, signal } = input as {
    body?: unknown;
    query?: Record<string, QueryValue>;
    params?: Record<string, string>;
    signal?: AbortSignal;
  };
  return apiRequest(definition.method, pathOf(definition, params), {
    body,
    query,
    schema: definition.response as E['response'],
    signal,
    anonymous: definition.access === 'public',
  });
}

/** For TanStack Query's `retry`: ask once more when the server failed or was out of reach; a 4xx would only repeat. */
export function retryOnceUnlessRefused(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return failureCount < 1 && !refused;
}
