import { rmSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { createClinic } from './support/cli';
import {
  atBothWidths,
  authHeaders,
  bookPatient,
  type ClinicApi,
  clinicApi,
  dayAfterTomorrow,
  demoDentist,
  openLocationWithQueue,
  type Patient,
  rememberChoices,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { expectLightPhoneDocument } from './support/patient-document';
import { type RunningServer, startServer } from './support/server';

/** A prepaid clinic made by the operator, its wallet below one booking's charge. */
const prepaid = {
  name: 'Dhanvantari Physio',
  email: 'owner@dhanvantari-physio.in',
  password: 'Dhanvantari-Wallet-Baner-4',
};
const patient: Patient = { name: 'Kavita Rao', mobile: '9822012345', age: 34, gender: 'female' };
/** The demo clinic's prices (its dental starter lists): what the bill's lines are charged at. */
const rootCanal = 'Root canal treatment (molar)'; // ₹6,000, no tax
const amoxicillin = 'Amoxicillin 500'; // ₹75, 12%
const xray = 'Intraoral X-ray'; // ₹200, no tax
const mouthwash = 'Chlorhexidine Mouthwash'; // ₹95, 12%

/*
 * The bill, worked by hand: 1 × 6,000 + 2 × 75 + 1 × 200 + 1 × 95 = ₹6,445.00, less ₹300.
 * The discount is shared over the lines' amounts (644500 paise) in proportion, the odd
 * paise to the largest remainders: 279.29, 6.98, 9.31 and 4.42 rupees. Taxed lines:
 * amoxicillin 150 − 6.98 = 143.02 × 12% = 17.1624 → ₹17.16; mouthwash 95 − 4.42 = 90.58 ×
 * 12% = 10.8696 → ₹10.87. Tax ₹28.03; total 6,445 − 300 + 28.03 = ₹6,173.03. Paid ₹2,000
 * by UPI, then ₹1,000 in cash: ₹3,000 paid, ₹3,173.03 still owed.
 */
const figures = {
  subtotal: '₹6,445.00',
  discount: '₹300.00',
  tax: '₹28.03',
  total: '₹6,173.03',
  firstPaid: '₹2,000.00',
  firstBalance: '₹4,173.03',
  paid: '₹3,000.00',
  balance: '₹3,173.03',
  inWords: 'Rupees Six Thousand One Hundred Seventy-Three and Three Paise Only',
};

/** The clinic's time zone (the demo's, India). */
const clinicZone = 'Asia/Kolkata';
const clinicToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: clinicZone }).format(new Date());
const enGb = (isoDate: string) => isoDate.split('-').reverse().join('/');
/** The financial year (April–March) of a date, as a bill number prints it: 2026-27. */
function financialYearOf(isoDate: string) {
  const [year = 0, month = 0] = isoDate.split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The booking's prescription: a root canal and an antibiotic, which the bill starts from. */
async function prescribe(api: ClinicApi, booking: { slotId: string; locationId: string }) {
  const form = await api.request.post(`${api.url}/api/consultation-form/add-consultation-form`, {
    headers: api.headers,
    data: {
      ...booking,
      customerName: patient.name,
      customerMobile: patient.mobile,
      customerAge: patient.age,
      customerGender: patient.gender,
      treatments: [{ treatment_name: rootCanal, tooth_number: 36 }],
      products: [{ product_name: amoxicillin, dosage_qty: '1 tablet', is_morning: true, days: 5 }],
    },
  });
  expect(form.status()).toBe(201);
}

/** Types into one of the editor's pickers and clicks the entry offered for the term. */
async function pick(page: Page, label: string, term: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(term);
  await page.getByRole('option', { name: option }).click();
}

/** The editor's figure beside a label ("Total" → "₹6,173.03"). */
const figure = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** The cells of each row of a table body, as text. */
async function bodyRows(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const texts: string[][] = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    texts.push(await rows.nth(index).locator('th, td').allInnerTexts());
  }
  return texts;
}

