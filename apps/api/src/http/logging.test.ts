import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loggerOptions } from './logging';

describe('request logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  const patientPhone = '9876543210';
  const patientName = 'Ramesh Kumar';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({
      logger: loggerOptions('info', stream),
      routes: (app, { database }) => {
        // A statement that fails on PostgreSQL's side, with a patient's details among its parameters.
        app.get('/api/test/failing-query', async () => {
          await database.db.execute(
            sql`select ${patientName} as name, 1 / (length(${patientPhone}) - 10) as ratio`,
          );
        });
        // PostgreSQL quotes the refused value in its message: invalid input syntax for type uuid: "9876543210".
        app.get('/api/test/refused-value', async () => {
          await database.db.execute(sql`select ${patientPhone}::uuid`);
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const log = () => lines.join('');

  it('record method, path and status but no query string, token or body', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health?query=Ramesh%20Kumar&customer_mobile=9876543210',
      headers: { authorization: 'Bearer secret-token-value' },
    });
    expect(log()).toContain('"path":"/api/health"');
    expect(log()).toContain('"statusCode":200');
    expect(log()).not.toMatch(/Ramesh|9876543210|secret-token-value/);
  });

  it('record a failed statement by its SQL text and SQLSTATE, never its parameter values', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/failing-query' });
    expect(response.statusCode).toBe(500);
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'select $1 as name, 1 / (length($2) - 10) as ratio',
      cause: { type: 'DatabaseError', sqlState: '22012' },
    });
    expect(failure.err.stack).toMatch(/^\s+at /);
    expect(log()).not.toMatch(/Ramesh|9876543210/);
  });

  it('answer a value the database refuses with 400, and log it without the value', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/refused-value' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'A value you entered cannot be saved. Please check it and try again.',
      code: 'VALIDATION_FAILED',
    });
    expect(log()).toContain('"sqlState":"22P02"');
    expect(log()).not.toContain(patientPhone);
  });
});
