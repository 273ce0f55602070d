import { Writable } from 'node:stream';
import { databaseRefusals } from '@vaidya/contract/database-refusals';
import { masterMessages } from '@vaidya/contract/masters';
import { requiredText } from '@vaidya/contract/text';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSignedInPartner, type SignedInPartner } from '../../test/partners';
import { createTestApp, type TestApp } from '../../test/test-app';
import { partners } from '../db/schema';
import { AppError } from './app-error';
import { loggerOptions } from './logging';

/**
 * What PostgreSQL throws, as both drivers shape it (a SQLSTATE `code` and a
 * `severity`), wrapped as Drizzle wraps it, with the statement's parameters
 * (a patient's mobile number) in the wrapper's message.
 */
function databaseError(code: string, constraint?: string): Error {
  const refusal = Object.assign(new Error('new row for relation "bill_payments" violates a rule'), {
    code,
    severity: 'ERROR',
    ...(constraint ? { constraint } : {}),
  });
  return new DrizzleQueryError('insert into "bill_payments" values ($1, $2)', ['9822011001', 0], refusal);
}

describe('error responses', () => {
  let t: TestApp;
  const logged: { level: number; msg: string; err?: unknown }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(JSON.parse(String(chunk)));
        done();
      },
    });
    t = await createTestApp({
      logger: loggerOptions('warn', stream),
      routes: (app, { database }) => {
        app.post(
          '/api/test/patients',
          {
            schema: {
              body: z.object({
                customerName: requiredText({ label: 'Patient name', max: 100 }),
                customerAge: z.number().int().min(0),
              }),
              querystring: z.object({ location_id: z.uuid() }),
            },
          },
          async () => ({ data: 'saved' }),
        );
        app.get('/api/test/conflict', async () => {
          throw new AppError('CONFLICT', 'This slot is already booked');
        });
        app.get('/api/test/not-set-up', async () => {
          throw new AppError('UNAVAILABLE', 'Online recharge is not set up on this server.');
        });
        app.get('/api/test/crash', async () => {
          throw new Error('connection to 10.0.0.5 refused; password=hunter2');
        });
        app.get('/api/test/refused/:state', async (request) => {
          const { state } = request.params as { state: string };
          throw databaseError(state, state === '23514' ? 'bill_payments_amount_check' : undefined);
        });
        // A row the schema's own check refuses (a booking window of 0 days), on the engine under test.
        app.get('/api/test/check-violation', async () => {
          await database.db.insert(partners).values({ name: 'Check Clinic', booking_window_days: 0 });
          return { data: 'saved' };
        });
        // Two clinics at one website address, on the engine under test.
        app.get('/api/test/unique-violation', async () => {
          const clinic = { name: 'Twin Clinic', qr_code_domain: 'twin-clinic.vaidya.clinic' };
          await database.db.insert(partners).values([clinic, clinic]);
          return { data: 'saved' };
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: unknown, query = `location_id=${crypto.randomUUID()}`) =>
    t.app.inject({ method: 'POST', url: `/api/test/patients?${query}`, payload: payload as object });

  it('accepts a valid request', async () => {
    const response = await post({ customerName: 'Asha Patil', customerAge: 34 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: 'saved' });
  });

  it('names the body field that is wrong', async () => {
    const response = await post({ customerName: 'Asha Patil', customerAge: 'thirty' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().message).toMatch(/^customerAge: /);
  });

  it('answers the contract’s own sentence as it is: it already names the field', async () => {
    const missing = await post({ customerAge: 3 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Patient name is required', code: 'VALIDATION_FAILED' });
    const tooLong = await post({ customerName: 'a'.repeat(101), customerAge: 3 });
    expect(tooLong.json().message).toBe('Patient name must be at most 100 characters');
  });

  it('names the part of the request when the whole body is wrong', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/test/patients?location_id=${crypto.randomUUID()}`,
      headers: { 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^body: /);
  });

  it('names the query field that is wrong', async () => {
    const response = await post({ customerName: 'Asha', customerAge: 3 }, 'location_id=42');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^location_id: /);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/test/patients?location_id=${crypto.randomUUID()}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"customerName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await post({ customerName: 'x'.repeat(1024 * 1024 + 10), customerAge: 1 });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/test/patients?location_id=${crypto.randomUUID()}`,
      headers: { 'content-type': 'application/xml' },
      payload: '<patient/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('turns an AppError into its status and code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This slot is already booked', code: 'CONFLICT' });
  });

  it('never leaks the detail of an unexpected failure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
    expect(response.body).not.toMatch(/hunter2|10\.0\.0\.5|at /);
  });

  it('logs a 5xx the code chose as a warning with its sentence, and an unexpected one as an error with its stack', async () => {
    logged.length = 0;
    const chosen = await t.app.inject({ method: 'GET', url: '/api/test/not-set-up' });
    expect(chosen.statusCode).toBe(503);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        code: 'UNAVAILABLE',
        msg: 'Online recharge is not set up on this server.',
      }),
    ]);
    logged.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(logged).toEqual([
      expect.objectContaining({ level: 50, msg: 'request failed', err: expect.anything() }),
    ]);
  });

  describe('a value the database refuses is bad input or a conflict, never a 500 (issue 18)', () => {
    it.each([
      ['23514', 'a check constraint'],
      ['22003', 'a number out of range'],
      ['22P02', 'text that is not the column’s type'],
    ])(
      'answers SQLSTATE %s (%s) with 400 and a sentence, and logs a warning without values',
      async (state) => {
        const from = logged.length;
        const response = await t.app.inject({ method: 'GET', url: `/api/test/refused/${state}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: databaseRefusals.valueNotAccepted,
          code: 'VALIDATION_FAILED',
        });
        const warnings = logged.slice(from).filter((entry) => entry.level === 40);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]?.err).toMatchObject({
          cause: {
            sqlState: state,
            ...(state === '23514' ? { constraint: 'bill_payments_amount_check' } : {}),
          },
        });
        expect(JSON.stringify(warnings)).not.toContain('9822011001');
      },
    );

    it('answers a unique rule the module did not expect with 409 and a sentence, logging a warning without values', async () => {
      const from = logged.length;
      const response = await t.app.inject({ method: 'GET', url: '/api/test/refused/23505' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: databaseRefusals.changedMeanwhile, code: 'CONFLICT' });
      const warnings = logged.slice(from).filter((entry) => entry.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.err).toMatchObject({ cause: { sqlState: '23505' } });
      expect(JSON.stringify(warnings)).not.toContain('9822011001');
    });

    it('answers a real unique violation of the engine under test with 409, not 500', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/unique-violation' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: databaseRefusals.changedMeanwhile, code: 'CONFLICT' });
    });

    it('answers a real check violation of the engine under test with 400, not 500', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/check-violation' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: databaseRefusals.valueNotAccepted,
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('text the database cannot take (issue 7)', () => {
    let partner: SignedInPartner;
    beforeAll(async () => {
      partner = await createSignedInPartner(t);
    });
    const add = (master: string, body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/masters/add-${master}`,
        headers: partner.headers,
        payload: body,
      });

    it.each([
      ['complaint', 'complaintName', 'Complaint name'],
      ['observation', 'observationName', 'Observation name'],
      ['investigation', 'investigationName', 'Investigation name'],
      ['product', 'productName', 'Medicine name'],
      ['treatment', 'treatmentName', 'Treatment name'],
    ])('a NUL in the %s name is refused with 400 and a sentence', async (master, field, label) => {
      const response = await add(master, { [field]: '\u0000' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `${label} contains an invisible character that is not allowed. Please retype it.`,
        code: 'VALIDATION_FAILED',
      });
    });

    it('a name that is too long says too long, and a blank one still says required', async () => {
      const tooLong = await add('complaint', { complaintName: 'x'.repeat(201) });
      expect(tooLong.json().message).toBe('Complaint name must be at most 200 characters');
      const medicine = await add('product', { productName: 'x'.repeat(201) });
      expect(medicine.json().message).toBe('Medicine name must be at most 200 characters');
      const blank = await add('complaint', { complaintName: '  ' });
      expect(blank.json().message).toBe(masterMessages.requiredFields);
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/masters/get-nothing?query=abc' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No route for GET /api/masters/get-nothing',
      code: 'NOT_FOUND',
    });
  });
});
