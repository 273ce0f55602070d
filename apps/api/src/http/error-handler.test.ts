import { masterMessages } from '@vaidya/contract/masters';
import { requiredText } from '@vaidya/contract/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSignedInPartner, type SignedInPartner } from '../../test/partners';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AppError } from './app-error';

describe('error responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      routes: (app) => {
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
        app.get('/api/test/crash', async () => {
          throw new Error('connection to 10.0.0.5 refused; password=hunter2');
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
