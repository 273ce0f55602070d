import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

describe('a visitor who is not signed in', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('sees the landing page with a way to sign in, and no word of the server’s engine', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Vaidya', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Vaidya');
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    await page.getByRole('link', { name: 'Contact us' }).click();
    await page.getByRole('heading', { name: 'Contact us', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Contact us · Vaidya');
    expect(await page.getByRole('contentinfo').textContent()).toBe('Contact us');
    expect(await page.content()).not.toContain('pglite');
    // The operator still asks the health endpoint.
    const health = await page.request.get(`${server.url}/api/health`);
    expect(await health.json()).toMatchObject({ data: { status: 'ok', database: 'pglite' } });
  });

  it('is sent from an unknown path to the landing page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Vaidya', level: 1 }).waitFor();
  });

  it('is sent from the dashboard to sign-in', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/bills`);
    await page.waitForURL(`${server.url}/signin`);
  });

  it('can read the API documentation', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/api/docs`);
    await page.getByText('Vaidya API').first().waitFor();
    await page.getByText('/api/health').first().waitFor();
  });
});

describe('a narrow phone screen', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser({ width: 360, height: 740 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('shows the landing page without sideways scrolling', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Vaidya', level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
