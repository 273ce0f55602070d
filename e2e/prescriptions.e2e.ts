import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { clinicDate } from '@vaidya/contract/calendar-dates';
import { prescriptionTexts } from '@vaidya/contract/prescription-screens';
import { staffMessages } from '@vaidya/contract/staff';
import { doctorProfileTexts } from '@vaidya/contract/staff-screens';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  atBothWidths,
  bookPatient,
  clinicApi,
  dayAfterTomorrow,
  demoDentist,
  openLocationWithQueue,
  type Patient,
  rememberChoices,
  screenshotDir,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { expectLightPhoneDocument } from './support/patient-document';
import { type RunningServer, startServer } from './support/server';

const patient: Patient = { name: 'Kavita Rao', mobile: '9822012345', age: 34, gender: 'female' };
/** A complaint the dental starter list does not hold: typed, and added to the master on the spot. */
const typedComplaint = 'Pain behind the lower left molar';
const rootCanal = 'Root canal treatment (molar)';

/** A PNG of one colour with a darker band across its middle: enough for a letterhead, a signature or a footer. */
function png(width: number, height: number, colour: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const band = y > height / 3 && y < (2 * height) / 3;
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const shade = band ? 0.6 : 1;
      row[1 + x * 3] = Math.round(colour[0] * shade);
      row[2 + x * 3] = Math.round(colour[1] * shade);
      row[3 + x * 3] = Math.round(colour[2] * shade);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The pages of a PDF as Chromium writes it: the page tree's /Count, checked against the
 * page objects themselves (Chromium keeps both uncompressed).
 */
function pdfPageCount(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const pageObjects = text.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  const counts = [
    ...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g),
  ];
  const declared = counts.map((match) => Number(match[1] ?? match[2]));
  expect(declared.length).toBeGreaterThan(0);
  expect(declared.every((count) => count === pageObjects)).toBe(true);
  return pageObjects;
}

/** Types into one of the editor's pickers and clicks the entry offered for the term. */
async function pick(page: Page, label: string, term: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(term);
  await page.getByRole('option', { name: option }).click();
}

/** The texts of a located list's items, in order. */
const itemsOf = (list: Locator) => list.getByRole('listitem').allInnerTexts();

/** The dentist's registration with the dental council, as her doctor profile holds it. */
const registration = { council: 'Maharashtra State Dental Council', number: 'A-23456' };

