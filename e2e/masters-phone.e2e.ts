import { rmSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import { demoDentist, phoneViewport, sidewaysOverflow, signIn } from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** A table's own scroller, which may scroll sideways inside a page that does not. */
const tableScroller = '.MuiTableContainer-root';

/**
 * Every list of the demo clinic, by the address that opens it, with its heading; all
 * but its five templates fill more than one page of ten.
 */
const lists = [
  { path: '/dashboard/prescription-masters?list=complaints', heading: 'Complaints', morePages: true },
  { path: '/dashboard/prescription-masters?list=observations', heading: 'Observations', morePages: true },
  { path: '/dashboard/prescription-masters?list=investigations', heading: 'Investigations', morePages: true },
  { path: '/dashboard/prescription-masters?list=medicines', heading: 'Medicines', morePages: true },
  { path: '/dashboard/prescription-masters?list=templates', heading: 'Medicine Templates', morePages: false },
  { path: '/dashboard/prescription-masters?list=treatments', heading: 'Treatments', morePages: true },
  { path: '/dashboard/prescription-masters?list=diagnoses', heading: 'Diagnosis', morePages: true },
  { path: '/dashboard/treatment-masters', heading: 'Treatment Masters', morePages: true },
];

/** Whether the control lies wholly inside the phone's width, where a thumb reaches it without scrolling sideways. */
async function withinScreenWidth(control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= phoneViewport.width;
}

describe('the master lists on a 360 px phone', () => {
  let server: RunningServer;
  let browser: Browser;
  const dataDir = newDataDir('masters-phone');

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser(phoneViewport);
    await signIn(browser.page, server.url, demoDentist);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the table keeps its height while the first page loads on a slow connection', async () => {
    const { page } = browser;
    // The list's answer is held until the table has been measured while loading: however long
    // the page takes to draw, the answer cannot come first.
    const slowList = '**/api/masters/get-complaints?*';
    let releaseList = () => {};
    const listReleased = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route(slowList, async (route) => {
      await listReleased;
      await route.continue();
    });
    const table = page.locator(tableScroller);
    try {
      // Complaints: each name fits one line, so a loaded row is exactly as tall as a placeholder.
      await page.goto(`${server.url}/dashboard/prescription-masters?list=complaints`);
      await table.waitFor();
      const whileLoading = await table.boundingBox();
      expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      expect(await page.getByText(/ of 0$/).count()).toBe(0);

      releaseList();
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .waitFor();
      const loaded = await table.boundingBox();
      expect(Math.abs((loaded?.height ?? 0) - (whileLoading?.height ?? 0))).toBeLessThan(1);
    } finally {
      releaseList();
      await page.unroute(slowList);
    }
  });

  it.each(lists)('$heading: every row’s edit and delete, and the next page, are in reach', async (list) => {
    const { page } = browser;
    await page.goto(`${server.url}${list.path}`);
    await page.getByRole('heading', { level: 1, name: list.heading }).waitFor();
    const edits = page.getByRole('button', { name: /^Edit / });
    const deletes = page.getByRole('button', { name: /^Delete / });
    await edits.first().waitFor();

    expect(await sidewaysOverflow(page, tableScroller)).toBe(0);
    const rows = await edits.count();
    expect(rows).toBeGreaterThan(0);
    expect(await deletes.count()).toBe(rows);
    for (let row = 0; row < rows; row += 1) {
      expect(await withinScreenWidth(edits.nth(row))).toBe(true);
      expect(await withinScreenWidth(deletes.nth(row))).toBe(true);
    }

    await edits.first().click();
    const editDialog = page.getByRole('dialog', { name: /^Edit / });
    await editDialog.waitFor();
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await editDialog.waitFor({ state: 'hidden' });

    const firstName = ((await deletes.first().getAttribute('aria-label')) ?? '').replace(/^Delete /, '');
    await deletes.first().click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
    await confirm.getByText(`Are you sure you want to delete ${firstName}?`).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    const next = page.getByRole('button', { name: 'Go to next page' });
    expect(await withinScreenWidth(next)).toBe(true);
    expect(await withinScreenWidth(page.getByRole('button', { name: 'Go to previous page' }))).toBe(true);
    const range = page.getByText(/^\d+–\d+ of \d+$/);
    expect(await withinScreenWidth(range)).toBe(true);
    const [, shown, total] = /^1–(\d+) of (\d+)$/.exec((await range.textContent()) ?? '') ?? [];
    expect(Number(total) > Number(shown)).toBe(list.morePages);
    if (list.morePages) {
      await next.click();
      await page.getByText(new RegExp(`^11–\\d+ of ${total}$`)).waitFor();
      await expect.poll(() => edits.first().getAttribute('aria-label')).not.toBe(`Edit ${firstName}`);
      expect(await sidewaysOverflow(page, tableScroller)).toBe(0);
    } else {
      expect(await next.isDisabled()).toBe(true);
    }
  });
});
