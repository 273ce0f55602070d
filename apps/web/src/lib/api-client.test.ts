import { endpoint } from '@vaidya/contract/endpoint';
import { healthEndpoints } from '@vaidya/contract/health';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  answer,
  fakeJwt,
  fakeServer,
  identityError,
  storeSignedInSession,
  tokensAnswer,
  unreachable,
} from '../testing/fake-server';
import { ApiError, callApi, downloadApi } from './api-client';
import { onSignInRequested, sessionKeys } from './session';

/** A POST of this test's own, taking and answering anything. */
const anyPost = (path: `/${string}`, access: 'public' | 'signed-in') =>
  endpoint({
    method: 'POST',
    path,
    summary: 'A call of this test',
    tags: [],
    access,
    body: z.unknown(),
    response: z.unknown(),
  });
const partnerDetails = endpoint({
  method: 'GET',
  path: '/get-partner-details',
  summary: 'The clinic, as this test needs it',
  tags: [],
  access: 'signed-in',
  response: z.unknown(),
});

function serverAnswers(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof serverAnswers>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, headers: new Headers(init?.headers), method: init?.method, body: init?.body };
}

describe('callApi', () => {
  it('returns the answer parsed with the response schema', async () => {
    serverAnswers(Response.json({ data: { status: 'ok', database: 'pglite' } }));

    const health = await callApi(healthEndpoints.check, {});

    expect(health.data).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('calls under /api with the query, a JSON body and the stored id token as bearer', async () => {
    localStorage.setItem(sessionKeys.idToken, 'id-token-1');
    const fetchMock = serverAnswers(Response.json({ data: { id: 'c1' } }));

    const addComplaint = endpoint({
      method: 'POST',
      path: '/masters/add-complaint',
      summary: 'A call with a query and a body',
      tags: [],
      access: 'signed-in',
      query: z.object({ page: z.number(), query: z.string(), limit: z.number().optional() }),
      body: z.object({ complaintName: z.string() }),
      response: z.object({ data: z.object({ id: z.string() }) }),
    });
    await callApi(addComplaint, {
      query: { page: 1, query: 'fever', limit: undefined },
      body: { complaintName: 'Fever' },
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

    await callApi(healthEndpoints.check, {});

    expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it("turns an error body into an ApiError carrying the server's message and code", async () => {
    serverAnswers(
      Response.json({ message: 'This slot is already booked', code: 'CONFLICT' }, { status: 409 }),
    );

    const request = callApi(anyPost('/book-slot', 'signed-in'), { body: {} });

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

    await expect(callApi(healthEndpoints.check, {})).rejects.toMatchObject({
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

    await expect(callApi(healthEndpoints.check, {})).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Cannot reach the server. Check your connection.',
    });
  });

  it('refuses a success answer that does not match the contract', async () => {
    serverAnswers(Response.json({ data: { status: 'down' } }));

    await expect(callApi(healthEndpoints.check, {})).rejects.toMatchObject({
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

    const request = callApi(healthEndpoints.check, { signal: controller.signal });

    await expect(request).rejects.not.toBeInstanceOf(ApiError);
    await expect(request).rejects.toHaveProperty('name', 'AbortError');
  });
});

describe('downloadApi', () => {
  const csvExport = endpoint({
    method: 'GET',
    path: '/patient/export-patients',
    summary: 'A file, as this test needs it',
    tags: [],
    access: 'signed-in',
    response: z.string(),
  });

  it('gives the file as sent, byte-order mark and type included, calling with the bearer as callApi does', async () => {
    localStorage.setItem(sessionKeys.idToken, 'id-token-1');
    const sent = '\uFEFFName,Mobile\r\nAsha,9822011001\r\n';
    const fetchMock = serverAnswers(
      new Response(sent, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );

    const file = await downloadApi(csvExport, {});

    expect(file.type).toMatch(/^text\/csv;\s?charset=utf-8$/);
    expect(Array.from(new Uint8Array(await file.arrayBuffer()))).toEqual(
      Array.from(new TextEncoder().encode(sent)),
    );
    expect(sentRequest(fetchMock).url).toBe('/api/patient/export-patients');
    expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer id-token-1');
  });

  it('turns a refusal into an ApiError in the server’s words', async () => {
    serverAnswers(Response.json({ message: 'Your account is disabled', code: 'FORBIDDEN' }, { status: 403 }));

    await expect(downloadApi(csvExport, {})).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Your account is disabled',
    });
  });
});

describe('callApi with a session', () => {
  const complaints = endpoint({
    method: 'GET',
    path: '/masters/get-complaints',
    summary: 'The complaints, as this test needs them',
    tags: [],
    access: 'signed-in',
    response: z.object({ data: z.object({ name: z.string() }) }),
  });

  it('refreshes an expired id token once, however many calls are waiting for it', async () => {
    storeSignedInSession(-10);
    const renewed = fakeJwt(3600);
    const server = fakeServer({
      InitiateAuth: tokensAnswer({ idToken: renewed, withRefreshToken: false }),
      'GET /api/masters/get-complaints': answer({ data: { name: 'complaints' } }),
    });

    await Promise.all([callApi(partnerDetails, {}), callApi(complaints, {}), callApi(complaints, {})]);

    expect(server.requests('InitiateAuth')).toHaveLength(1);
    const bearers = [
      ...server.requests('GET /api/get-partner-details'),
      ...server.requests('GET /api/masters/get-complaints'),
    ].map((request) => request.headers.get('Authorization'));
    expect(bearers).toEqual([`Bearer ${renewed}`, `Bearer ${renewed}`, `Bearer ${renewed}`]);
  });

  it('uses a token that is still valid as it is', async () => {
    const idToken = storeSignedInSession(600);
    const server = fakeServer();

    await callApi(partnerDetails, {});

    expect(server.requests('InitiateAuth')).toHaveLength(0);
    expect(server.requests('GET /api/get-partner-details')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${idToken}`,
    );
  });

  it('ends the session when the refresh is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signInRequested = vi.fn();
    const stopListening = onSignInRequested(signInRequested);
    storeSignedInSession(-10);
    const server = fakeServer({
      InitiateAuth: identityError('NotAuthorizedException', 'Refresh Token has expired'),
    });

    await expect(callApi(partnerDetails, {})).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended. Please sign in again.',
    });

    expect(warn).toHaveBeenCalledWith('No refresh token or username found. Logging out.');
    expect(signInRequested).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBeNull();
    expect(server.requests('GET /api/get-partner-details')).toHaveLength(0);
    stopListening();
    warn.mockRestore();
  });

  it('keeps the session when the identity service cannot be reached to refresh it', async () => {
    const signInRequested = vi.fn();
    const stopListening = onSignInRequested(signInRequested);
    storeSignedInSession(-10);
    fakeServer({ InitiateAuth: unreachable });

    await expect(callApi(partnerDetails, {})).rejects.toMatchObject({
      status: 0,
      message: 'Cannot reach the server. Check your connection.',
    });

    expect(signInRequested).not.toHaveBeenCalled();
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token');
    stopListening();
  });

  it('asks for sign-in on 401 and keeps what is stored', async () => {
    const signInRequested = vi.fn();
    const stopListening = onSignInRequested(signInRequested);
    storeSignedInSession();
    fakeServer({
      'GET /api/get-partner-details': answer({ message: 'Token expired', code: 'UNAUTHENTICATED' }, 401),
    });

    await expect(callApi(partnerDetails, {})).rejects.toMatchObject({
      status: 401,
    });

    expect(signInRequested).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token');
    stopListening();
  });

  it('forgets the session and asks for sign-in on 403', async () => {
    const signInRequested = vi.fn();
    const stopListening = onSignInRequested(signInRequested);
    storeSignedInSession();
    fakeServer({
      'GET /api/get-partner-details': answer({ message: 'This clinic is disabled.', code: 'FORBIDDEN' }, 403),
    });

    await expect(callApi(partnerDetails, {})).rejects.toMatchObject({
      status: 403,
      message: 'This clinic is disabled.',
    });

    expect(signInRequested).toHaveBeenCalledTimes(1);
    for (const key of Object.values(sessionKeys)) expect(localStorage.getItem(key)).toBeNull();
    stopListening();
  });

  it('keeps the session on a role refusal (403 ROLE_FORBIDDEN) and carries its sentence', async () => {
    const signInRequested = vi.fn();
    const stopListening = onSignInRequested(signInRequested);
    storeSignedInSession();
    const refusal = 'Only the clinic owner may edit a bill after the day it was made or delete a bill.';
    fakeServer({
      'POST /api/delete-bill': answer({ message: refusal, code: 'ROLE_FORBIDDEN' }, 403),
    });

    await expect(callApi(anyPost('/delete-bill', 'signed-in'), { body: {} })).rejects.toMatchObject({
      status: 403,
      code: 'ROLE_FORBIDDEN',
      message: refusal,
    });

    expect(signInRequested).not.toHaveBeenCalled();
    expect(localStorage.getItem(sessionKeys.refreshToken)).toBe('refresh-token');
    stopListening();
  });

  it('leaves public calls alone: no token, no refresh, no sign-out', async () => {
    const signInRequested = vi.fn();
    const stopListening = onSignInRequested(signInRequested);
    storeSignedInSession(-10);
    const server = fakeServer({
      'POST /api/public/leads': answer({ message: 'Too many requests', code: 'RATE_LIMITED' }, 429),
    });

    await expect(callApi(anyPost('/public/leads', 'public'), { body: {} })).rejects.toMatchObject({
      status: 429,
    });

    expect(server.requests('POST /api/public/leads')[0]?.headers.has('Authorization')).toBe(false);
    expect(server.requests('InitiateAuth')).toHaveLength(0);
    expect(signInRequested).not.toHaveBeenCalled();
    stopListening();
  });
});
