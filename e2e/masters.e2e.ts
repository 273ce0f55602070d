import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { createClinic } from './support/cli';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

const doctor = { email: 'owner@arogya-clinic.in', password: 'Arogya-Clinic-Nagpur-5' };
const dentist = { email: 'owner@sushrut-dental.in', password: 'Sushrut-Kothrud-2026' };

async function signIn(page: Page, url: string, who: { email: string; password: string }) {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/dashboard/bookings`);
}

async function openCard(page: Page, url: string, title: string) {
  await page.goto(`${url}/dashboard/prescription-masters`);
  await page.getByRole('heading', { name: 'Prescription Masters' }).waitFor();
  await page.getByText(title, { exact: true }).first().click();
}

describe('consultation masters', () => {
  const dataDir = newDataDir('masters');
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // A new doctor's clinic with empty lists, beside the demo dental clinic with its seeded lists.
    await createClinic(dataDir, { name: 'Arogya Family Clinic', ...doctor }, { speciality: 'DOCTOR' });
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a new clinic sees every list empty, in the spec’s words', async () => {
    const { page } = browser;
    await signIn(page, server.url, doctor);
    const empty: [string, string][] = [
      ['Complaints', 'No complaints found. Add your first complaint!'],
      ['Observations', 'No observations found. Add your first observation!'],
      ['Investigations', 'No investigations found. Add your first one!'],
      ['Medicines', 'No medicines found. Add your first medicine!'],
      ['Medicine Templates', 'No templates found. Add your first medicine template!'],
      ['Diagnosis', 'No diagnoses found. Add your first diagnosis!'],
    ];
    for (const [card, text] of empty) {
      await openCard(page, server.url, card);
      await page.getByText(text).waitFor();
    }
    await openCard(page, server.url, 'Treatments');
    await page.waitForURL(`${server.url}/dashboard/treatment-masters`);
    await page.getByText('No Treatments Found').waitFor();
  });

  it('a receptionist adds, finds, renames and deletes a complaint', async () => {
    const { page } = browser;
    await openCard(page, server.url, 'Complaints');
    for (const name of ['Toothache', 'Fever with chills']) {
      await page.getByRole('button', { name: 'Add Complaint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Complaint' });
      await dialog.getByLabel('Complaint Name').fill(name);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name, exact: true }).waitFor();
    }

    await page.getByPlaceholder('Search complaints').fill('TOOTH');
    await page.getByRole('cell', { name: 'Fever with chills', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Toothache', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit Toothache' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Complaint' });
    await edit.getByLabel('Complaint Name').fill('Severe toothache');
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('cell', { name: 'Severe toothache', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete Severe toothache' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
    await confirm
      .getByText('Are you sure you want to delete Severe toothache? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: 'Severe toothache', exact: true }).waitFor({ state: 'detached' });
  });

  it('a name longer than the server takes is refused in the form, in the contract’s words', async () => {
    const { page } = browser;
    await openCard(page, server.url, 'Complaints');
    await page.getByRole('button', { name: 'Add Complaint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Complaint' });
    await dialog.getByLabel('Complaint Name').fill('a'.repeat(201));
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Complaint name must be at most 200 characters').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Fever with chills', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: /^a+$/ }).count()).toBe(0);
  });

  it('a doctor adds a medicine with its dosage, and sees its price in the list', async () => {
    const { page } = browser;
    await openCard(page, server.url, 'Medicines');
    await page.getByRole('button', { name: 'Add Medicine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Medicine' });
    await dialog.getByLabel('Medicine Name').fill('Azithromycin 500');
    await dialog.getByLabel('Price').fill('72.50');
    await dialog.getByLabel('Tax').fill('12');
    await dialog.getByLabel('Composition').fill('Azithromycin 500 mg');
    await dialog.getByLabel('Dosage Quantity').fill('1 tablet');
    await dialog.getByLabel('Instructions').fill('After meal');
    await dialog.getByLabel('Days').fill('3');
    await dialog.getByLabel('M', { exact: true }).check();
    await dialog.getByLabel('E', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Medicine added successfully').waitFor();
    const row = page.getByRole('row', { name: /Azithromycin 500/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('72.5');
  });

  it('a doctor’s treatment masters have no chart option', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/treatment-masters`);
    await page.getByRole('button', { name: 'Add Treatment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Item' });
    await dialog.getByRole('tab', { name: 'Service' }).waitFor();
    expect(await dialog.getByLabel('Chart').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a dentist builds a template of two medicines and a charted treatment', async () => {
    await browser.close();
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.url, dentist);

    await openCard(page, server.url, 'Medicine Templates');
    await page.getByRole('button', { name: 'Add Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Medicine Template' });
    await dialog.getByLabel('Template Name').fill('Wisdom tooth aftercare');
    const picker = dialog.getByLabel('Medicines');
    for (const [typed, option] of [
      ['Paracetamol 650', 'Paracetamol 650'],
      ['Ibuprofen', 'Ibuprofen + Paracetamol'],
    ] as const) {
      await picker.fill(typed);
      await page.getByRole('option', { name: option }).first().click();
    }
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('cell', { name: 'Wisdom tooth aftercare', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit Wisdom tooth aftercare' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Medicine Template' });
    await edit.getByRole('button', { name: /Paracetamol 650/ }).waitFor();
    await edit.getByRole('button', { name: /Ibuprofen \+ Paracetamol/ }).waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${server.url}/dashboard/treatment-masters`);
    await page.getByRole('heading', { name: 'Treatment Masters' }).waitFor();
    await page.getByRole('button', { name: 'Add Treatment' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Item' });
    await add.getByLabel('Treatment name').fill('Molar root canal');
    await add.getByLabel('Fees (₹)').fill('4500');
    await add.getByLabel('Chart').check();
    await add.getByLabel('Treatment type').click();
    await page.getByRole('option', { name: 'Root Canal Treatment' }).click();
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Treatment added successfully').waitFor();
    await page.getByRole('combobox', { name: /Rows per page/ }).selectOption('50');
    const row = page.getByRole('row', { name: /Molar root canal/ });
    await row.waitFor();
    expect(await row.getByRole('checkbox').isChecked()).toBe(true);
  });

  it('deleting the only row of the last page of the treatment masters steps back a page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/treatment-masters`);
    await page.getByRole('combobox', { name: /Rows per page/ }).selectOption('25');
    // The demo clinic's 27 treatments and the molar root canal added above.
    await page.getByText('1–25 of 28').waitFor();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText('26–28 of 28').waitFor();

    for (const name of ['Three-unit bridge', 'Wisdom tooth extraction', 'Zirconia crown']) {
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name, exact: true }).waitFor({ state: 'detached' });
    }

    await page.getByText('1–25 of 25').waitFor();
    await page.getByRole('cell', { name: 'Consultation', exact: true }).waitFor();
    expect(await page.getByText('No Treatments Found').count()).toBe(0);
  });

  it('the medicine picker picks the drug typed, however fast, finds by composition, and asks before losing it', async () => {
    const { page } = browser;
    await openCard(page, server.url, 'Medicine Templates');
    await page.getByRole('button', { name: 'Add Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Medicine Template' });
    const picker = dialog.getByRole('combobox', { name: 'Medicines' });
    const chips = dialog.locator('.MuiChip-root');

    // Opened, it lists the clinic's medicines A–Z.
    await picker.click();
    await page
      .getByRole('option', { name: /^Aceclofenac \+ Paracetamol/ })
      .first()
      .waitFor();

    // Typed fast and picked at once, before the answer for "chlorhex" is in: nothing is picked.
    await picker.pressSequentially('chlorhex');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    expect(await chips.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);

    // Once the answer is in, ↓ and Enter pick the drug typed.
    await page.getByRole('option', { name: /^Chlorhexidine Mouthwash/ }).waitFor();
    expect(await page.getByRole('option', { name: /Aceclofenac/ }).count()).toBe(0);
    await picker.press('ArrowDown');
    await picker.press('Enter');
    const picked = dialog.getByRole('button', { name: 'Chlorhexidine Mouthwash', exact: true });
    await picked.waitFor();
    // The chip wraps a long name rather than cutting it short.
    expect(
      await picked.locator('.MuiChip-label').evaluate((label) => getComputedStyle(label).whiteSpace),
    ).toBe('normal');

    // "gluconate" is in the mouthwash's composition, not its name; picked, it is not offered twice.
    await picker.fill('gluconate');
    await page.getByText('Nothing matches "gluconate"').waitFor();
    await picker.fill('');
    await picked.press('Backspace');
    await picked.waitFor({ state: 'detached' });
    await picker.fill('gluconate');
    await page.getByRole('option', { name: /^Chlorhexidine Mouthwash.*Chlorhexidine gluconate/ }).click();
    await picked.waitFor();

    // Escape asks before throwing the picked medicine away.
    await picker.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await picked.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
