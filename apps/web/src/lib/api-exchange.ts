/**
 * One JSON exchange with the API under `/api`, shared by the app's client (`api-client.ts`)
 * and the light pages' (`light-api.ts`): the address, the headers, the body and the answer
 * read as JSON. No zod and no session code, so the light pages stay light; each client reads
 * the outcome its own way.
 */

export type QueryValue = string | number | boolean | null | undefined;

export interface ExchangeRequest {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** The `Authorization: Bearer` token, when the call carries one. */
  bearer?: string;
}

/** The answer's body as JSON: `ok: false` when it was not JSON; an empty body is `undefined`. */
export type JsonBody = { ok: true; value: unknown } | { ok: false };

/**
 * What came of the exchange: the server's answer, or `reached: false` when it was not reached.
 * `body` is the answer's bytes as sent, for a call that answers a file.
 */
export type ApiExchange =
  | { reached: true; response: Response; body: Blob; json: JsonBody }
  | { reached: false; cause: unknown };

/** `/api<path>?<query>`, leaving out query values that are absent. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function readJson(body: Blob): Promise<JsonBody> {
  const text = await body.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Sends one call; a call cancelled through `signal` rejects as fetch does, so callers can tell it apart. */
export async function exchangeJson(
  method: string,
  path: string,
  { query, body, signal, bearer }: ExchangeRequest = {},
): Promise<ApiExchange> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    return { reached: false, cause };
  }
  const answer = await response.blob();
  return { reached: true, response, body: answer, json: await readJson(answer) };
}
