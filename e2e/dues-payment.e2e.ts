import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { receiptTexts } from '@vaidya/contract/bill-screens';
import { billMessages, type Dues } from '@vaidya/contract/bills';
import { billEditorWords, billsScreenWords } from '@vaidya/contract/bills-screens';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { createClinic } from './support/cli';
import {
  addLocation,
  type ClinicApi,
  clinicApi,
  clinicDate,
  type Patient,
  rememberChoices,
  screenshotDir,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

const clinic = {
  name: 'Aundh Physiotherapy Centre',
  email: 'owner@aundh-physio.in',
  password: 'Aundh-Physio-Dues-2026',
};
const clinicZone = 'Asia/Kolkata';
const patient: Patient = { name: 'Shalini Kelkar', mobile: '9822033344' };
const words = billsScreenWords.duesPayment;

/*
 * Her two bills, worked by hand. The older: a ₹1,000 assessment, ₹200 paid, ₹800 owed. The
 * newer: a ₹1,500 course of sessions, nothing paid, ₹1,500 owed. ₹2,300 due in all. She pays
 * ₹1,200: ₹800 settles the older bill, ₹400 goes to the newer, and ₹1,100 is still due.
 */
const olderBill = { item: 'Physiotherapy assessment', price: 1000, paid: 200 };
const newerBill = { item: 'Five physiotherapy sessions', price: 1500, paid: 0 };
const figures = {
  olderTotal: '₹1,000.00',
  olderBalance: '₹800.00',
  newerTotal: '₹1,500.00',
  newerBalance: '₹1,500.00',
  totalDue: '₹2,300.00',
  paying: '1200',
  received: '₹1,200.00',
  newerShare: '₹400.00',
  stillDue: '₹1,100.00',
};

const enGb = (isoDate: string) => isoDate.split('-').reverse().join('/');

/** Bills the patient (or `who`) as the bill editor does (no booking); resolves with the bill's number. */
async function addBill(
  api: ClinicApi,
  locationId: string,
  bill: { item: string; price: number; paid: number },
  who: Patient = patient,
): Promise<string> {
  const added = await api.request.post(`${api.url}/api/bill/add-bill`, {
    headers: api.headers,
    data: {
      locationId,
      slotId: null,
      customerName: who.name,
      customerMobile: who.mobile,
      items: [{ name: bill.item, quantity: 1, unitPrice: bill.price, taxPercentage: 0 }],
      discount: 0,
      amountPaid: bill.paid,
      paymentMode: 'cash',
    },
  });
  expect(added.status()).toBe(201);
  return (await added.json()).data.bill_number;
}

/** The cells of each row of a table body, as text. */
async function bodyRows(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const texts: string[][] = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    texts.push(await rows.nth(index).locator('th, td').allInnerTexts());
  }
  return texts;
}

