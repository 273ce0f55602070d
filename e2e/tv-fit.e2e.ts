import { rmSync } from 'node:fs';
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
  screenshotDir,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

const clinic = {
  name: 'Baner Children’s Clinic',
  email: 'owner@baner-children.in',
  password: 'Baner-Children-TV-Fit-2026',
};
/** A zone where the day has hours left now, so today still has free times to book. */
const clinicZone = daytimeZone();

/** The screens a waiting-room TV is: three TVs on their feet and one on its side. */
const screens = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
];

/** More patients than any screen has rows for. */
const patients = [
  'Aarav Kulkarni',
  'Diya Deshpande',
  'Ishaan Patwardhan',
  'Anaya Gokhale',
  'Vihaan Joshi',
  'Saanvi Bhide',
  'Reyansh Apte',
  'Myra Karve',
  'Kabir Sathe',
  'Aadhya Ranade',
];

/** What a TV's screen holds and what reaches past it, measured in the page. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const box = (testId: string) => {
      const element = document.querySelector(`[data-testid="${testId}"]`);
      if (!element) return null;
      const { top, bottom, left, right, height } = element.getBoundingClientRect();
      return { top, bottom, left, right, height, text: element.textContent ?? '' };
    };
    const root = document.documentElement;
    return {
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      scrollWidth: root.scrollWidth,
      scrollHeight: root.scrollHeight,
      bodyScrollHeight: document.body.scrollHeight,
      nowServing: box('now-serving'),
      clock: box('tv-clock'),
      more: box('more-waiting'),
      clinic: (() => {
        const heading = document.querySelector('h1');
        if (!heading) return null;
        const { bottom, right } = heading.getBoundingClientRect();
        return {
          text: heading.textContent ?? '',
          bottom,
          right,
          clipped: heading.scrollWidth > heading.clientWidth,
        };
      })(),
      waitingRows: [...document.querySelectorAll('ol li')].map((item) => {
        const { bottom, right } = item.getBoundingClientRect();
        return { text: item.textContent ?? '', bottom, right };
      }),
    };
  });

describe('the waiting-room TV on the screens it is shown on', () => {
  const dataDir = newDataDir('tv-fit');
  const today = clinicDate(clinicZone);
  let server: RunningServer;
  let staff: Browser;
  let tv: Browser;

  beforeAll(async () => {
    await createClinic(dataDir, clinic, { 'time-zone': clinicZone });
    server = await startServer({ dataDir });
    staff = await openBrowser();
    tv = await openBrowser({ width: 1280, height: 720 });
    await signIn(staff.page, server.url, clinic);
    const api = await clinicApi(staff.page, server.url);
    const { locationId, queueId } = await openLocationWithQueue(api, {
      slotSize: 5,
      startTime: '00:00',
      endTime: '23:59',
    });

    const free = await api.request.get(
      `${server.url}/api/public/get-available-slots?queue_id=${queueId}&date=${today}`,
    );
    const times: string[] = (await free.json()).data.map((slot: { start_time: string }) => slot.start_time);
    expect(times.length, 'the journey needs a free time left today for each patient').toBeGreaterThanOrEqual(
      patients.length,
    );
    const bookings: string[] = [];
    for (const [index, name] of patients.entries()) {
      bookings.push(
        await bookPatient(api, {
          queueId,
          date: today,
          startTime: times[index] as string,
          patient: { name, mobile: `98220100${String(index).padStart(2, '0')}` },
        }),
      );
    }
    // Everyone arrives and the desk calls the next token: one is served, the rest wait.
    for (const slotId of bookings) {
      const arrived = await api.request.put(`${server.url}/api/update-showed-up`, {
        headers: api.headers,
        data: { slot_id: slotId, showed_up: true },
      });
      expect(arrived.status()).toBe(200);
    }
    const called = await api.request.put(`${server.url}/api/call-next-token`, {
      headers: api.headers,
      data: { queueId, date: today },
    });
    expect(called.status()).toBe(200);

    await tv.page.goto(`${server.url}/tv`);
    const code = (await tv.page.getByTestId('pairing-code').textContent()) ?? '';
    const paired = await api.request.post(`${server.url}/api/tv/pair`, {
      headers: api.headers,
      data: { code, locationId, queueId },
    });
    expect(paired.status()).toBe(200);
    await tv.page.getByRole('heading', { name: clinic.name }).waitFor();
  });
  afterAll(async () => {
    await tv?.close();
    await staff?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const size of screens) {
    const name = `${size.width}x${size.height}`;
    it(`fits ${name} without scrolling, the token served a fifth of the screen high`, async () => {
      const { page } = tv;
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      const seen = await measure(page);

      expect(seen.innerWidth).toBe(size.width);
      expect(seen.innerHeight).toBe(size.height);
      expect(seen.scrollHeight, 'nothing below the screen').toBeLessThanOrEqual(seen.innerHeight);
      expect(seen.bodyScrollHeight, 'nothing below the screen').toBeLessThanOrEqual(seen.innerHeight);
      expect(seen.scrollWidth, 'nothing beside the screen').toBeLessThanOrEqual(seen.innerWidth);

      expect(seen.nowServing?.text).toMatch(/^\d+$/);
      expect(seen.nowServing?.height ?? 0).toBeGreaterThanOrEqual(0.2 * seen.innerHeight);
      expect(seen.nowServing?.bottom ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(seen.innerHeight);

      expect(seen.clinic?.text).toBe(clinic.name);
      expect(seen.clinic?.clipped, 'the clinic name is whole').toBe(false);
      expect(seen.clock?.text).toMatch(/^\d{1,2}:\d{2} (am|pm)$/);
      // The clinic's time, whatever the TV's own zone: this minute or the one before.
      const clinicTime = (at: number) =>
        new Intl.DateTimeFormat('en-IN', {
          hour: 'numeric',
          minute: '2-digit',
          hour12: true,
          timeZone: clinicZone,
        }).format(at);
      expect([clinicTime(Date.now()), clinicTime(Date.now() - 60_000)]).toContain(seen.clock?.text);
      expect(seen.clock?.right ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(seen.innerWidth);

      // Ten arrived, one served: more wait than the list has rows, so its last row counts them.
      const listed = seen.waitingRows.filter((row) => row.text !== seen.more?.text);
      expect(listed.length).toBeGreaterThanOrEqual(3);
      expect(seen.more?.text).toBe(`+${9 - listed.length} more`);
      expect(listed.every((row) => /^\d+\D/.test(row.text))).toBe(true);
      for (const row of seen.waitingRows) {
        expect(row.bottom, `${row.text} is on the screen`).toBeLessThanOrEqual(seen.innerHeight);
        expect(row.right, `${row.text} is on the screen`).toBeLessThanOrEqual(seen.innerWidth);
      }

      if (screenshotDir) await page.screenshot({ path: join(screenshotDir, `tv-${name}.png`), type: 'png' });
    });
  }
});
