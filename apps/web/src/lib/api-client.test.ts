import { healthResponse } from '@vaidya/contract/health';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from './api-client';
import { sessionKeys } from './session';

function serverAnswers(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof serverAnswers>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, headers: new Headers(init?.headers), method: init?.method, body: init?.body };
}

describe('apiRequest', () => {
  it('returns the answer parsed with the response schema', async () => {
    serverAnswers(Response.json({ data: { status: 'ok', database: 'pglite' } }));

    const health = await apiRequest('GET', '/health', { schema: healthResponse });

    expect(health.data).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('calls under /api with the query, a JSON body and the stored id token as bearer', async () => {
    localStorage.setItem(sessionKeys.idToken, 'id-token-1');
    const fetchMock = serverAnswers(Response.json({ data: { id: 'c1' } }));

    await apiRequest('POST', '/masters/add-complaint', {
      query: { page: 1, query: 'fever', limit: undefined },
      body: { complaintName: 'Fever' },
      schema: z.object({ data: z.object({ id: z.string() }) }),
    });

    const request = sentRequest(fetchMock);
    expect(request.url).toBe('/api/masters/add-complaint?page=1&query=fever');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toBe('{"complaintName":"Fever"}');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const fetchMock = serverAnswers(Response.json({ data: { status: 'ok', database: 'postgres' } }));

    await apiRequest('GET', '/health', { schema: healthResponse });

    expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it("turns an error body into an ApiError carrying the server's message and code", async () => {
    serverAnswers(
      Response.json({ message: 'This slot is already booked', code: 'CONFLICT' }, { status: 409 }),
    );

    const request = apiRequest('POST', '/book-slot', { body: {}, schema: z.unknown() });

    await expect(request).rejects.toBeInstanceOf(ApiError);
    await expect(request).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This slot is already booked',
    });
  });

  it('falls back to a general message when an error answer is not JSON', async () => {
    serverAnswers(
      new Response('<html>Bad gateway</html>', { status: 500, headers: { 'Content-Type': 'text/html' } }),
    );

    await expect(apiRequest('GET', '/health', { schema: healthResponse })).rejects.toMatchObject({
      status: 500,
      code: 'INTERNAL',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('reports an unreachable server with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );

    await expect(apiRequest('GET', '/health', { schema: healthResponse })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Cannot reach the server. Check your connection.',
    });
  });

  it('refuses a success answer that does not match the contract', async () => {
    serverAnswers(Response.json({ data: { status: 'down' } }));

    await expect(apiRequest('GET', '/health', { schema: healthResponse })).rejects.toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('lets a cancelled request end as a cancellation, not as a server failure', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        init?.signal?.throwIfAborted();
        return Response.json({});
      }),
    );
    controller.abort();

    const request = apiRequest('GET', '/health', { schema: healthResponse, signal: controller.signal });

    await expect(request).rejects.not.toBeInstanceOf(ApiError);
    await expect(request).rejects.toHaveProperty('name', 'AbortError');
  });
});
