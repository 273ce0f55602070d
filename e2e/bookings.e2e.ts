import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  clinicApi,
  dayAfterTomorrow,
  demoDentist,
  openLocationWithQueue,
  rememberChoices,
  screenshotDir,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

describe('the bookings screen', () => {
  const dataDir = newDataDir('bookings');
  const day = dayAfterTomorrow();
  let server: RunningServer;
  let browser: Browser;
  let queueId: string;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.url, demoDentist);
    // A new location with one queue, open 09:00–12:00 every day in 15-minute slots.
    const opened = await openLocationWithQueue(await clinicApi(page, server.url));
    queueId = opened.queueId;
    // The location picker remembers its choice under selLocId (spec §3); start on the new location.
    await rememberChoices(page, { locationId: opened.locationId });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a receptionist adds a walk-in, marks them arrived, moves them and cancels', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/bookings`);
    await page.getByRole('combobox', { name: 'Queue' }).getByText('Dr Rao — OPD').waitFor();
    await page.getByLabel('Day', { exact: true }).fill(calendarDateEnGb(day));
    await page.getByText('No bookings for this day yet.').waitFor();

    await page.getByRole('button', { name: 'Add walk-in' }).click();
    const walkIn = page.getByRole('dialog', { name: 'Add walk-in' });
    await walkIn.getByLabel('Next free (9:00 am–9:15 am)').waitFor();
    await walkIn.getByLabel('Mobile number').fill('9822012345');
    await walkIn.getByLabel(/^Name/).fill('Suresh Patil');
    await walkIn.getByLabel('Age').fill('42');
    await walkIn.getByRole('button', { name: 'Book' }).click();
    await page.getByText('Token 1 booked at 9:00 am').waitFor();
    await walkIn.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Suresh Patil/ });
    await row.getByText('Front desk').waitFor();

    // A refetch already on its way (the walk-in's own live event) may redraw the box once before the
    // server's answer arrives, so the test waits for the status rather than the box's state.
    await page.getByRole('checkbox', { name: 'Mark Suresh Patil as showed up' }).click();
    await row.getByText('Showed up').waitFor();

    await page.getByRole('button', { name: 'Move Suresh Patil to another time' }).click();
    const move = page.getByRole('dialog', { name: 'Move to another time' });
    await move.getByRole('combobox', { name: 'Free time' }).click();
    await page.getByRole('option', { name: '9:30 am–9:45 am' }).click();
    await move.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Booking moved successfully').waitFor();
    await row.getByRole('cell', { name: '9:30 am', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Token 1', exact: true }).waitFor();

    // A patient books on the clinic's website meanwhile: it arrives without a reload, by the
    // screen's live stream (nothing polls; the wait is for the row, however busy the machine).
    const online = await browser.context.request.post(`${server.url}/api/public/book-slot`, {
      data: {
        queueId,
        date: day,
        startTime: '10:00',
        customerName: 'Meera Joshi',
        customerMobile: '9822000002',
      },
    });
    expect(online.status()).toBe(201);
    await page
      .getByRole('row', { name: /Meera Joshi/ })
      .getByText('Online')
      .waitFor();

    // The queue, token by token: Suresh is called in and sent back to wait for an X-ray…
    await page.getByText('Now serving: Nobody called yet').waitFor();
    await page.getByRole('button', { name: 'Call Suresh Patil now' }).click();
    await page.getByText('Token 1 called').waitFor();
    await page.getByText('Now serving: Token 1 · Suresh Patil').waitFor();
    await row.getByText('Called in').waitFor();
    await page.getByRole('button', { name: 'Send Suresh Patil back to waiting' }).click();
    await page.getByText('Token 1 is waiting again').waitFor();
    await row.getByText('Showed up').waitFor();
    await page.getByText('Now serving: Nobody called yet').waitFor();
    // …and Meera, marked not come, turns up after all.
    const meera = page.getByRole('row', { name: /Meera Joshi/ });
    await page.getByRole('button', { name: 'Mark Meera Joshi as no-show' }).click();
    await page.getByText('Token 2 marked as not come').waitFor();
    await meera.waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Show completed' }).check();
    await meera.getByText('No-show').waitFor();
    await page.getByRole('button', { name: 'Send Meera Joshi back to waiting' }).click();
    await meera.getByText('Showed up').waitFor();
    await page.getByRole('checkbox', { name: 'Show completed' }).uncheck();

    if (screenshotDir) {
      await page.screenshot({ path: join(screenshotDir, 'bookings-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('button', { name: 'More actions for Suresh Patil' }).waitFor();
      await page.screenshot({ path: join(screenshotDir, 'bookings-360.png'), fullPage: true });
      await page.getByRole('button', { name: 'Add walk-in' }).click();
      await page
        .getByRole('dialog', { name: 'Add walk-in' })
        .getByLabel('Next free (9:00 am–9:15 am)')
        .waitFor();
      await page.screenshot({
        path: join(screenshotDir, 'bookings-360-walk-in.png'),
        animations: 'disabled',
      });
      await page.getByRole('dialog', { name: 'Add walk-in' }).getByRole('button', { name: 'Close' }).click();
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await page.getByRole('button', { name: 'Cancel booking of Suresh Patil' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel booking?' });
    await confirm
      .getByText('Cancel token 1 of Suresh Patil at 9:30 am? The time becomes free for others.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('Booking cancelled').waitFor();
    await row.waitFor({ state: 'detached' });

    // The remembered day survives a reload.
    await page.reload();
    await page.getByRole('row', { name: /Meera Joshi/ }).waitFor();
    expect(await page.getByLabel('Day', { exact: true }).inputValue()).toBe(calendarDateEnGb(day));
  });
});
