import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loggerOptions } from './logging';

describe('request logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ logger: { ...(loggerOptions('info', false) as object), stream } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('record method, path and status but no query string, token or body', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health?query=Ramesh%20Kumar&customer_mobile=9876543210',
      headers: { authorization: 'Bearer secret-token-value' },
    });
    const log = lines.join('');
    expect(log).toContain('"path":"/api/health"');
    expect(log).toContain('"statusCode":200');
    expect(log).not.toMatch(/Ramesh|9876543210|secret-token-value/);
  });
});
