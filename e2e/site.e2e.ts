import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  bearer,
  type ClinicApi,
  chooseIfOffered,
  demoDentist,
  openQueue,
  phoneViewport,
  screenshotDir,
  sidewaysOverflow,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** The demo clinic's booking-website domain (apps/api/src/seed/demo-seed.ts). */
const demoDomain = 'sushrut-dental.vaidya.clinic';
const queueName = 'Dr Joshi — Online OPD';

/** The owner's id token, from the sign-in the web app uses. */
async function signInByApi(request: APIRequestContext, url: string): Promise<string> {
  const config = await (await request.get(`${url}/api/public/app-config`)).json();
  const response = await request.post(`${url}${config.data.identity.endpoint}`, {
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.data.identity.clientId,
      AuthParameters: { USERNAME: demoDentist.email, PASSWORD: demoDentist.password },
    }),
  });
  expect(response.status()).toBe(200);
  return (await response.json()).AuthenticationResult.IdToken;
}

/**
 * A queue at the demo clinic's first location, open 10:00–13:00 every day in half-hour
 * slots, set up the way the settings and schedule screens do it.
 */
async function openQueueAtFirstLocation(api: ClinicApi) {
  const partner = (
    await (await api.request.get(`${api.url}/api/get-partner-details`, { headers: api.headers })).json()
  ).data;
  const location = partner.locations[0];
  const queueId = await openQueue(api, location.id, {
    queueName,
    slotSize: 30,
    startTime: '10:00',
    endTime: '13:00',
  });
  return { queueId, locationName: location.location_name as string };
}

describe('the clinic’s booking website on a 360 px phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let headers: Record<string, string>;
  let queue: { queueId: string; locationName: string };
  const dataDir = newDataDir('site');

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser(phoneViewport);
    headers = bearer(await signInByApi(browser.page.request, server.url));
    queue = await openQueueAtFirstLocation({ request: browser.page.request, url: server.url, headers });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('books a slot with a name and mobile number and shows the token number', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/site/${demoDomain}`);
    await page.getByRole('heading', { level: 1, name: 'Sushrut Dental Care' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sushrut Dental Care · Vaidya');
    await chooseIfOffered(page, queue.locationName);
    await chooseIfOffered(page, queueName);

    // The page offers the first date with a free time. Read before booking: the booking may take
    // that date's last free time, and then the first date with one is another.
    const dates = await (
      await page.request.get(`${server.url}/api/public/get-dates?queue_id=${queue.queueId}`)
    ).json();
    const bookedDate = dates.data.find((open: { available: number }) => open.available > 0).date;

    // The first free time of the date the page offers.
    const firstTime = page.getByRole('group', { name: 'Time' }).locator('label').first();
    await firstTime.waitFor();
    const time = (await firstTime.textContent()) ?? '';
    expect(time).toMatch(/^\d{1,2}:\d{2} [ap]m$/);
    await firstTime.click();
    await page.getByLabel('Your name').fill('Asha Patil');
    await page.getByLabel('Mobile number').fill('9822012345');
    // Nothing on the page reaches past the phone's width.
    expect(await sidewaysOverflow(page)).toBe(0);
    if (screenshotDir)
      await page.screenshot({ path: join(screenshotDir, 'site-360-form.png'), fullPage: true });
    await page.getByRole('button', { name: `Book ${time}` }).click();

    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor();
    const confirmation = page.getByRole('status');
    expect(await confirmation.getByText('Token number', { exact: true }).isVisible()).toBe(true);
    expect(await confirmation.textContent()).toContain(time);
    if (screenshotDir)
      await page.screenshot({ path: join(screenshotDir, 'site-360-confirmed.png'), fullPage: true });

    // The clinic sees the online booking on its day's list.
    const bookings = await page.request.get(
      `${server.url}/api/get-bookings-admin?date=${bookedDate}&queue_id=${queue.queueId}&showCompleteBookings=true`,
      { headers },
    );
    const booked = (await bookings.json()).data;
    expect(booked).toEqual([
      expect.objectContaining({
        source: 'online',
        customer: expect.objectContaining({ name: 'Asha Patil' }),
      }),
    ]);
    const token = String(booked[0].token_number);
    expect(await confirmation.getByText(token, { exact: true }).isVisible()).toBe(true);
  });

  it('says so when the address names no clinic', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/site/no-such-clinic.example`);
    await page.getByText('We could not find this clinic. Please check the address.').waitFor();
  });

  it('lays the page out for a desktop too', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/site/${demoDomain}`);
    await page.getByRole('heading', { level: 1, name: 'Sushrut Dental Care' }).waitFor();
    await page.getByRole('heading', { name: 'Book an appointment' }).waitFor();
    if (screenshotDir) await page.screenshot({ path: join(screenshotDir, 'site-1280.png'), fullPage: true });
    await page.setViewportSize(phoneViewport);
  });
});
