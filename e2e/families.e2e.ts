import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  bookPatient,
  type ClinicApi,
  chooseIfOffered,
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

const demoDomain = 'sushrut-dental.vaidya.clinic';
const mothersMobile = '9822077001';

/** The clinic's patients on a mobile, as the desk's lookup answers them: a family's names. */
async function namesOnMobile(api: ClinicApi, mobile: string): Promise<string[]> {
  const answer = await api.request.get(`${api.url}/api/get-patient-by-mobile?mobile=${mobile}`, {
    headers: api.headers,
  });
  return (await answer.json()).data.map((patient: { name: string }) => patient.name);
}

describe('a family on one phone', () => {
  const dataDir = newDataDir('families');
  const day = dayAfterTomorrow();
  let server: RunningServer;
  let browser: Browser;
  let api: ClinicApi;
  let queueId: string;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    await signIn(browser.page, server.url, demoDentist);
    api = await clinicApi(browser.page, server.url);
    const opened = await openLocationWithQueue(api, { queueName: 'Dr Rao — Family OPD' });
    queueId = opened.queueId;
    await rememberChoices(browser.page, { locationId: opened.locationId });
    // The mother is a patient already.
    await bookPatient(api, {
      queueId,
      date: day,
      startTime: '11:45',
      patient: { name: 'Meera Shah', mobile: mothersMobile, age: 38, gender: 'female' },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the desk books the child on the mother’s number, as a patient of his own', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/bookings`);
    await page.getByRole('combobox', { name: 'Queue' }).getByText('Dr Rao — Family OPD').waitFor();
    await page.getByLabel('Day', { exact: true }).fill(calendarDateEnGb(day));
    await page.getByRole('row', { name: /Meera Shah/ }).waitFor();

    await page.getByRole('button', { name: 'Add walk-in' }).click();
    const walkIn = page.getByRole('dialog', { name: 'Add walk-in' });
    await walkIn.getByLabel('Next free (9:00 am–9:15 am)').waitFor();
    await walkIn.getByLabel('Mobile number').fill(mothersMobile);
    // One patient on the number: her details fill the form, as a returning patient's.
    await walkIn.getByText('Returning patient').waitFor();
    await expect.poll(() => walkIn.getByLabel(/^Name/).inputValue()).toBe('Meera Shah');
    // Her son has come: the desk types his name over hers, which makes him a new patient.
    await walkIn.getByLabel(/^Name/).fill('Kabir Shah');
    // Her age and gender leave with her name: they are not his.
    await expect.poll(() => walkIn.getByLabel('Age').inputValue()).toBe('');
    expect(await walkIn.getByRole('combobox', { name: 'Gender' }).textContent()).not.toContain('Female');
    await walkIn.getByLabel('Age').fill('9');
    await walkIn.getByText('A new patient on this number').waitFor();
    await walkIn.getByRole('button', { name: 'Book' }).click();
    await page.getByText('Token 2 booked at 9:00 am').waitFor();
    await page.getByRole('row', { name: /Kabir Shah/ }).waitFor();
    expect(await namesOnMobile(api, mothersMobile)).toEqual(['Kabir Shah', 'Meera Shah']);
    await page.getByRole('row', { name: /Meera Shah/ }).waitFor();

    // Next time the number is typed, the desk sees the family and picks who has come.
    await page.getByRole('button', { name: 'Add walk-in' }).click();
    await walkIn.getByLabel(/Next free/).waitFor();
    await walkIn.getByLabel('Mobile number').fill(mothersMobile);
    const family = walkIn.getByRole('radiogroup', { name: 'Patients on this number' });
    await family.getByLabel('Kabir Shah · 9 y').waitFor();
    if (screenshotDir) await page.screenshot({ path: join(screenshotDir, 'walk-in-family.png') });
    await family.getByLabel('Kabir Shah · 9 y').check();
    await expect.poll(() => walkIn.getByLabel(/^Name/).inputValue()).toBe('Kabir Shah');
    await walkIn.getByRole('button', { name: 'Book' }).click();
    await page.getByText('Token 3 booked at 9:15 am').waitFor();
    expect(await namesOnMobile(api, mothersMobile)).toEqual(['Kabir Shah', 'Meera Shah']);
  });

  it('the grandfather books online on the same number and is added as a new patient', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/site/${demoDomain}`);
    await page.getByRole('heading', { level: 1, name: 'Sushrut Dental Care' }).waitFor();
    await chooseIfOffered(page, 'Aundh');
    await chooseIfOffered(page, 'Dr Rao — Family OPD');
    const firstTime = page.getByRole('group', { name: 'Time' }).locator('label').first();
    await firstTime.waitFor();
    const time = (await firstTime.textContent()) ?? '';
    await firstTime.click();
    await page.getByLabel('Your name').fill('Harish Shah');
    await page.getByLabel('Mobile number').fill(mothersMobile);
    await page.getByRole('button', { name: `Book ${time}` }).click();
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor();

    expect(await namesOnMobile(api, mothersMobile)).toEqual(['Harish Shah', 'Kabir Shah', 'Meera Shah']);
    // The mother's record is as it was: an anonymous visitor renames nobody.
    const family = (
      await (
        await api.request.get(`${api.url}/api/get-patient-by-mobile?mobile=${mothersMobile}`, {
          headers: api.headers,
        })
      ).json()
    ).data;
    expect(family).toContainEqual(expect.objectContaining({ name: 'Meera Shah', age: 38, gender: 'female' }));
  });
});
