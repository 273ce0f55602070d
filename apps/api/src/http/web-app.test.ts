import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner } from '../../test/partners';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('serving the web app', () => {
  let t: TestApp;
  let webDir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'vaidya-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Vaidya</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets/index-3f9a1c.js'), script);
    writeFileSync(join(webDir, 'assets/index-3f9a1c.js.br'), brotliCompressSync(script));
    t = await createTestApp({ webDir, publicUrl: 'https://app.vaidya.test' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/signin',
    '/dashboard/bookings',
    '/bill/4d1e6f2a-0000-4000-8000-000000000001',
    '/no/such/page',
  ])('answers GET %s with index.html, never cached', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers /robots.txt in plain text, keeping patients’ documents, the dashboard and the API out of search engines', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.body).not.toContain('<div id="root">');
    expect(response.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /prescription/',
      'Disallow: /prescription-preview/',
      'Disallow: /bill/',
      'Disallow: /bill-preview/',
      'Disallow: /dashboard/',
      'Disallow: /api/',
      '',
    ]);
  });

  it.each([
    '/prescription/4d1e6f2a-0000-4000-8000-000000000001',
    '/prescription-preview/4d1e6f2a-0000-4000-8000-000000000001',
    '/bill/4d1e6f2a-0000-4000-8000-000000000001?print=1',
    '/bill-preview/4d1e6f2a-0000-4000-8000-000000000001',
    '/dashboard',
    '/dashboard/bookings',
  ])('answers GET %s with index.html marked X-Robots-Tag: noindex', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it.each([
    '/api/public/prescription/4d1e6f2a-0000-4000-8000-000000000001',
    '/api/public/bill/4d1e6f2a-0000-4000-8000-000000000001',
    '/api/public/bill/not-an-id',
    '/api/unknown',
  ])('marks the API’s answer to GET %s X-Robots-Tag: noindex, found or not', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it.each(['/', '/site', '/site/sharma-clinic', '/signin', '/prescriptions-guide', '/billing'])(
    'lets search engines index %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag']).toBeUndefined();
    },
  );

  it('sends hashed assets pre-compressed and cached for a year', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps /api answers in JSON, even for unknown API paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('does not answer a POST to a page path with the SPA', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/signin', payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends a clinic's own domain from / to its booking website, and every other host to the landing page", async () => {
    const host = `book-${Math.random().toString(36).slice(2, 8)}.example`;
    await createSignedInPartner(t, { domain_url: `https://${host}` });

    const clinic = await t.app.inject({ method: 'GET', url: '/', headers: { host: `${host}:443` } });
    expect(clinic.statusCode).toBe(302);
    expect(clinic.headers.location).toBe('/site');

    const other = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'unknown-clinic.example' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<div id="root">');
    const deeper = await t.app.inject({ method: 'GET', url: '/signin', headers: { host } });
    expect(deeper.statusCode).toBe(200);
  });

  it('never sends / on the app’s own host, localhost or an IP address to a clinic, whatever a stored row says', async () => {
    // Rows as one stored before decision 028 could be: each names a host the app is reached at.
    for (const domain_url of [
      'https://app.vaidya.test',
      'https://WWW.App.Vaidya.test/book',
      'http://localhost:3000',
      'https://127.0.0.1',
      'https://[::1]',
    ]) {
      await createSignedInPartner(t, { domain_url });
    }
    for (const host of [
      'app.vaidya.test',
      'APP.vaidya.test:443',
      'www.app.vaidya.test',
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.body).toContain('<div id="root">');
      // Nor does the booking website at /site, which finds its clinic by the same host.
      const site = await t.app.inject({ method: 'GET', url: '/api/public/site', query: { host } });
      expect(site.statusCode, host).toBe(404);
    }
  });
});

describe('serving the API without the web build', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('still answers /robots.txt, and marks API answers X-Robots-Tag: noindex', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Disallow: /prescription/');

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-robots-tag']).toBe('noindex');

    const page = await t.app.inject({ method: 'GET', url: '/dashboard/bookings' });
    expect(page.statusCode).toBe(404);
  });
});
