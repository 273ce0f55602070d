import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { clinicApi, demoDentist, screenshotsAtBothWidths, signIn } from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** The demo clinic (apps/api/src/seed/demo-seed.ts): its name and booking-website name. */
const demoClinic = { name: 'Sushrut Dental Care', websiteName: 'sushrut-dental.vaidya.clinic' };

/** What a phone's camera would read from the PNG. */
function decodeQrCode(file: string): string | undefined {
  const png = PNG.sync.read(readFileSync(file));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('the website QR code', () => {
  const dataDir = newDataDir('qrcode');
  const downloads = mkdtempSync(join(tmpdir(), 'vaidya-qrcode-downloads-'));
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    await signIn(browser.page, server.url, demoDentist);
    // The demo clinic has its own domain too, which this machine cannot reach: the code
    // then points at the booking website on this app, under the clinic's website name.
    const { request, headers } = await clinicApi(browser.page, server.url);
    const edited = await request.put(`${server.url}/api/v2/edit-partner-details`, {
      headers,
      data: {
        name: demoClinic.name,
        specialityType: 'DENTIST',
        qrCodeDomain: demoClinic.websiteName,
        domainUrl: null,
      },
    });
    expect(edited.status()).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(downloads, { recursive: true, force: true });
  });

  /** The address the printed code holds, read back from the downloaded PNG. */
  let printedAddress = '';

  it('downloads a code that decodes to the website address, which opens the booking page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/qrcode`);
    await page.getByRole('heading', { level: 1, name: 'QR Code of your website' }).waitFor();
    const address = `${server.url}/site/${demoClinic.websiteName}`;
    await page.getByRole('link', { name: address }).waitFor();
    await page.getByRole('img', { name: `QR code of ${address}` }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download QR Code' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sushrut-dental-care-qr-code.png');
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    expect(decodeQrCode(file)).toBe(address);
    printedAddress = address;

    await screenshotsAtBothWidths(page, 'qrcode');

    // What a patient's phone opens from the code.
    await page.goto(decodeQrCode(file) ?? '');
    await page.getByRole('heading', { level: 1, name: demoClinic.name }).waitFor();
  });

  it('renamed in Settings, keeps the printed code working, and opens from the navigation and Copy link', async () => {
    const { page, context } = browser;
    const renamed = 'sushrut-kothrud';
    const renamedAddress = `${server.url}/site/${renamed}`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });

    await page.goto(`${server.url}/dashboard/settings`);
    const websiteName = page.getByLabel('Website name', { exact: true });
    await websiteName.fill(renamed);
    await page.locator('form').filter({ has: websiteName }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Clinic details updated successfully').waitFor();
    await page.getByRole('link', { name: renamedAddress }).waitFor();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(renamedAddress);
    await page.getByText('Link copied').waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotsAtBothWidths(page, 'settings-website-name');

    // The dashboard's navigation opens the website in a new tab.
    const [website] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Booking website (opens in a new tab)' }).click(),
    ]);
    await website.waitForURL(renamedAddress);
    await website.getByRole('heading', { level: 1, name: demoClinic.name }).waitFor();
    await website.close();

    // A patient scans the code printed before the rename: the old address lands on the new one.
    expect(printedAddress).toBe(`${server.url}/site/${demoClinic.websiteName}`);
    const opened = await page.goto(printedAddress);
    expect(opened?.request().redirectedFrom()?.url()).toBe(printedAddress);
    expect(page.url()).toBe(renamedAddress);
    await page.getByRole('heading', { level: 1, name: demoClinic.name }).waitFor();
  });
});