describe('prescriptions', () => {
  const dataDir = newDataDir('prescriptions');
  const day = dayAfterTomorrow();
  let server: RunningServer;
  let browser: Browser;
  let headers: Record<string, string>;
  let prescriptionId: string;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.url, demoDentist);
    const api = await clinicApi(page, server.url);
    headers = api.headers;
    // A new location of the demo clinic with one queue open 09:00–12:00 every day, and a booking in it.
    const { locationId, queueId } = await openLocationWithQueue(api);
    await bookPatient(api, { queueId, date: day, startTime: '09:00', patient });
    // The bookings screen opens on the new location and on the booking's day (spec §3 client state).
    await rememberChoices(page, { locationId, day });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a dentist writes a full prescription from a booking, and the preview shows every section of it', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/bookings`);
    await page.getByRole('row', { name: new RegExp(patient.name) }).waitFor();
    await page.getByRole('button', { name: `Prescription for ${patient.name}` }).click();

    await page.getByRole('heading', { name: 'New prescription' }).waitFor();
    expect(await page.getByRole('textbox', { name: /Patient name/ }).inputValue()).toBe(patient.name);
    expect(await page.getByRole('textbox', { name: /Mobile number/ }).inputValue()).toBe(patient.mobile);
    expect(await page.getByRole('textbox', { name: 'Age' }).inputValue()).toBe(String(patient.age));

    await page.getByRole('textbox', { name: 'BP' }).fill('120/80');
    await page.getByRole('textbox', { name: 'Pulse' }).fill('72');

    await pick(page, 'Search or add a complaint', 'tooth', /^Toothache/);
    await pick(page, 'Search or add a complaint', 'cold', /^Sensitivity to cold/);
    await pick(page, 'Search or add a complaint', typedComplaint, `Add "${typedComplaint}"`);
    await pick(page, 'Search or add a finding', 'deep', /^Deep caries/);
    await pick(page, 'Search or add a finding', 'percussion', /^Tender on percussion/);
    await pick(page, 'Search or add a diagnosis', 'irrev', /^Irreversible pulpitis/);
    await pick(page, 'Search or add a diagnosis', 'dental car', /^Dental caries/);
    await pick(page, 'Search or add an investigation', 'iopa', /^IOPA X-ray/);
    await pick(page, 'Search or add an investigation', 'opg', /^OPG \(Orthopantomogram\)/);
    for (const chip of ['Toothache', 'Sensitivity to cold', typedComplaint, 'Deep caries', 'Dental caries']) {
      await page.getByRole('button', { name: chip, exact: true }).waitFor();
    }

    await pick(page, 'Search or add a treatment', 'molar', rootCanal);
    await pick(page, 'Search or add a treatment', 'scaling and', /^Scaling and polishing/);
    const treatment = page.getByRole('listitem', { name: rootCanal });
    await treatment.getByRole('button', { name: `Choose tooth for ${rootCanal}` }).click();
    const chart = page.getByRole('dialog', { name: `Tooth for ${rootCanal}` });
    await chart.getByRole('button', { name: 'Tooth 36' }).click();
    await chart.waitFor({ state: 'detached' });
    await treatment.getByRole('button', { name: `Tooth 36 for ${rootCanal}: change` }).waitFor();
    const operations = treatment.getByRole('combobox', { name: 'Operations' });
    await operations.click();
    await page.getByRole('option', { name: 'Access opening' }).click();
    await operations.fill('Obturation');
    await page.getByRole('option', { name: 'Obturation' }).click();

    // Two medicines by hand, the template's three after them, and a sixth.
    await pick(page, 'Search or add a medicine', 'paracetamol 6', /^Paracetamol 650/);
    await pick(page, 'Search or add a medicine', 'chlorhex', /^Chlorhexidine Mouthwash/);
    await pick(page, 'Apply template', 'root', /^Root canal pain/);
    await page.getByText('Root canal pain: 3 medicines added').waitFor();
    await pick(page, 'Search or add a medicine', 'metronidazole 4', /^Metronidazole 400/);
    const medicines = page.getByRole('listitem').filter({ has: page.getByRole('group', { name: 'Timing' }) });
    await expect.poll(() => medicines.count()).toBe(6);
    const paracetamol = page.getByRole('listitem', { name: 'Paracetamol 650' });
    expect(await paracetamol.getByRole('button', { name: 'Afternoon' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await paracetamol.getByRole('button', { name: 'Afternoon' }).click();
    await paracetamol.getByRole('button', { name: 'SOS' }).click();
    expect(await paracetamol.getByRole('button', { name: 'Afternoon' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    const metronidazole = page.getByRole('listitem', { name: 'Metronidazole 400' });
    await metronidazole.getByRole('button', { name: 'Morning' }).click();
    await metronidazole.getByRole('button', { name: 'Evening' }).click();
    await metronidazole.getByRole('textbox', { name: 'Duration' }).fill('7');

    await atBothWidths(page, 'prescription-editor');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(new RegExp(`${server.url}/prescription-preview/[0-9a-f-]{36}$`));
    prescriptionId = page.url().split('/').at(-1) ?? '';
    await page.getByText('Prescription saved successfully').waitFor();

    const sheet = page.getByRole('article', { name: 'Prescription' });
    await sheet.waitFor();
    // Header: no image yet, so the clinic's name, speciality and the location's details.
    await sheet.getByRole('heading', { level: 1, name: 'Sushrut Dental Care' }).waitFor();
    for (const line of ['Dentist', 'Aundh', '7 ITI Road, Aundh, Pune', '9822099999']) {
      await sheet.getByText(line, { exact: true }).waitFor();
    }
    // The day of the last change where the clinic is (the demo's zone, India), whatever the browser's.
    const today = clinicDate(new Date(), 'Asia/Kolkata');
    const patientBlock = sheet.getByRole('region', { name: 'Patient' });
    for (const line of [
      `${patient.name}, ${patient.age}Y`,
      'Gender: Female',
      `Mobile: ${patient.mobile}`,
      'BP: 120/80',
      'Pulse: 72',
      `Date: ${today}`,
    ]) {
      await patientBlock.getByText(line, { exact: true }).waitFor();
    }
    expect(await itemsOf(sheet.getByRole('region', { name: 'Chief Complaints' }))).toEqual([
      'Toothache',
      'Sensitivity to cold',
      typedComplaint,
    ]);
    expect(await itemsOf(sheet.getByRole('region', { name: 'Clinical Findings' }))).toEqual([
      'Deep caries',
      'Tender on percussion',
    ]);
    expect(await itemsOf(sheet.getByRole('region', { name: 'Diagnosis' }))).toEqual([
      'Irreversible pulpitis',
      'Dental caries',
    ]);
    expect(await itemsOf(sheet.getByRole('region', { name: 'Investigations' }))).toEqual([
      'IOPA X-ray',
      'OPG (Orthopantomogram)',
    ]);
    expect(await itemsOf(sheet.getByRole('region', { name: 'Treatments' }))).toEqual([
      `${rootCanal} (Tooth 36: Access opening, Obturation)`,
      'Scaling and polishing',
    ]);

    const table = sheet.getByRole('region', { name: 'Prescription' }).getByRole('table');
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'S.No',
      'Medicine Name',
      'Composition',
      'Dosage',
      'Timing',
      'Duration',
      'Instructions',
    ]);
    const rows = table.getByRole('row');
    const cellsOf = (index: number) => rows.nth(index).getByRole('cell').allInnerTexts();
    expect(await rows.count()).toBe(7);
    expect(await cellsOf(1)).toEqual([
      '1',
      'Paracetamol 650',
      'Paracetamol 650 mg',
      '1 tablet',
      'Morning, Evening, SOS',
      '3 days',
      'After meal',
    ]);
    expect(await cellsOf(2)).toEqual([
      '2',
      'Chlorhexidine Mouthwash',
      'Chlorhexidine gluconate 0.2% w/v',
      '10 ml rinse',
      'Morning, Evening',
      '7 days',
      'After meal',
    ]);
    expect((await cellsOf(3)).slice(0, 2)).toEqual(['3', 'Amoxicillin + Clavulanic Acid 625']);
    expect((await cellsOf(4)).slice(0, 2)).toEqual(['4', 'Ibuprofen + Paracetamol']);
    expect(await cellsOf(5)).toEqual([
      '5',
      'Pantoprazole 40',
      'Pantoprazole 40 mg',
      '1 tablet',
      'Morning',
      '5 days',
      'Before meal',
    ]);
    expect(await cellsOf(6)).toEqual([
      '6',
      'Metronidazole 400',
      'Metronidazole 400 mg',
      '1 tablet',
      'Afternoon',
      '7 days',
      'After meal',
    ]);
    // Signed by its author (issue 23), whose profile has no registration number yet: the preview says so.
    const footer = sheet.locator('footer');
    await footer.getByText('Dr. Anjali Kulkarni', { exact: true }).waitFor();
    await footer.getByText('Medical Practitioner', { exact: true }).waitFor();
    await sheet.getByRole('note').getByRole('link', { name: 'Add it in the doctor profile' }).waitFor();

    // The complaint typed on the spot is now in the clinic's master.
    const master = await browser.context.request.get(`${server.url}/api/masters/get-complaints`, {
      headers,
      params: { query: 'lower left molar', limit: 20, page: 1 },
    });
    expect(master.status()).toBe(200);
    const found: { complaint_name: string }[] = (await master.json()).data.results;
    expect(found.map((complaint) => complaint.complaint_name)).toEqual([typedComplaint]);

    await atBothWidths(page, 'prescription-preview');

    // Written from the bookings screen: Back returns there, and Edit opens the prescription again.
    const toolbar = page.getByRole('toolbar', { name: 'Document actions' });
    expect(await toolbar.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/dashboard/bookings',
    );
    await toolbar.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`${server.url}/dashboard/consultation?id=${prescriptionId}`);
    await page.getByRole('heading', { name: 'Edit prescription' }).waitFor();
    expect(await page.getByRole('textbox', { name: /Patient name/ }).inputValue()).toBe(patient.name);
  });

  it('prints only the prescription, header, signature and footer images included, on one A4 page', async () => {
    const { page } = browser;
    // The author's registration (issue 23, NMC), entered on their doctor profile, prints under their name.
    await page.goto(`${server.url}/dashboard/settings/profile`);
    await page.getByLabel(doctorProfileTexts.qualification).fill('BDS, MDS (Endodontics)');
    await page.getByLabel(doctorProfileTexts.registrationCouncil).fill(registration.council);
    await page.getByLabel(doctorProfileTexts.registrationNumber).fill(registration.number);
    await page.getByRole('button', { name: doctorProfileTexts.save }).click();
    await page.getByText(staffMessages.profileUpdated).waitFor();
    // The clinic's letterhead, signature and footer, uploaded on Settings → Prescription layout.
    await page.goto(`${server.url}/dashboard/settings`);
    const layout = page.getByRole('region', { name: 'Prescription layout' });
    const images = [
      { element: 'Header', file: png(1800, 360, [21, 101, 122]) },
      { element: 'Signature', file: png(480, 160, [30, 30, 90]) },
      { element: 'Footer', file: png(1800, 200, [120, 160, 170]) },
    ];
    for (const { element, file } of images) {
      const group = layout.getByRole('group', { name: element });
      await group
        .getByLabel(`Upload ${element.toLowerCase()}`)
        .setInputFiles({ name: `${element.toLowerCase()}.png`, mimeType: 'image/png', buffer: file });
      await group.getByRole('img', { name: `Prescription ${element.toLowerCase()}` }).waitFor();
    }

    await page.goto(`${server.url}/prescription-preview/${prescriptionId}`);
    const sheet = page.getByRole('article', { name: 'Prescription' });
    for (const name of ['Prescription header', 'Authorised signature', 'Prescription footer']) {
      await sheet.getByRole('img', { name }).waitFor();
    }
    await page
      .getByRole('region', { name: 'WhatsApp messages' })
      .getByText('Not sent on WhatsApp yet.')
      .waitFor();
    await page.waitForFunction(() =>
      [...document.images].every((image) => image.complete && image.naturalWidth > 0),
    );

    await page.emulateMedia({ media: 'print' });
    expect(await sheet.isVisible()).toBe(true);
    expect(await sheet.getByRole('cell', { name: 'Metronidazole 400', exact: true }).isVisible()).toBe(true);
    const printedRegistration = prescriptionTexts.registration(registration.number, registration.council);
    expect(await sheet.locator('footer').getByText(printedRegistration).isVisible()).toBe(true);
    for (const hidden of [
      page.getByRole('toolbar', { name: 'Document actions' }),
      page.getByRole('button', { name: 'Print' }),
      page.getByRole('button', { name: 'Send WhatsApp' }),
      page.getByRole('region', { name: 'WhatsApp messages' }),
      // The note that the author has no registration number is the clinic's, never on paper.
      page.getByRole('note'),
    ]) {
      expect(await hidden.isVisible()).toBe(false);
    }
    expect(await page.getByRole('banner').count()).toBe(0);
    // Nothing else is drawn: every element with a box is the sheet, inside it, or one of its ancestors.
    const outside = await page.evaluate(() => {
      const article = document.querySelector('article');
      return [...document.body.querySelectorAll('*')]
        .filter((element) => {
          if (!article || article.contains(element) || element.contains(article)) return false;
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    });
    expect(outside).toEqual([]);

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 is 595 × 842 points: Chromium's media box says so, give or take its rounding.
    const mediaBox = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
    expect(Math.abs(Number(mediaBox?.[1]) - 595.28)).toBeLessThan(1);
    expect(Math.abs(Number(mediaBox?.[2]) - 841.89)).toBeLessThan(1);
    expect(pdfPageCount(pdf)).toBe(1);

    if (screenshotDir) {
      // The print layout at the width of an A4 sheet (210 mm at 96 px per inch).
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.screenshot({ path: join(screenshotDir, 'prescription-print-a4.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // The count is not vacuous: with its medicines written out four times the sheet takes more paper.
    await page.evaluate(() => {
      const body = document.querySelector('article tbody');
      const rows = [...(body?.children ?? [])];
      for (let copy = 0; copy < 3; copy += 1) {
        for (const row of rows) body?.append(row.cloneNode(true));
      }
    });
    expect(pdfPageCount(await page.pdf({ format: 'A4', printBackground: true }))).toBeGreaterThan(1);

    await page.emulateMedia({ media: null });
    await page.reload();
    await sheet.getByRole('img', { name: 'Prescription header' }).waitFor();
    if (screenshotDir) {
      await page.screenshot({
        path: join(screenshotDir, 'prescription-preview-with-images-1280.png'),
        fullPage: true,
      });
    }
  });

  it('sends the prescription on WhatsApp, and lists the message kept in the outbox', async () => {
    const { page } = browser;
    // On screen again, whatever the print test left behind.
    await page.emulateMedia({ media: null });
    await page.goto(`${server.url}/prescription-preview/${prescriptionId}`);
    const messages = page.getByRole('region', { name: 'WhatsApp messages' });
    await messages.getByText('Not sent on WhatsApp yet.').waitFor();

    // Hold the send at the network until the button has been seen busy.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/consultation-form/send-message', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send WhatsApp' }).click();
    const sending = page
      .getByRole('toolbar', { name: 'Document actions' })
      .getByRole('button', { name: /Sending…/ });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await page.getByText('Not sent: WhatsApp is not set up; the message is kept in the outbox.').waitFor();
    await page.unroute('**/api/consultation-form/send-message');
    expect(await page.getByRole('button', { name: 'Send WhatsApp' }).isEnabled()).toBe(true);

    const entry = messages.getByRole('listitem');
    await entry.getByText('Kept in the outbox (WhatsApp not set up)', { exact: true }).waitFor();
    await entry.getByText(`To ${patient.mobile}`, { exact: true }).waitFor();
    expect(await entry.count()).toBe(1);

    const answer = await browser.context.request.get(`${server.url}/api/consultation-form/get-messages`, {
      headers,
      params: { id: prescriptionId },
    });
    expect(answer.status()).toBe(200);
    const sent: { recipient: string; status: string; error: string | null; body: string }[] = (
      await answer.json()
    ).data;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: patient.mobile, status: 'recorded', error: null });
    expect(sent[0]?.body).toContain(`Prescription for ${patient.name} from Sushrut Dental Care`);
    expect(sent[0]?.body).toContain(`/prescription/${prescriptionId}`);
  });

  it('a visitor opens the prescription from its link without signing in', async () => {
    const visitor = await openBrowser();
    try {
      const { page } = visitor;
      await page.goto(`${server.url}/prescription/${prescriptionId}`);
      const sheet = page.getByRole('article', { name: 'Prescription' });
      await sheet.getByText(`${patient.name}, ${patient.age}Y`, { exact: true }).waitFor();
      await sheet.getByRole('cell', { name: 'Paracetamol 650', exact: true }).waitFor();
      await sheet.getByRole('img', { name: 'Prescription header' }).waitFor();
      await page.waitForFunction(() =>
        [...document.images].every((image) => image.complete && image.naturalWidth > 0),
      );
      expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
      expect(page.url()).toBe(`${server.url}/prescription/${prescriptionId}`);
      await page.getByRole('button', { name: 'Print' }).waitFor();
      expect(await page.getByRole('button', { name: 'Send WhatsApp' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'WhatsApp messages' }).count()).toBe(0);
      await atBothWidths(page, 'prescription-view', () =>
        expectLightPhoneDocument(page, sheet.getByRole('region', { name: 'Prescription' })),
      );
    } finally {
      await visitor.close();
    }
  });
});
