import { rmSync } from 'node:fs';
import { patientMergeWords } from '@vaidya/contract/patient-merge-screens';
import { patientPageWords, patientsScreenWords } from '@vaidya/contract/patient-screens';
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
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** One patient typed twice on one phone: once in full, once by first name only. */
const inFull: Patient = { name: 'Meera Joshi', mobile: '9822066441', age: 41, gender: 'female' };
const firstNameOnly: Patient = { ...inFull, name: 'Meera' };

describe('merging two records of one patient (decision 042)', () => {
  const dataDir = newDataDir('patient-merge');
  const day = dayAfterTomorrow();
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.url, demoDentist);
    const api = await clinicApi(page, server.url);
    const { locationId, queueId } = await openLocationWithQueue(api, { queueName: 'Dr Joshi — OPD' });
    await bookPatient(api, { queueId, date: day, startTime: '09:00', patient: inFull });
    await bookPatient(api, { queueId, date: day, startTime: '09:30', patient: firstNameOnly });
    await rememberChoices(page, { locationId, day });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the two records as likely duplicates, merges them from the patient page, and the kept page holds both visits', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/patients`);
    await page.getByRole('link', { name: patientsScreenWords.likelyDuplicates }).click();
    const pair = page.getByRole('listitem', {
      name: patientMergeWords.pairLabel(inFull.name, firstNameOnly.name),
    });
    await pair.waitFor();
    expect(await pair.textContent()).toContain(patientMergeWords.reasons.similar_name);
    await atBothWidths(page, 'patient-duplicates');

    // The record typed by first name only, to be merged away; its page is kept in mind.
    await pair.getByRole('link', { name: firstNameOnly.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: firstNameOnly.name, exact: true }).waitFor();
    const mergedPage = page.url();

    await page.goto(`${server.url}/dashboard/patients`);
    await page.getByRole('link', { name: patientsScreenWords.likelyDuplicates }).click();
    await pair.getByRole('link', { name: inFull.name }).click();
    await page.getByRole('heading', { level: 1, name: inFull.name }).waitFor();
    const keptPage = page.url();

    await page
      .getByRole('group', { name: patientPageWords.actionsLabel })
      .getByRole('button', { name: 'Merge' })
      .click();
    const dialog = page.getByRole('dialog', { name: patientMergeWords.dialogTitle });
    const candidates = dialog.getByRole('list', { name: patientMergeWords.ofThisPatient });
    await candidates.getByRole('button', { name: new RegExp(`^${firstNameOnly.name}\\s?No\\.`) }).click();
    expect(await dialog.getByRole('radio', { name: new RegExp(`^${inFull.name}`) }).isChecked()).toBe(true);
    expect(await dialog.getByRole('note').textContent()).toBe(
      patientMergeWords.whatHappens(inFull.name, firstNameOnly.name),
    );
    await atBothWidths(page, 'patient-merge-dialog');

    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: patientPageWords.mergedNotice(firstNameOnly.name, inFull.name) })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(keptPage);

    // Both visits, the 09:00 of the record kept and the 09:30 of the one merged, are the kept patient's.
    const bookings = page.getByRole('listitem').filter({ hasText: /Booking · Token/ });
    await bookings.nth(1).waitFor();
    expect(await bookings.count()).toBe(2);
    expect((await bookings.allTextContents()).join(' ')).toContain('Dr Joshi — OPD');
    await atBothWidths(page, 'patient-merged');

    // The merged record's page goes on to the kept one, and the list no longer shows it.
    await page.goto(mergedPage);
    await page.getByRole('heading', { level: 1, name: inFull.name }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: patientPageWords.redirectedNotice(firstNameOnly.name) })
      .waitFor();
    expect(page.url()).toBe(keptPage);
    await page.goto(`${server.url}/dashboard/patients`);
    await page.getByRole('link', { name: patientsScreenWords.likelyDuplicates }).click();
    await page.getByText(patientMergeWords.duplicatesEmpty).or(page.getByRole('listitem').first()).waitFor();
    expect(await pair.count()).toBe(0);
  });
});
