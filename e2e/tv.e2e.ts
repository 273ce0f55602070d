import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { createClinic } from './support/cli';
import {
  bookPatient,
  clinicApi,
  clinicDate,
  daytimeZone,
  openLocationWithQueue,
  rememberChoices,
  screenshotDir,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** A clinic the operator makes for the journey, in a zone where it is day now (see below). */
const clinic = {
  name: 'Aundh Eye Care',
  email: 'owner@aundh-eye.in',
  password: 'Aundh-Eye-Clinic-TV-2026',
};
/** The clinic's zone: one where it is day now, so the journey's day never rolls over. */
const clinicZone = daytimeZone();

/** A port nothing listens on now: the server restarts on the same one, so the TV's address stays good. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits for the token now served on the TV to read `token`. */
async function tvShowsServing(tv: Page, token: string): Promise<void> {
  await tv.waitForFunction(
    (expected) => document.querySelector('[data-testid="now-serving"]')?.textContent === expected,
    token,
    { polling: 'raf' },
  );
}

describe('the waiting-room TV', () => {
  const dataDir = newDataDir('tv');
  const today = clinicDate(clinicZone);
  let port: number;
  let server: RunningServer;
  let staff: Browser;
  let tv: Browser;
  let headers: Record<string, string>;
  let queueId: string;
  const patients: Record<string, string> = {};

  // No stream heartbeat in this journey (it is also when a TV's display is read again): every
  // change the TV shows can then only have been pushed to it as it happened, never polled.
  const start = () =>
    startServer({ dataDir, env: { PORT: String(port), EVENT_STREAM_HEARTBEAT_SECONDS: '86400' } });

  beforeAll(async () => {
    port = await freePort();
    // The operator makes the clinic with the CLI while the server is stopped.
    await createClinic(dataDir, clinic, { 'time-zone': clinicZone });
    server = await start();
    staff = await openBrowser();
    tv = await openBrowser();
    const { page } = staff;
    await signIn(page, server.url, clinic);
    const api = await clinicApi(page, server.url);
    headers = api.headers;
    // A new location with a queue open all day in 5-minute slots, so today still has free
    // times whenever the journey runs (but in the day's last minutes).
    const opened = await openLocationWithQueue(api, { slotSize: 5, startTime: '00:00', endTime: '23:59' });
    queueId = opened.queueId;
    // The location picker remembers its choice under selLocId (spec §3); start on the new location.
    await rememberChoices(page, { locationId: opened.locationId });

    const free = await page.request.get(
      `${server.url}/api/public/get-available-slots?queue_id=${queueId}&date=${today}`,
    );
    const times: string[] = (await free.json()).data.map((slot: { start_time: string }) => slot.start_time);
    expect(times.length, 'the journey needs three free times left today').toBeGreaterThanOrEqual(3);
    for (const [index, patient] of [
      { name: 'Suresh Patil', mobile: '9822000001' },
      { name: 'Meera Joshi', mobile: '9822000002' },
      { name: 'Kavita Rao', mobile: '9822000003' },
    ].entries()) {
      patients[patient.name] = await bookPatient(api, {
        queueId,
        date: today,
        startTime: times[index] as string,
        patient,
      });
    }
  });
  afterAll(async () => {
    await tv?.close();
    await staff?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pairs a TV by its code and shows each called token as it is pushed', async () => {
    const tvPage = tv.page;
    await tvPage.goto(`${server.url}/tv`);
    const codeOnTv = tvPage.getByTestId('pairing-code');
    await codeOnTv.waitFor();
    await tvPage.getByText('Open Vaidya → Settings → Waiting-room TVs and enter this code').waitFor();
    const code = (await codeOnTv.textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    if (screenshotDir) await tvPage.screenshot({ path: join(screenshotDir, 'tv-pairing-1280.png') });

    const { page } = staff;
    await page.goto(`${server.url}/dashboard/settings`);
    const card = page.getByRole('region', { name: 'Waiting-room TVs' });
    await card.getByRole('combobox', { name: /Queue/ }).getByText('Dr Rao — OPD').waitFor();
    await card.getByLabel(/Pairing code/).fill(code.toLowerCase());
    await card.getByRole('button', { name: 'Pair' }).click();
    await page.getByText('TV paired successfully').waitFor();
    // At once: the TV hears of its pairing on its open stream.
    await tvPage.getByRole('heading', { name: clinic.name }).waitFor();
    await tvPage.getByText('Dr Rao — OPD · Aundh').waitFor();
    await card.getByRole('list', { name: 'Paired TVs' }).getByText('Dr Rao — OPD · Aundh').waitFor();
    if (screenshotDir)
      await page.screenshot({ path: join(screenshotDir, 'tv-settings-1280.png'), fullPage: true });

    await page.goto(`${server.url}/dashboard/bookings`);
    await page.getByRole('row', { name: /Suresh Patil/ }).waitFor();
    // Arriving is waiting, not being served: the TV lists Meera among the next.
    await page.getByRole('checkbox', { name: 'Mark Meera Joshi as showed up' }).click();
    await page
      .getByRole('row', { name: /Meera Joshi/ })
      .getByText('Showed up')
      .waitFor();
    await tvPage.locator('li', { hasText: 'Meera' }).waitFor();
    expect(await tvPage.getByTestId('now-serving').textContent()).toBe('—');
    await page.getByRole('button', { name: 'Call next token' }).click();
    await tvShowsServing(tvPage, '2');
    await page.getByText('Next token called').waitFor();
    await tvPage.getByText('Meera', { exact: true }).waitFor();
    await page.getByText('Now serving: Token 2 · Meera Joshi').waitFor();

    // Suresh (token 1) comes late: Meera is still the one served, and Suresh is next.
    await page.getByRole('checkbox', { name: 'Mark Suresh Patil as showed up' }).click();
    await tvPage.locator('li', { hasText: 'Suresh' }).waitFor();
    expect(await tvPage.getByTestId('now-serving').textContent()).toBe('2');
    await page.getByRole('button', { name: 'Call next token' }).click();
    await tvShowsServing(tvPage, '1');
    await page.getByText('Now serving: Token 1 · Suresh Patil').waitFor();
    await page
      .getByRole('row', { name: /Suresh Patil/ })
      .getByText('Called in')
      .waitFor();
    if (screenshotDir) {
      await tvPage.screenshot({ path: join(screenshotDir, 'tv-display-1280.png') });
      await tvPage.setViewportSize({ width: 360, height: 740 });
      await tvPage.screenshot({ path: join(screenshotDir, 'tv-display-360.png'), fullPage: true });
      await tvPage.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('stays paired across a reload of the TV and a restart of the server', async () => {
    const tvPage = tv.page;
    await tvPage.reload();
    await tvShowsServing(tvPage, '1');
    await tvPage.getByText('Dr Rao — OPD · Aundh').waitFor();

    expect(await server.stop()).toBe(0);
    server = await start();
    // Kavita arrives and is called while the TV reconnects by itself; it then shows her token.
    const { request } = staff.context;
    const arrived = await request.put(`${server.url}/api/update-showed-up`, {
      headers,
      data: { slot_id: patients['Kavita Rao'], showed_up: true },
    });
    expect(arrived.status()).toBe(200);
    const called = await request.put(`${server.url}/api/call-next-token`, {
      headers,
      data: { queueId, date: today },
    });
    expect(called.status()).toBe(200);
    await tvShowsServing(tvPage, '3');
    await tvPage.getByText('Reconnecting…').waitFor({ state: 'hidden' });

    // And it is live again: the next call is pushed to it as before. Nobody else has arrived,
    // so Kavita is done, nobody is called, and the desk is told so.
    const last = await request.put(`${server.url}/api/call-next-token`, {
      headers,
      data: { queueId, date: today },
    });
    expect(last.status()).toBe(409);
    expect((await last.json()).message).toBe('No patient has arrived yet.');
    await tvShowsServing(tvPage, '—');
  });
});
