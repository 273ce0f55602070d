import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { atBothWidths, demoDentist, signIn } from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** A new patient of the demo clinic; the last four digits of her mobile are how the desk finds her. */
const patient = { name: 'Kavita Rao', mobile: '9822067413', lastDigits: '7413', age: '41' };

describe('the patient registry', () => {
  const dataDir = newDataDir('patients');
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    await signIn(browser.page, server.url, demoDentist);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a patient, finds her by four digits of her mobile and opens her page', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Patients' }).click();
    await page.getByRole('heading', { level: 1, name: 'Patients' }).waitFor();

    await page.getByRole('button', { name: 'Add patient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add patient' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(patient.name);
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(patient.mobile);
    await dialog.getByRole('textbox', { name: 'Age (years)' }).fill(patient.age);
    const allergies = dialog.getByRole('textbox', { name: 'Allergies' });
    await allergies.fill('Penicillin');
    await allergies.press('Enter');
    await dialog.getByRole('checkbox', { name: 'Diabetic' }).check();
    await dialog.getByRole('button', { name: 'Add' }).click();

    // Saving opens her page, her allergy in red at the top.
    await page.getByRole('heading', { level: 1, name: patient.name }).waitFor();
    expect(page.url()).toMatch(/\/dashboard\/patients\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('note').textContent()).toContain('Allergies: Penicillin');

    await page.getByRole('link', { name: 'All patients' }).click();
    const search = page.getByRole('searchbox', { name: 'Search by patient number, mobile or name' });
    await search.fill(patient.lastDigits);
    const row = page.getByRole('row').filter({ hasText: patient.name });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain(patient.mobile);
    await expect.poll(() => row.textContent()).toContain(`${patient.age}`);
    await atBothWidths(page, 'patients', () => row.waitFor());

    await search.press('ArrowDown');
    await search.press('Enter');
    await page.getByRole('heading', { level: 1, name: patient.name }).waitFor();
    await atBothWidths(page, 'patient-page', () =>
      page.getByRole('heading', { level: 1, name: patient.name }).waitFor(),
    );
  });

  it('New bill from the patient page opens the bill editor with the patient filled in', async () => {
    const { page } = browser;
    // Her page, as the journey above leaves it.
    await page.getByRole('heading', { level: 1, name: patient.name }).waitFor();
    await page
      .getByRole('group', { name: 'Actions for this patient' })
      .getByRole('link', { name: 'New bill' })
      .click();

    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/bill-editor');
    await expect
      .poll(() => page.getByRole('textbox', { name: /Patient name/ }).inputValue())
      .toBe(patient.name);
    await expect
      .poll(() => page.getByRole('textbox', { name: /Mobile number/ }).inputValue())
      .toBe(patient.mobile);
  });
});
