import { connect } from 'node:net';
import { routingMessages } from '@vaidya/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Sends `request` as raw bytes to the listening app and reads the answer until the server closes. */
function sendRaw(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests that reach no endpoint', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a known path asked with another method 405, with the methods it answers in Allow', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/get-partner-details', payload: {} });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({
      message: routingMessages.methodNotAllowed('POST', '/api/get-partner-details', ['GET', 'HEAD']),
      code: 'METHOD_NOT_ALLOWED',
    });
  });

  it('knows a path by its route, parameters included', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/public/bill/4d1e6f2a-0000-4000-8000-000000000001',
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json().code).toBe('METHOD_NOT_ALLOWED');
  });

  it('still answers 404 for a path no route has', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/public/bill' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: routingMessages.noRoute('POST', '/api/public/bill'),
      code: 'NOT_FOUND',
    });
  });

  it('answers headers too large for the server 431 in the same { message, code } shape', async () => {
    const answer = await sendRaw(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({
      message: routingMessages.headersTooLarge,
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('answers a request it cannot read 400 in that shape too', async () => {
    const answer = await sendRaw(port, 'NOT A REQUEST\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      message: routingMessages.unreadableRequest,
      code: 'VALIDATION_FAILED',
    });
  });
});
