import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpreadsheetLeadsSink } from '../../adapters/leads/spreadsheet-leads-sink';
import { leads } from '../../db/schema';
import { forwardDueLeads, retryDelayMs } from './lead-forwarder';

/** A stand-in for the spreadsheet web script on 127.0.0.1 that answers with the statuses it is given. */
async function startFakeWebScript() {
  const received: { contentType: string | undefined; body: string }[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ contentType: request.headers['content-type'], body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('{"result":"success"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/macros/s/leads/exec`,
    received,
    failNext: (...codes: number[]) => statuses.push(...codes),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const asha = {
  phoneNumber: '+91 98220 12345',
  name: 'Dr. Asha Deshpande',
  specialty: 'Dentist',
  location: 'Nashik',
};

describe('a clinic asks to be called back', () => {
  let t: TestApp;
  let script: Awaited<ReturnType<typeof startFakeWebScript>>;
  beforeAll(async () => {
    t = await createTestApp();
    script = await startFakeWebScript();
  });
  afterAll(async () => {
    await t.close();
    await script.close();
  });
  afterEach(async () => {
    await t.database.db.delete(leads);
  });

  const submit = (payload: object, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/api/public/leads', payload, remoteAddress: ip });

  it('the lead is stored with a tidy 10-digit number and thanked', async () => {
    const response = await submit(asha);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: { id: expect.any(String) },
      message: 'Thank you! We will call you shortly.',
    });
    const [stored] = await t.database.db.select().from(leads);
    expect(stored).toMatchObject({
      phone_number: '9822012345',
      name: 'Dr. Asha Deshpande',
      specialty: 'Dentist',
      location: 'Nashik',
      forwarded_at: null,
    });
  });

  it.each([
    [{ ...asha, phoneNumber: '12345' }, 'Please enter a valid 10-digit mobile number'],
    [{ ...asha, name: '   ' }, 'Name is required'],
    [{ ...asha, location: undefined }, 'Location is required'],
    [{ ...asha, specialty: 'x'.repeat(81) }, 'Speciality must be at most 80 characters'],
  ])('bad input is refused with the field named, and nothing is stored', async (payload, message) => {
    const response = await submit(payload, '203.0.113.8');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.database.db.select().from(leads)).toEqual([]);
  });

  it('one network sending too many is slowed down with 429', async () => {
    const ip = '198.51.100.23';
    for (let i = 0; i < 10; i += 1) expect((await submit(asha, ip)).statusCode).toBe(201);
    const refused = await submit(asha, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await submit(asha, '198.51.100.24')).statusCode).toBe(201);
  });

  it('is forwarded to the spreadsheet as text/plain with the four fields', async () => {
    await submit(asha);
    const sink = createSpreadsheetLeadsSink({ url: script.url });
    expect(await forwardDueLeads({ db: t.database.db, sink, clock: t.clock.now })).toBe(1);
    const last = script.received.at(-1);
    expect(last?.contentType).toMatch(/^text\/plain/);
    expect(JSON.parse(last?.body ?? '')).toEqual({
      phoneNumber: '9822012345',
      name: 'Dr. Asha Deshpande',
      specialty: 'Dentist',
      location: 'Nashik',
    });
    const [stored] = await t.database.db.select().from(leads);
    expect(stored?.forwarded_at).toEqual(t.clock.now());
    expect(await forwardDueLeads({ db: t.database.db, sink, clock: t.clock.now })).toBe(0);
  });

  it('is never lost while the spreadsheet fails: retried with growing delays until it succeeds', async () => {
    await submit(asha);
    const [{ id } = { id: '' }] = await t.database.db.select({ id: leads.id }).from(leads);
    const sink = createSpreadsheetLeadsSink({ url: script.url });
    const forward = () => forwardDueLeads({ db: t.database.db, sink, clock: t.clock.now });
    const stored = async () => (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0];

    script.failNext(500, 503);
    expect(await forward()).toBe(0);
    expect(await stored()).toMatchObject({
      forwarded_at: null,
      attempts: 1,
      last_error: 'the leads web script answered 500',
    });
    expect(await forward()).toBe(0); // not due yet: nothing is sent
    const sentSoFar = script.received.length;

    t.clock.advance(retryDelayMs(1));
    expect(await forward()).toBe(0);
    expect(script.received.length).toBe(sentSoFar + 1);
    expect(await stored()).toMatchObject({ forwarded_at: null, attempts: 2 });

    t.clock.advance(retryDelayMs(2));
    expect(await forward()).toBe(1);
    expect(await stored()).toMatchObject({ attempts: 3, last_error: null });
    expect((await stored())?.forwarded_at).not.toBeNull();
  });

  it('survives a spreadsheet that cannot be reached at all', async () => {
    await submit(asha);
    const sink = createSpreadsheetLeadsSink({ url: 'http://127.0.0.1:9/unreachable', timeoutMs: 2000 });
    expect(await forwardDueLeads({ db: t.database.db, sink, clock: t.clock.now })).toBe(0);
    const [stored] = await t.database.db.select().from(leads);
    expect(stored).toMatchObject({ forwarded_at: null, attempts: 1 });
    expect(stored?.last_error).toBeTruthy();
  });

  it('waits longer after each failure, never more than an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(50)).toBe(60 * 60_000);
  });
});
