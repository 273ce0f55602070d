import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core's browser build, evaluated in the page (the app's content security policy refuses injected script tags). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page budget of the patient's document pages (scripts/check-page-weight.mjs, decision 032). */
const scriptBudgetBytes = 100_000;

/** axe-core's serious and critical findings on the page as it stands: each rule with the elements that break it. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

/** The JavaScript the page downloaded, as sent (the compressed bodies). */
const scriptBytesSent = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );

/**
 * What a patient's prescription or bill must be on a phone (issue 19), checked at 360 px:
 * drawn without MUI (no emotion styles) within its 100 kB of JavaScript, its wide table
 * in a box of its own that names itself, takes the keyboard and says it scrolls, and
 * nothing axe finds serious or critical.
 */
export async function expectLightPhoneDocument(page: Page, wideTable: Locator) {
  expect(await page.locator('style[data-emotion]').count()).toBe(0);
  expect(await scriptBytesSent(page)).toBeLessThanOrEqual(scriptBudgetBytes);
  expect(await wideTable.getAttribute('tabindex')).toBe('0');
  await page.getByText('Scroll sideways to see every column').waitFor();
  expect(await seriousAxeFindings(page)).toEqual([]);
}