describe('a payment against old balances', () => {
  const dataDir = newDataDir('dues');
  const today = clinicDate(clinicZone);
  let server: RunningServer;
  let browser: Browser;
  let api: ClinicApi;
  let locationId: string;
  let olderNumber: string;
  let newerNumber: string;

  beforeAll(async () => {
    await createClinic(dataDir, clinic, { 'time-zone': clinicZone });
    server = await startServer({ dataDir });
    browser = await openBrowser();
    await signIn(browser.page, server.url, clinic);
    api = await clinicApi(browser.page, server.url);
    locationId = await addLocation(api, {
      locationName: 'Aundh',
      address: '7 ITI Road, Aundh, Pune',
      contactNo: '9822099999',
    });
    olderNumber = await addBill(api, locationId, olderBill);
    newerNumber = await addBill(api, locationId, newerBill);
    // The bills screen opens on the location and on today, the bills' day.
    await rememberChoices(browser.page, { locationId, day: today });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records one amount against both unpaid bills, oldest first, and prints its receipt', async () => {
    const { page, context } = browser;
    await page.goto(`${server.url}/dashboard/bills`);
    await page.getByRole('heading', { name: billsScreenWords.title }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(patient.name) }).count()).toBe(2);

    await page
      .getByRole('button', { name: billsScreenWords.recordPaymentOf(patient.name) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: words.title(patient.name) });
    await dialog.getByText(`${words.totalDue}: ${figures.totalDue}`, { exact: true }).waitFor();
    expect(await bodyRows(dialog.getByRole('table'))).toEqual([
      [olderNumber, enGb(today), figures.olderTotal, figures.olderBalance],
      [newerNumber, enGb(today), figures.newerTotal, figures.newerBalance],
    ]);
    const amount = dialog.getByRole('textbox', { name: words.amount });
    expect(await amount.inputValue()).toBe('2300');
    await amount.fill(figures.paying);
    if (screenshotDir) {
      await page.screenshot({ path: join(screenshotDir, 'record-payment-1280.png') });
    }
    await dialog.getByRole('radio', { name: billEditorWords.paymentModes.upi }).check();

    await dialog.getByRole('button', { name: words.save }).click();
    await page.getByText(billMessages.duesPaymentRecorded, { exact: true }).waitFor();
    await dialog.getByText(words.recorded(figures.received, figures.stillDue), { exact: true }).waitFor();

    const opened = context.waitForEvent('page');
    await dialog.getByRole('link', { name: words.printReceipt }).click();
    const tab = await opened;
    try {
      await tab.waitForURL(new RegExp(`${server.url}/dashboard/receipt/[0-9a-f-]{36}$`));
      const sheet = tab.getByRole('article', { name: receiptTexts.document });
      await sheet.getByText(receiptTexts.title, { exact: true }).waitFor();
      const patientBlock = sheet.getByRole('region', { name: receiptTexts.patient });
      for (const text of [
        patient.name,
        receiptTexts.labelled(receiptTexts.mobile, patient.mobile),
        receiptTexts.labelled(receiptTexts.mode, receiptTexts.paymentModes.upi),
      ]) {
        await patientBlock.getByText(text, { exact: true }).waitFor();
      }
      const allocations = sheet.getByRole('region', { name: receiptTexts.allocations }).getByRole('table');
      expect(await bodyRows(allocations)).toEqual([
        // No doctor was chosen for either bill (issue 23): the column says none.
        [olderNumber, enGb(today), receiptTexts.none, figures.olderBalance],
        [newerNumber, enGb(today), receiptTexts.none, figures.newerShare],
      ]);
      expect(
        await bodyRows(sheet.getByRole('region', { name: receiptTexts.totals }).getByRole('table')),
      ).toEqual([
        [receiptTexts.received, figures.received],
        [receiptTexts.remainingDue, figures.stillDue],
      ]);
      if (screenshotDir) {
        await tab.screenshot({ path: join(screenshotDir, 'receipt-1280.png'), fullPage: true });
      }
    } finally {
      await tab.close();
    }

    // What is still due, as the server counts it: the older bill settled, the newer one part-paid.
    const answer = await api.request.get(`${server.url}/api/bill/get-dues`, {
      headers: api.headers,
      params: { locationId, customerMobile: patient.mobile },
    });
    expect(answer.status()).toBe(200);
    const dues: Dues = (await answer.json()).data;
    expect(dues.totalDue).toBe(1100);
    expect(dues.bills.map((bill) => [bill.bill_number, bill.balance])).toEqual([[newerNumber, 1100]]);
  });

  it('for a family on her phone, the desk picks whose bills the payment is for (issue 21)', async () => {
    const { page } = browser;
    const son: Patient = { name: 'Arjun Kelkar', mobile: patient.mobile };
    const sonsNumber = await addBill(
      api,
      locationId,
      { item: 'Posture assessment', price: 600, paid: 0 },
      son,
    );
    await page.goto(`${server.url}/dashboard/bills`);
    await page
      .getByRole('button', { name: billsScreenWords.recordPaymentOf(son.name) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: words.title(son.name) });
    const whose = dialog.getByRole('radiogroup', { name: words.whose });
    const his = whose.getByRole('radio', { name: words.patientDue(son.name, '₹600.00', 1) });
    await his.waitFor();
    expect(await his.isChecked()).toBe(true);
    await whose.getByRole('radio', { name: words.patientDue(patient.name, figures.stillDue, 1) }).waitFor();
    expect(await bodyRows(dialog.getByRole('table'))).toEqual([
      [sonsNumber, enGb(today), '₹600.00', '₹600.00'],
    ]);
    if (screenshotDir) {
      await page.screenshot({ path: join(screenshotDir, 'record-payment-family-1280.png') });
    }
    await dialog.getByRole('button', { name: words.save }).click();
    await dialog.getByText(words.recorded('₹600.00', '₹0.00'), { exact: true }).waitFor();

    // His payment left his mother's bill as it was.
    const answer = await api.request.get(`${server.url}/api/bill/get-dues`, {
      headers: api.headers,
      params: { locationId, customerMobile: patient.mobile },
    });
    const dues: Dues = (await answer.json()).data;
    expect(dues.bills.map((bill) => [bill.patient_name, bill.bill_number, bill.balance])).toEqual([
      [patient.name, newerNumber, 1100],
    ]);
  });
});
