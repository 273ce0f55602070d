import { join } from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Account {
  email: string;
  password: string;
}

/** The demo clinic's owner (apps/api/src/seed/demo-seed.ts), there when the server starts with SEED_DEMO=1. */
export const demoDentist: Account = { email: 'owner@sushrut-dental.in', password: 'Sushrut-Kothrud-2026' };

/** Where the screenshots go, to be looked at by a person: 1280 and 360 px wide. */
export const screenshotDir = process.env.SCREENSHOT_DIR;

/** A phone the journeys check at, and the desktop window they otherwise use. */
export const phoneViewport = { width: 360, height: 740 };
const desktopViewport = { width: 1280, height: 800 };

/** Signs in on the sign-in page and waits for the page it opens: the bookings screen unless `landsOn` says otherwise. */
export async function signIn(page: Page, url: string, account: Account, landsOn = '/dashboard/bookings') {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}${landsOn}`);
}

/** `Authorization: Bearer <id token>`, as the web app sends it. */
export const bearer = (idToken: string) => ({ Authorization: `Bearer ${idToken}` });

/** The signed-in page's id token (the web app keeps it in localStorage) as the API's headers. */
export async function authHeaders(page: Page): Promise<Record<string, string>> {
  const idToken = await page.evaluate(() => localStorage.getItem('idToken'));
  expect(idToken).toBeTruthy();
  return bearer(idToken ?? '');
}

/** The API as a signed-in clinic calls it. */
export interface ClinicApi {
  request: APIRequestContext;
  url: string;
  headers: Record<string, string>;
}

/** The API as the clinic signed in on the page calls it, sharing the page's cookies. */
export async function clinicApi(page: Page, url: string): Promise<ClinicApi> {
  return { request: page.request, url, headers: await authHeaders(page) };
}

export interface NewLocation {
  locationName: string;
  address: string;
  contactNo: string;
}

export interface QueueSetup {
  queueName?: string;
  /** Minutes. */
  slotSize?: number;
  startTime?: string;
  endTime?: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays?: readonly number[];
}

const everyDay = [0, 1, 2, 3, 4, 5, 6];

/** Adds a location as the settings screen does; resolves with its id. */
export async function addLocation(api: ClinicApi, location: NewLocation): Promise<string> {
  const added = await api.request.post(`${api.url}/api/add-location`, {
    headers: api.headers,
    data: location,
  });
  expect(added.status()).toBe(201);
  return (await added.json()).data.id;
}

/**
 * A queue at the location with one session on each of the weekdays, set up as the settings
 * and schedule screens do; by default "Dr Rao — OPD", open 09:00–12:00 every day in 15-minute slots.
 */
export async function openQueue(api: ClinicApi, locationId: string, setup: QueueSetup = {}): Promise<string> {
  const {
    queueName = 'Dr Rao — OPD',
    slotSize = 15,
    startTime = '09:00',
    endTime = '12:00',
    weekdays = everyDay,
  } = setup;
  const queue = await api.request.post(`${api.url}/api/add-queue`, {
    headers: api.headers,
    data: { locationId, queueName, slotSize },
  });
  expect(queue.status()).toBe(201);
  const queueId: string = (await queue.json()).data.id;
  for (const weekday of weekdays) {
    const timing = await api.request.post(`${api.url}/api/add-queue-timings`, {
      headers: api.headers,
      data: { queueId, weekday, startTime, endTime },
    });
    expect(timing.status()).toBe(201);
  }
  return queueId;
}

/** A new location of the signed-in clinic (Aundh, unless given) with one queue (see `openQueue`). */
export async function openLocationWithQueue(
  api: ClinicApi,
  setup: QueueSetup & { location?: NewLocation } = {},
) {
  const locationId = await addLocation(
    api,
    setup.location ?? { locationName: 'Aundh', address: '7 ITI Road, Aundh, Pune', contactNo: '9822099999' },
  );
  const queueId = await openQueue(api, locationId, setup);
  return { locationId, queueId };
}

export interface Patient {
  name: string;
  mobile: string;
  age?: number;
  gender?: 'male' | 'female' | 'other';
}

/** Books the patient as the front desk does; resolves with the booking's id. */
export async function bookPatient(
  api: ClinicApi,
  booking: { queueId: string; date: string; startTime: string; patient: Patient },
): Promise<string> {
  const { patient } = booking;
  const booked = await api.request.post(`${api.url}/api/book-slot`, {
    headers: api.headers,
    data: {
      queueId: booking.queueId,
      date: booking.date,
      startTime: booking.startTime,
      customerName: patient.name,
      customerMobile: patient.mobile,
      customerAge: patient.age,
      customerGender: patient.gender,
    },
  });
  expect(booked.status()).toBe(201);
  return (await booked.json()).data.id;
}

/** The bookings screen's remembered choices (spec §3 client state): the location, and the day when given. */
export async function rememberChoices(page: Page, choices: { locationId: string; day?: string }) {
  await page.evaluate(({ locationId, day }) => {
    localStorage.setItem('selLocId', locationId);
    if (day) localStorage.setItem('selectedDay', day);
  }, choices);
}

/**
 * Two days after the machine's date: in the future in every time zone, so the whole
 * session is still open for booking wherever the clinic's "now" is.
 */
export function dayAfterTomorrow(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  return day.toISOString().slice(0, 10);
}

/**
 * A zone where the local hour is between 02:00 and 21:00 now: its day has hours of free times
 * left and never rolls over during a journey, whenever CI runs.
 */
export function daytimeZone(): string {
  const hourIn = (zone: string) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
  return (
    ['Asia/Kolkata', 'Europe/London', 'America/New_York', 'Pacific/Auckland'].find(
      (zone) => hourIn(zone) >= 2 && hourIn(zone) < 21,
    ) ?? 'Asia/Kolkata'
  );
}

/** The date `days` after today as a clinic in `timeZone` counts it, 'YYYY-MM-DD'. */
export function clinicDate(timeZone: string, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * How far the page, or any element on it matching `scrollers` (a table's own scroller, say),
 * reaches past its width: what a phone would have to scroll sideways.
 */
export const sidewaysOverflow = (page: Page, scrollers?: string) =>
  page.evaluate((selector) => {
    const elements = [document.documentElement, ...(selector ? document.querySelectorAll(selector) : [])];
    return Math.max(...elements.map((element) => element.scrollWidth - element.clientWidth));
  }, scrollers);

/** Narrows the window to the phone's and lets the layout settle at that width. */
async function toPhoneWidth(page: Page) {
  await page.setViewportSize(phoneViewport);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/** Saves `<name>-1280.png` and `<name>-360.png` of the whole page when SCREENSHOT_DIR is set. */
export async function screenshotsAtBothWidths(page: Page, name: string) {
  if (!screenshotDir) return;
  await page.screenshot({ path: join(screenshotDir, `${name}-1280.png`), fullPage: true });
  await toPhoneWidth(page);
  await page.screenshot({ path: join(screenshotDir, `${name}-360.png`), fullPage: true });
  await page.setViewportSize(desktopViewport);
}

/**
 * The page at 1280 px (saved when SCREENSHOT_DIR is set), then on a 360 px phone, where
 * nothing may reach past the screen's width. `ready` waits for what the narrow layout draws.
 */
export async function atBothWidths(page: Page, name: string, ready?: () => Promise<void>) {
  await page.evaluate(() => window.scrollTo(0, 0));
  if (screenshotDir) {
    await page.screenshot({ path: join(screenshotDir, `${name}-1280.png`), fullPage: true });
  }
  await toPhoneWidth(page);
  await ready?.();
  // A chart redraws at the new width a few frames later (its resize is observed, then
  // throttled); what must hold is that the page settles with nothing past the edge.
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);
  if (screenshotDir) {
    await page.screenshot({ path: join(screenshotDir, `${name}-360.png`), fullPage: true });
  }
  await page.setViewportSize(desktopViewport);
}

/** Chooses a chip of the booking website (a radio inside its label) when the page offers a choice; with one option there is none. */
export async function chooseIfOffered(page: Page, name: string) {
  const chip = page.getByRole('radio', { name, exact: true });
  // The radio itself is hidden under its label, as on the page; a person taps the label.
  if ((await chip.count()) > 0) await page.locator('label').filter({ has: chip }).click();
}