describe('bills and wallet payments', () => {
  const dataDir = newDataDir('bills');
  const day = dayAfterTomorrow();
  let server: RunningServer;
  let browser: Browser;
  let headers: Record<string, string>;
  let billId: string;
  let billNumber: string;

  beforeAll(async () => {
    // The operator makes the prepaid clinic with the CLI while the server is stopped: ₹5 in
    // its wallet, ₹10 a booking.
    await createClinic(dataDir, prepaid, {
      subscription: 'wallet',
      'wallet-balance': '5',
      'charge-per-booking': '10',
    });
    // The prepaid clinic recharges through the labelled test gateway, which a server offers only when chosen.
    server = await startServer({ dataDir, env: { SEED_DEMO: '1', PAYMENT_GATEWAY: 'test' } });
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.url, demoDentist);
    const api = await clinicApi(page, server.url);
    headers = api.headers;
    // A new location of the demo clinic with one queue open 09:00–12:00 every day, a booking
    // in it, and the booking's prescription.
    const { locationId, queueId } = await openLocationWithQueue(api);
    const slotId = await bookPatient(api, { queueId, date: day, startTime: '09:00', patient });
    await prescribe(api, { slotId, locationId });
    // The dashboard opens on the new location and on the booking's day (spec §3 client state).
    await rememberChoices(page, { locationId, day });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('bills a booking from its prescription, with picked lines, a discount and a part payment', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/bookings`);
    await page.getByRole('row', { name: new RegExp(patient.name) }).waitFor();
    await page.getByRole('button', { name: `Bill for ${patient.name}` }).click();

    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/bill-editor');
    // The prescription's treatment and medicine, priced from the masters.
    const line = (name: string) => page.getByRole('listitem', { name, exact: true });
    await line(rootCanal).waitFor();
    expect(await page.getByRole('textbox', { name: /Patient name/ }).inputValue()).toBe(patient.name);
    expect(await page.getByRole('textbox', { name: /Mobile number/ }).inputValue()).toBe(patient.mobile);
    expect(await line(rootCanal).getByRole('textbox', { name: 'Unit price (₹)' }).inputValue()).toBe('6000');
    expect(await line(amoxicillin).getByRole('textbox', { name: 'Unit price (₹)' }).inputValue()).toBe('75');
    expect(await line(amoxicillin).getByRole('textbox', { name: 'Tax %' }).inputValue()).toBe('12');
    await line(amoxicillin).getByRole('textbox', { name: 'Qty' }).fill('2');

    await pick(page, 'Add treatment', 'intraoral', new RegExp(`^${xray}`));
    await pick(page, 'Add medicine', 'chlorhex', new RegExp(`^${mouthwash}`));
    await line(xray).waitFor();
    expect(await line(mouthwash).getByRole('textbox', { name: 'Unit price (₹)' }).inputValue()).toBe('95');
    await page.getByRole('textbox', { name: 'Discount (₹)' }).fill('300');

    await expect.poll(() => figure(page, 'Total').textContent()).toBe(figures.total);
    expect(await figure(page, 'Subtotal').textContent()).toBe(figures.subtotal);
    expect(await figure(page, 'Discount').textContent()).toBe(figures.discount);
    expect(await figure(page, 'Tax').textContent()).toBe(figures.tax);
    expect(await figure(page, 'Amount due').textContent()).toBe(figures.total);
    const paid = page.getByRole('textbox', { name: 'Amount paid (₹)' });
    expect(await paid.inputValue()).toBe('6173.03');
    // She pays part of it now.
    await paid.fill('2000');
    await page.getByText(`Balance: ${figures.firstBalance}`).waitFor();
    await page.getByRole('radio', { name: 'UPI' }).check();

    await atBothWidths(page, 'bill-editor');

    await page.getByRole('button', { name: 'Save bill' }).click();
    await page.waitForURL(new RegExp(`${server.url}/bill-preview/[0-9a-f-]{36}$`));
    billId = page.url().split('/').at(-1) ?? '';
    await page.getByText('Bill saved successfully').waitFor();

    const saved = await browser.context.request.get(`${server.url}/api/bill/get-by-id`, {
      headers,
      params: { id: billId },
    });
    expect(saved.status()).toBe(200);
    billNumber = (await saved.json()).data.bill_number;
    const today = clinicToday();
    // The clinic's initials, the financial year, and the year's sequence of the clinic.
    expect(billNumber).toMatch(new RegExp(`^SDC/${financialYearOf(today)}/\\d{4}$`));

    const sheet = page.getByRole('article', { name: 'Bill' });
    await sheet.getByRole('heading', { level: 1, name: 'Sushrut Dental Care' }).waitFor();
    const patientBlock = sheet.getByRole('region', { name: 'Patient' });
    for (const text of [
      patient.name,
      `Mobile: ${patient.mobile}`,
      `Bill No.: ${billNumber}`,
      `Date: ${enGb(today)}`,
    ]) {
      await patientBlock.getByText(text, { exact: true }).waitFor();
    }
    const items = sheet.getByRole('region', { name: 'Items' }).getByRole('table');
    expect(await items.getByRole('columnheader').allInnerTexts()).toEqual([
      'S.No',
      'Item',
      'Qty',
      'Unit Price',
      'Tax %',
      'Tax',
      'Amount',
    ]);
    expect(await bodyRows(items)).toEqual([
      ['1', rootCanal, '1', '₹6,000.00', '0%', '₹0.00', '₹6,000.00'],
      ['2', amoxicillin, '2', '₹75.00', '12%', '₹17.16', '₹150.00'],
      ['3', xray, '1', '₹200.00', '0%', '₹0.00', '₹200.00'],
      ['4', mouthwash, '1', '₹95.00', '12%', '₹10.87', '₹95.00'],
    ]);
    expect(await bodyRows(sheet.getByRole('region', { name: 'Totals' }).getByRole('table'))).toEqual([
      ['Subtotal', figures.subtotal],
      ['Discount', figures.discount],
      ['Tax', figures.tax],
      ['Total', figures.total],
      ['Paid', figures.firstPaid],
      ['Balance', figures.firstBalance],
    ]);
    await sheet.getByText(`Amount in words: ${figures.inWords}`, { exact: true }).waitFor();
    const payments = await bodyRows(sheet.getByRole('region', { name: 'Payments' }).getByRole('table'));
    expect(payments.map((row) => row.slice(1))).toEqual([['UPI', figures.firstPaid]]);

    await atBothWidths(page, 'bill-preview');
  });

  it('takes a later payment on the same bill from the booking, leaving the rest owed', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/bookings`);
    await page.getByRole('button', { name: `Bill for ${patient.name}` }).click();
    // The booking has its bill now: the button opens it, paid so far as it was.
    await page.getByRole('heading', { name: 'Edit bill' }).waitFor();
    const paid = page.getByRole('textbox', { name: 'Amount paid (₹)' });
    expect(await paid.inputValue()).toBe('2000');
    expect(await figure(page, 'Total').textContent()).toBe(figures.total);
    await paid.fill('3000');
    await page.getByText(`Balance: ${figures.balance}`).waitFor();
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByRole('button', { name: 'Save bill' }).click();
    await page.waitForURL(`${server.url}/bill-preview/${billId}`);
    await page.getByText('Bill updated successfully').waitFor();

    const sheet = page.getByRole('article', { name: 'Bill' });
    await sheet.getByRole('region', { name: 'Patient' }).getByText(`Bill No.: ${billNumber}`).waitFor();
    const totals = sheet.getByRole('region', { name: 'Totals' }).getByRole('table');
    await totals.getByRole('cell', { name: figures.paid, exact: true }).waitFor();
    expect((await bodyRows(totals)).slice(3)).toEqual([
      ['Total', figures.total],
      ['Paid', figures.paid],
      ['Balance', figures.balance],
    ]);
    const payments = await bodyRows(sheet.getByRole('region', { name: 'Payments' }).getByRole('table'));
    expect(payments.map((row) => row.slice(1))).toEqual([
      ['UPI', figures.firstPaid],
      ['Cash', '₹1,000.00'],
    ]);

    // The bill was written from the booking: Edit opens it again, and Back returns to the bookings.
    const toolbar = page.getByRole('toolbar', { name: 'Document actions' });
    expect(await toolbar.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/dashboard/bill-editor?id=${billId}`,
    );
    await expect
      .poll(() => toolbar.getByRole('link', { name: 'Back' }).getAttribute('href'))
      .toBe('/dashboard/bookings');
    await toolbar.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${server.url}/dashboard/bookings`);
    await page.getByRole('button', { name: `Bill for ${patient.name}` }).waitFor();
  });

  it('lists the bill for the day, shows what the patient owes in all, and opens the bill in a new tab', async () => {
    const { page, context } = browser;
    await page.goto(`${server.url}/dashboard/bills`);
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    // The dates start on the day chosen on the bookings screen (later than today); the bill is today's.
    const start = page.getByLabel('Start Date', { exact: true });
    expect(await start.inputValue()).toBe(enGb(day));
    await start.fill(enGb(clinicToday()));
    const row = page.getByRole('row', { name: new RegExp(patient.name) });
    await row.waitFor();
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 8)).toEqual([
      '1',
      patient.name,
      patient.mobile,
      enGb(clinicToday()),
      figures.total,
      figures.tax,
      figures.paid,
      figures.balance,
    ]);
    expect(await page.locator('tbody tr').count()).toBe(1);

    await page.getByRole('button', { name: `Bill history of ${patient.name}` }).click();
    const history = page.getByRole('dialog', { name: `Bill History: ${patient.name}` });
    await history.getByText(`Total Balance: ${figures.balance}`, { exact: true }).waitFor();
    expect(await bodyRows(history.getByRole('table'))).toEqual([
      [enGb(clinicToday()), figures.total, figures.tax, figures.paid, figures.balance],
    ]);
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });

    await atBothWidths(page, 'bills', () =>
      page.getByText(`Balance ${figures.balance}`, { exact: true }).waitFor(),
    );

    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: `View Bill of ${patient.name}` }).click();
    const tab = await opened;
    try {
      await tab.waitForURL(`${server.url}/bill-preview/${billId}`);
      const sheet = tab.getByRole('article', { name: 'Bill' });
      await sheet.getByText(`Bill No.: ${billNumber}`, { exact: true }).waitFor();
      await sheet.getByRole('cell', { name: figures.balance, exact: true }).waitFor();
    } finally {
      await tab.close();
    }
    // The list stays where it was, in its own tab.
    expect(page.url()).toBe(`${server.url}/dashboard/bills`);
  });

  it('sends the bill on WhatsApp, and lists the message kept in the outbox', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/bill-preview/${billId}`);
    const messages = page.getByRole('region', { name: 'WhatsApp messages' });
    await messages.getByText('Not sent on WhatsApp yet.').waitFor();
    await page.getByRole('button', { name: 'Send WhatsApp' }).click();
    await page.getByText('Not sent: WhatsApp is not set up; the message is kept in the outbox.').waitFor();

    const entry = messages.getByRole('listitem');
    await entry.getByText('Kept in the outbox (WhatsApp not set up)', { exact: true }).waitFor();
    await entry.getByText(`To ${patient.mobile}`, { exact: true }).waitFor();
    expect(await entry.count()).toBe(1);

    const answer = await browser.context.request.get(`${server.url}/api/bill/get-messages`, {
      headers,
      params: { id: billId },
    });
    expect(answer.status()).toBe(200);
    const sent: { recipient: string; status: string; error: string | null; body: string }[] = (
      await answer.json()
    ).data;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: patient.mobile, status: 'recorded', error: null });
    expect(sent[0]?.body).toContain(`Bill for ${patient.name} from Sushrut Dental Care`);
    expect(sent[0]?.body).toContain(`/bill/${billId}`);
  });

  it('a visitor opens the bill from its link without signing in', async () => {
    const visitor = await openBrowser();
    try {
      const { page } = visitor;
      await page.goto(`${server.url}/bill/${billId}`);
      const sheet = page.getByRole('article', { name: 'Bill' });
      await sheet.getByText(`Bill No.: ${billNumber}`, { exact: true }).waitFor();
      await sheet.getByRole('cell', { name: mouthwash, exact: true }).waitFor();
      expect(
        (await bodyRows(sheet.getByRole('region', { name: 'Totals' }).getByRole('table'))).slice(3),
      ).toEqual([
        ['Total', figures.total],
        ['Paid', figures.paid],
        ['Balance', figures.balance],
      ]);
      expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
      expect(page.url()).toBe(`${server.url}/bill/${billId}`);
      await page.getByRole('button', { name: 'Print' }).waitFor();
      expect(await page.getByRole('button', { name: 'Send WhatsApp' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'WhatsApp messages' }).count()).toBe(0);
      await atBothWidths(page, 'bill-view', () =>
        expectLightPhoneDocument(page, sheet.getByRole('region', { name: 'Items' })),
      );
    } finally {
      await visitor.close();
    }
  });

  it('a prepaid clinic below its charge recharges through the test gateway, and bookings open again', async () => {
    const owner = await openBrowser();
    try {
      const { page } = owner;
      // The wallet guard sends it from bookings to the payment page.
      await signIn(page, server.url, prepaid, '/dashboard/payment');
      await page.getByText('Insufficient balance. Please recharge.').waitFor();
      const summary = (label: string) =>
        page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
      await expect.poll(() => summary('Wallet balance').textContent()).toBe('₹5.00');
      expect(await summary('Charge per booking').textContent()).toBe('₹10.00');
      expect(await summary('Bookings left').textContent()).toBe('0');

      await page.getByRole('button', { name: '₹500.00', exact: true }).click();
      await page.getByRole('button', { name: 'Recharge ₹500.00' }).click();
      const dialog = page.getByRole('dialog', { name: 'Test payment — no real money' });
      await dialog
        .getByText(
          'This clinic uses the test gateway: no money moves. Choose what happens to the payment of ₹500.00.',
        )
        .waitFor();
      await dialog.getByRole('button', { name: 'Pay' }).click();
      await page.getByText('Payment successful').waitFor();
      await expect.poll(() => summary('Wallet balance').textContent()).toBe('₹505.00');
      expect(await summary('Bookings left').textContent()).toBe('50');
      const ledger = page.getByRole('table', { name: 'Credits and debits' });
      await ledger.getByText('+₹500.00', { exact: true }).waitFor();
      // Done with this payment, the page is ready for the next.
      await expect.poll(() => page.getByRole('button', { name: 'Recharge ₹500.00' }).isEnabled()).toBe(true);

      await atBothWidths(page, 'payment');

      // The guard has lifted: the app's own link now opens bookings.
      await page.getByRole('link', { name: 'Bookings', exact: true }).click();
      await page.getByRole('heading', { name: 'Bookings' }).waitFor();
      expect(page.url()).toBe(`${server.url}/dashboard/bookings`);

      const credits = await owner.context.request.get(
        `${server.url}/api/payment/get-partner-credits-details`,
        {
          headers: await authHeaders(page),
        },
      );
      expect(credits.status()).toBe(200);
      expect((await credits.json()).data.wallet_balance).toBe(505);
    } finally {
      await owner.close();
    }
  });
});
