import { type Endpoint, pathOf } from '@vaidya/contract/endpoint';
import { errorBodySchema } from '@vaidya/contract/envelope';
import { type ErrorCode, errorStatus } from '@vaidya/contract/errors';
import { messages } from '@vaidya/contract/messages';
import type { z } from 'zod';
import { type ExchangeRequest, exchangeJson, type JsonBody } from './api-exchange';
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

function codeForStatus(status: number): ApiErrorCode {
  const known = Object.entries(errorStatus).find(([, code]) => code === status);
  return known ? known[0] : 'INTERNAL';
}

/** The stored id token, refreshed first when it has expired; an `ApiError` when the session ended or the refresh failed. */
async function freshBearer(): Promise<string | undefined> {
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
  return token.idToken ?? undefined;
}

/**
 * Spec §6: a 401 sends the user to sign in; a 403 (user or clinic disabled) also forgets the
 * session. A role's refusal (403 `ROLE_FORBIDDEN`, decision 047) is no reason to sign out: the
 * session stays and the refusal's sentence is shown where the call's error is.
 */
function endSessionOn(status: number, code: string | undefined): void {
  if (status === 403 && code === 'ROLE_FORBIDDEN') return;
  if (status === 403) clearSession();
  if (status === 401 || status === 403) requestSignIn();
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
 * The one way the web app calls the API (decision 039): the endpoint's method and path
 * (parameters filled in), the stored id token as bearer unless the endpoint is public (a
 * public call neither refreshes nor ends the session), the answer checked against the
 * endpoint's response schema, and every failure an `ApiError` whose message can be shown
 * to the user. No path is written in the web app.
 */
export async function callApi<E extends Endpoint>(
  definition: E,
  input: CallInput<E>,
): Promise<z.output<E['response']>> {
  const { response, json } = await answered(definition, input);
  return answerOf<E['response']>(definition.response, response.status, json);
}

/**
 * Calls an endpoint that answers a file (the patient list as CSV) as `callApi` does, and
 * gives the file as it was sent, its type included.
 */
export async function downloadApi<E extends Endpoint>(definition: E, input: CallInput<E>): Promise<Blob> {
  return (await answered(definition, input)).body;
}

/** The server's success answer to a call, or the `ApiError` its refusal or absence is. */
async function answered<E extends Endpoint>(definition: E, input: CallInput<E>) {
  const { body, query, params, signal } = input as ExchangeRequest & { params?: Record<string, string> };
  const anonymous = definition.access === 'public';
  const bearer = anonymous ? undefined : await freshBearer();
  // A cancelled query rejects as fetch does; TanStack Query recognises its own abort.
  const exchange = await exchangeJson(definition.method, pathOf(definition, params), {
    query,
    body,
    signal,
    bearer,
  });
  if (!exchange.reached) {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: messages.cannotReachServer,
      cause: exchange.cause,
    });
  }
  const { response, json } = exchange;
  if (response.ok) return exchange;
  const errorBody = json.ok ? errorBodySchema.safeParse(json.value) : undefined;
  if (!anonymous) endSessionOn(response.status, errorBody?.success ? errorBody.data.code : undefined);
  throw new ApiError(
    errorBody?.success
      ? { status: response.status, code: errorBody.data.code, message: errorBody.data.message }
      : {
          status: response.status,
          code: codeForStatus(response.status),
          message: messages.somethingWentWrong,
        },
  );
}

/** The answer as the endpoint's schema parses it; an `ApiError` when it does not fit. */
function answerOf<S extends z.ZodType>(schema: S, status: number, json: JsonBody): z.output<S> {
  const parsed = json.ok ? schema.safeParse(json.value) : undefined;
  if (!parsed?.success) {
    throw new ApiError({
      status,
      code: 'INVALID_RESPONSE',
      message: messages.somethingWentWrong,
      cause: parsed?.error,
    });
  }
  return parsed.data;
}

/** For TanStack Query's `retry`: ask once more when the server failed or was out of reach; a 4xx would only repeat. */
export function retryOnceUnlessRefused(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return failureCount < 1 && !refused;
}
