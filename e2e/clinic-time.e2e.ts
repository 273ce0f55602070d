import { rmSync } from 'node:fs';
import { billMessagesTexts, receiptTexts } from '@vaidya/contract/bill-screens';
import {
  calendarDateEnGb,
  clinicDateTime,
  clinicDate as printedDate,
  timeOfDayEnIn,
} from '@vaidya/contract/calendar-dates';
import { dateFieldWords } from '@vaidya/contract/date-field-screens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { createClinic } from './support/cli';
import {
  atBothWidths,
  bookPatient,
  type ClinicApi,
  clinicApi,
  clinicDate,
  openLocationWithQueue,
  type Patient,
  rememberChoices,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

const clinic = {
  name: 'Deccan Family Clinic',
  email: 'owner@deccan-family.in',
  password: 'Deccan-Family-Clock-2026',
};
// The clinic keeps Indian time; its desk's laptop is set to American English in New York,
// 9½ or 10½ hours behind: every date and time the laptop would print of itself is wrong here.
const clinicZone = 'Asia/Kolkata';
const laptop = { locale: 'en-US', timezoneId: 'America/New_York' };
const patient: Patient = { name: 'Nandini Joshi', mobile: '9822055501' };

/** The API's answer body's data, after checking its status. */
async function dataOf<T>(answer: { status(): number; json(): Promise<{ data: T }> }, status: number) {
  expect(answer.status()).toBe(status);
  return (await answer.json()).data;
}

describe('the clinic’s dates and times on a laptop set to another language and zone', () => {
  const dataDir = newDataDir('clinic-time');
  let server: RunningServer;
  let browser: Browser;
  let api: ClinicApi;
  let locationId: string;
  let queueId: string;

  beforeAll(async () => {
    await createClinic(dataDir, clinic, { 'time-zone': clinicZone });
    server = await startServer({ dataDir });
    browser = await openBrowser(laptop);
    await signIn(browser.page, server.url, clinic);
    api = await clinicApi(browser.page, server.url);
    ({ locationId, queueId } = await openLocationWithQueue(api));
    await rememberChoices(browser.page, { locationId });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads and takes the bookings day as DD/MM/YYYY, on the clinic’s calendar', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/bookings`);
    expect(
      await page.evaluate(() => [navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone]),
    ).toEqual([laptop.locale, laptop.timezoneId]);

    const dayField = page.getByLabel('Day', { exact: true });
    await page.getByText('No bookings for this day yet.').waitFor();
    const today = clinicDate(clinicZone);
    expect(await dayField.inputValue()).toBe(calendarDateEnGb(today));
    await atBothWidths(page, 'date-field');

    // A booking two days on, and the day typed as a receptionist types it: digits only.
    const later = clinicDate(clinicZone, 2);
    await bookPatient(api, { queueId, date: later, startTime: '09:00', patient });
    await dayField.fill('');
    await dayField.pressSequentially(calendarDateEnGb(later).replaceAll('/', ''));
    expect(await dayField.inputValue()).toBe(calendarDateEnGb(later));
    const row = page.getByRole('row', { name: new RegExp(patient.name) });
    await row.getByRole('cell', { name: timeOfDayEnIn('09:00'), exact: true }).waitFor();

    // The browser's own calendar, opened from the keyboard: a day on from the one shown.
    await dayField.focus();
    await page.keyboard.press('Tab');
    const calendarButton = page.getByRole('button', { name: dateFieldWords.openCalendar('Day') });
    expect(await calendarButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => dayField.inputValue()).toBe(calendarDateEnGb(clinicDate(clinicZone, 3)));
    await page.getByText('No bookings for this day yet.').waitFor();

    // A day that is not on the calendar is named as such, and the list stays on the last real day.
    await dayField.fill('');
    await dayField.pressSequentially('31022027');
    await page.getByText(dateFieldWords.notARealDate('Day'), { exact: true }).waitFor();
    await atBothWidths(page, 'date-field-not-real');
    await page.getByRole('button', { name: 'Today' }).click();
    expect(await dayField.inputValue()).toBe(calendarDateEnGb(today));
    expect(await page.getByText(dateFieldWords.notARealDate('Day')).count()).toBe(0);
  });

  it('dates a WhatsApp message and a receipt where the clinic is, not where the laptop is', async () => {
    const { page, context } = browser;
    const bill = await dataOf<{ id: string }>(
      await api.request.post(`${api.url}/api/bill/add-bill`, {
        headers: api.headers,
        data: {
          locationId,
          slotId: null,
          customerName: patient.name,
          customerMobile: patient.mobile,
          items: [{ name: 'Consultation', quantity: 1, unitPrice: 600, taxPercentage: 0 }],
          discount: 0,
          amountPaid: 0,
          paymentMode: 'cash',
        },
      }),
      201,
    );
    const message = await dataOf<{ created_at: string }>(
      await api.request.post(`${api.url}/api/bill/send-message`, {
        headers: api.headers,
        data: { billId: bill.id },
      }),
      200,
    );
    const receipt = await dataOf<{ id: string; paid_at: string }>(
      await api.request.post(`${api.url}/api/bill/record-dues-payment`, {
        headers: api.headers,
        data: { locationId, customerMobile: patient.mobile, amount: 250, paymentMode: 'upi' },
      }),
      201,
    );

    await page.goto(`${server.url}/bill-preview/${bill.id}`);
    const sent = page.getByRole('region', { name: billMessagesTexts.title }).getByRole('listitem');
    await sent.getByText(clinicDateTime(message.created_at, clinicZone), { exact: true }).waitFor();
    // Never the laptop's: New York's hour is always another.
    expect(await sent.textContent()).not.toContain(clinicDateTime(message.created_at, laptop.timezoneId));

    const opened = await context.newPage();
    try {
      await opened.goto(`${server.url}/dashboard/receipt/${receipt.id}`);
      const patientBlock = opened
        .getByRole('article', { name: receiptTexts.document })
        .getByRole('region', { name: receiptTexts.patient });
      await patientBlock
        .getByText(receiptTexts.labelled(receiptTexts.date, printedDate(receipt.paid_at, clinicZone)), {
          exact: true,
        })
        .waitFor();
    } finally {
      await opened.close();
    }
  });
});
