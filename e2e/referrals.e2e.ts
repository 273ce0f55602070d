import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { demoDentist, screenshotsAtBothWidths, signIn } from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

describe('referrals', () => {
  const dataDir = newDataDir('referrals');
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    await signIn(browser.page, server.url, demoDentist);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a dentist refers a clinic and sees it listed as invited; the referral link opens a referred sign-up', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/referrals`);
    await page.getByRole('heading', { level: 1, name: 'Referrals' }).waitFor();
    await page.getByText('No referrals yet. Refer a clinic above.').waitFor();

    const form = page.getByRole('form', { name: 'Refer a clinic' });
    await form.getByLabel('Clinic name').fill('Smile Dental, Aundh');
    await form.getByLabel('Mobile number').fill('98220 12345');
    await form.getByLabel('Speciality').selectOption({ label: 'Dentist' });
    await form.getByLabel('City').fill('Pune');
    await form.getByRole('button', { name: 'Refer clinic' }).click();
    await page.getByText('Referral sent successfully').first().waitFor();

    const row = page
      .getByRole('table', { name: 'Your referrals' })
      .getByRole('row', { name: /Smile Dental, Aundh/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('9822012345');
    expect(await row.textContent()).toContain('Invited');

    // The link starts with PUBLIC_URL, which defaults to localhost and the configured port
    // (0 here): the journey opens its path on the server's real address.
    const link = new URL(await page.getByLabel('Referral link').inputValue());
    expect(link.pathname).toBe('/sign-up-secure');
    expect(link.searchParams.get('ref')).toMatch(/^[a-z2-9]{8}$/);

    await screenshotsAtBothWidths(page, 'referrals');

    // Someone else opens the link: a fresh browser, signed out.
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(`${server.url}${link.pathname}${link.search}`);
      await visitor.page.getByText('Referred by Sushrut Dental Care').waitFor();
    } finally {
      await visitor.close();
    }
  });
});
