import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { clinicApi, demoDentist, screenshotsAtBothWidths, signIn } from './support/clinic';
import { type RunningServer, startServer } from './support/server';

/** The demo clinic (apps/api/src/seed/demo-seed.ts): its name and booking-website name. */
const demoClinic = { name: 'Sushrut Dental Care', websiteName: 'sushrut-dental.vaidya.clinic' };

/** What a phone's camera would read from the PNG. */
function decodeQrCode(file: string): string | undefined {
  const png = PNG.sync.read(readFileSync(file));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('the website QR code', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-qrcode-'));
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

    await screenshotsAtBothWidths(page, 'qrcode');

    // What a patient's phone opens from the code.
    await page.goto(decodeQrCode(file) ?? '');
    await page.getByRole('heading', { level: 1, name: demoClinic.name }).waitFor();
  });
});
