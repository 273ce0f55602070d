import { rmSync } from 'node:fs';
import { patientSearchTexts } from '@vaidya/contract/dashboard-screens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  bookPatient,
  clinicApi,
  dayAfterTomorrow,
  demoDentist,
  openLocationWithQueue,
  type Patient,
  phoneViewport,
  rememberChoices,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** Two patients whose mobiles end in the same four digits, so those digits find both. */
const sunita: Patient = { name: 'Sunita Pawar', mobile: '9822058241', age: 38, gender: 'female' };
const rahul: Patient = { name: 'Rahul Kulkarni', mobile: '9890358241', age: 45, gender: 'male' };
const lastDigits = '8241';
const patientPage = /\/dashboard\/patients\/[0-9a-f-]{36}$/;

describe('a patient from any screen', () => {
  const dataDir = newDataDir('patient-search');
  const day = dayAfterTomorrow();
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.url, demoDentist);
    const api = await clinicApi(page, server.url);
    const { locationId, queueId } = await openLocationWithQueue(api);
    await bookPatient(api, { queueId, date: day, startTime: '09:00', patient: sunita });
    await bookPatient(api, { queueId, date: day, startTime: '09:15', patient: rahul });
    await rememberChoices(page, { locationId, day });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens from a booking’s name, and from Ctrl+K by four digits of the mobile, ↓ and Enter', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/bookings`);
    await page.getByRole('link', { name: rahul.name }).click();
    await page.getByRole('heading', { level: 1, name: rahul.name }).waitFor();
    expect(page.url()).toMatch(patientPage);

    await page.keyboard.press('Control+K');
    const search = page.getByRole('combobox', { name: patientSearchTexts.field });
    await search.fill(lastDigits);
    const listbox = page.getByRole('listbox', { name: patientSearchTexts.matches });
    await listbox.getByRole('option', { name: new RegExp(sunita.name) }).waitFor();
    // Mobiles ending in the digits come first; which of the two leads is the registry's order, by last visit.
    const nameIn = (text: string) => [sunita.name, rahul.name].find((name) => text.startsWith(name));
    const offered = (await listbox.getByRole('option').allTextContents()).slice(0, 2).map(nameIn);
    expect(offered.toSorted()).toEqual([rahul.name, sunita.name]);
    await search.press('ArrowDown');
    expect(await listbox.getByRole('option').nth(1).getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await page.getByRole('heading', { level: 1, name: offered[1] }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('opens from the search icon on a phone and closes with Escape', async () => {
    const { page } = browser;
    await page.setViewportSize(phoneViewport);
    await page.goto(`${server.url}/dashboard/bookings`);
    await page.getByRole('button', { name: patientSearchTexts.open }).click();
    const search = page.getByRole('combobox', { name: patientSearchTexts.field });
    await search.fill('kulk');
    await page.getByRole('option', { name: new RegExp(rahul.name) }).waitFor();
    await search.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard/bookings');
  });
});
