import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';

const lead = {
  phoneNumber: '9822012345',
  name: 'Dr. Asha Deshpande',
  specialty: 'Dentist',
  location: 'Nashik',
};
const randomAddress = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(async () => {
    await t.close();
  });

  /** What our proxy (127.0.0.1) forwards: whatever the client claimed, then the address it saw. */
  const viaProxy = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/leads',
      payload: lead,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('with one hop, a forged X-Forwarded-For entry does not escape the per-address limit', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await viaProxy(`${randomAddress()}, 10.9.8.7`)).statusCode).toBe(201);
    const refused = await viaProxy(`${randomAddress()}, 10.9.8.7`);
    expect(refused.statusCode).toBe(429);
    // The address the proxy saw is what counts: another client still gets through.
    expect((await viaProxy(`10.9.8.7, 10.9.8.8`)).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY forms', () => {
  it.each([
    [undefined, false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    // Trusting every hop would let any client choose its address: `true` means the last proxy only.
    ['true', 1],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 10.1.0.0/16,::1,fd00::/8', ['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8']],
  ])('%s → %j', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each(['yes', '10.0.0.256', '10.0.0.0/33', 'proxy.example', '1,2', '-1'])('refuses %s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid TRUST_PROXY=/);
  });
});
