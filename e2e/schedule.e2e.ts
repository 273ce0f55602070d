import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { createClinic } from './support/cli';
import { clinicDate, screenshotDir, signIn } from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

const doctor = { email: 'owner@rao-clinic.in', password: 'Rao-Clinic-Aundh-2026' };

/** Seven sessions, an off-day and screenshots at two widths take longer than one default test. */
const journeyTimeout = 180_000;

describe('setting up a clinic’s schedule', { timeout: journeyTimeout }, () => {
  const dataDir = newDataDir('schedule');
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    await createClinic(dataDir, { name: 'Rao Family Clinic', ...doctor }, { speciality: 'DOCTOR' });
    server = await startServer({ dataDir });
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a location, a queue and its weekly sessions, then sees the open days', async () => {
    const { page } = browser;
    const url = server.url;
    await signIn(page, url, doctor);

    await page.goto(`${url}/dashboard/settings`);
    await page.getByRole('button', { name: 'Add location' }).click();
    const locationDialog = page.getByRole('dialog', { name: 'Add location' });
    await locationDialog.getByLabel('Location name').fill('Aundh');
    await locationDialog.getByLabel('Address').fill('7 ITI Road, Aundh, Pune 411007');
    await locationDialog.getByLabel('Contact number').fill('9822011111');
    await locationDialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Location added successfully').waitFor();
    await page.getByRole('button', { name: 'Location: Aundh' }).waitFor();

    await page.getByRole('button', { name: 'Add queue' }).click();
    const queueDialog = page.getByRole('dialog', { name: 'Add queue' });
    await queueDialog.getByLabel('Queue name').fill('Dr Rao — OPD');
    await queueDialog.getByLabel('Slot size (minutes)').fill('20');
    await queueDialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Queue added successfully').waitFor();

    await page.getByLabel('Timings of Dr Rao — OPD').click();
    await page.waitForURL(/\/dashboard\/schedule\?queue=/);
    await page.getByText('No sessions yet. Add the hours this queue is open.').waitFor();

    // Every weekday, 10:00–13:00: the calendar then shows every one of the 28 days open.
    for (const weekday of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await page.getByRole('button', { name: 'Add session' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add session' });
      await dialog.getByRole('combobox', { name: /Weekday/ }).click();
      await page.getByRole('option', { name: weekday, exact: true }).click();
      await dialog.getByLabel('Start time').fill('10:00');
      await dialog.getByLabel('End time').fill('13:00');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('button', { name: `Edit ${weekday} 10:00 am–1:00 pm` }).waitFor();
    }

    // Overlapping the Monday session is refused by the server, in its words, inside the dialog.
    await page.getByRole('button', { name: 'Add session' }).click();
    const overlapDialog = page.getByRole('dialog', { name: 'Add session' });
    await overlapDialog.getByLabel('Start time').fill('12:00');
    await overlapDialog.getByLabel('End time').fill('14:00');
    await overlapDialog.getByRole('button', { name: 'Add' }).click();
    await overlapDialog
      .getByText('This session overlaps the 10:00 am–1:00 pm session on Monday. Please choose other times.')
      .waitFor();
    await overlapDialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();

    // Tomorrow closed all day, so the calendar has one closed day among open ones.
    await page.getByRole('button', { name: 'Add off-day' }).click();
    const offDayDialog = page.getByRole('dialog', { name: 'Add off-day' });
    // The clinic's tomorrow: its calendar counts days in its time zone (the CLI's default).
    const tomorrow = clinicDate('Asia/Kolkata', 1);
    await offDayDialog.getByLabel(/^Date/).fill(calendarDateEnGb(tomorrow));
    await offDayDialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Off-day added successfully').waitFor();

    const calendar = page.getByRole('list', { name: 'Coming 4 weeks' });
    const days = calendar.getByRole('listitem');
    await expect.poll(() => days.count()).toBe(28);
    await expect.poll(() => days.nth(1).getAttribute('aria-label')).toMatch(/: Closed$/);
    // Each later day is open with nine 20-minute slots in 10:00–13:00.
    expect(await days.nth(2).getAttribute('aria-label')).toMatch(/: Open, 9 free$/);

    if (screenshotDir) {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${url}/dashboard/schedule`);
        await calendar.waitFor();
        await page.screenshot({ path: join(screenshotDir, `schedule-${width}.png`), fullPage: true });
        await page.goto(`${url}/dashboard/settings`);
        await page.getByRole('heading', { name: 'Queues at Aundh' }).waitFor();
        await page.screenshot({ path: join(screenshotDir, `settings-${width}.png`), fullPage: true });
      }
    }
  });
});
