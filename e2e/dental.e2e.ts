import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { billEditorWords } from '@vaidya/contract/bills-screens';
import { dentalConditions } from '@vaidya/contract/dental';
import {
  dentalChartWords,
  estimateWords,
  findingMenuWords,
  planBuilderWords,
  treatmentPlanWords,
} from '@vaidya/contract/dental-screens';
import { printedDentalChartTexts } from '@vaidya/contract/prescription-screens';
import type * as Axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  atBothWidths,
  type ClinicApi,
  clinicApi,
  demoDentist,
  type Patient,
  phoneViewport,
  screenshotDir,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** axe-core's browser build, evaluated in the page (the app's content security policy refuses injected script tags). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const patient: Patient = { name: 'Rohan Deshmukh', mobile: '9822044556', age: 38 };

/*
 * The plan, worked by hand from the demo clinic's prices (its dental starter list), none taxed:
 * sitting 1, a composite filling on 16 O (₹1,500) and scaling (₹1,200); sitting 2, an implant
 * where 46 is missing (₹35,000). ₹37,700 less ₹377, shared by price: ₹15, ₹12 and ₹350, so the
 * sitting's two lines bill ₹1,485 and ₹1,188, ₹2,673 in all.
 */
const filling = 'Composite filling';
const scaling = 'Scaling and polishing';
const implant = 'Dental implant';
const figures = {
  planTotal: '₹37,323.00',
  fillingLine: `${filling}, tooth 16 O`,
  fillingPrice: '₹1,485.00',
  scalingPrice: '₹1,188.00',
  billTotal: '₹2,673.00',
};

/** Presses Tab until `target` (which must be on the page) has the focus: how a keyboard reaches it. */
async function tabTo(page: Page, target: Locator, most = 80) {
  await target.waitFor({ state: 'attached' });
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The tooth (FDI number) the chart's focus is on, or null. */
const focusedTooth = (page: Page) =>
  page.evaluate(() => {
    const tooth = document.activeElement?.closest('[data-tooth]') ?? document.activeElement;
    const number = tooth?.getAttribute('data-tooth');
    return number ? Number(number) : null;
  });

/** Home, then → through the chart's teeth in reading order (upper arch first) until `tooth` has the focus. */
async function arrowTo(page: Page, tooth: number) {
  await page.keyboard.press('Home');
  for (let presses = 0; presses < 64; presses += 1) {
    if ((await focusedTooth(page)) === tooth) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`→ never reached tooth ${tooth}`);
}

/** The finding menu's condition (a native select, which the menu focuses as it opens) moved with ↓ from Caries, its first choice. */
async function chooseCondition(page: Page, menu: Locator, condition: (typeof dentalConditions)[number]) {
  const select = menu.getByRole('combobox', { name: findingMenuWords.condition });
  await tabTo(page, select);
  const steps = dentalConditions.indexOf(condition) - dentalConditions.indexOf('caries');
  for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowDown');
  await expect.poll(() => select.inputValue()).toBe(condition);
}

/** Saves the open finding menu from the keyboard and waits for it to close. */
async function saveFinding(page: Page, menu: Locator) {
  await tabTo(page, menu.getByRole('button', { name: findingMenuWords.save }));
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden' });
}

/** axe-core on the page as it stands: the serious and critical violations, each with where it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      );
  });
}

/** How many pages a PDF holds: its page objects. */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;

describe('a dental patient: chart, plan, estimate, sitting and bill', () => {
  const dataDir = newDataDir('dental');
  let server: RunningServer;
  let browser: Browser;
  let api: ClinicApi;
  let patientId: string;
  const dentalTab = () => `${server.url}/dashboard/patients/${patientId}/dental`;
  const chart = (page: Page) => page.getByRole('group', { name: dentalChartWords.title });
  const plans = (page: Page) => page.getByRole('region', { name: treatmentPlanWords.title });

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1' } });
    browser = await openBrowser();
    await signIn(browser.page, server.url, demoDentist);
    api = await clinicApi(browser.page, server.url);
    const added = await api.request.post(`${api.url}/api/patient/add-patient`, {
      headers: api.headers,
      data: patient,
    });
    expect(added.status()).toBe(201);
    patientId = (await added.json()).data.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('charts three findings with the keyboard alone', async () => {
    const { page } = browser;
    await page.goto(dentalTab());
    await chart(page).getByRole('button').first().waitFor();
    /** Back into the chart with Tab, to the tooth with Home and →, a surface by its letter, and Enter opens its menu. */
    const openMenu = async (tooth: number, surface?: string) => {
      await tabTo(page, chart(page).locator('[role="button"][tabindex="0"]'));
      await page.keyboard.press('Escape');
      await arrowTo(page, tooth);
      if (surface) await page.keyboard.press(surface);
      await page.keyboard.press('Enter');
      const menu = page.getByRole('dialog', { name: findingMenuWords.title(String(tooth)) });
      await menu.waitFor();
      return menu;
    };

    // 16: caries planned on its occlusal surface, the menu opened on that surface.
    let menu = await openMenu(16, 'o');
    expect(await menu.getByRole('checkbox', { name: /^O / }).isChecked()).toBe(true);
    await tabTo(page, menu.getByRole('radio', { name: findingMenuWords.states.existing }));
    await page.keyboard.press('ArrowRight');
    expect(await menu.getByRole('radio', { name: findingMenuWords.states.planned }).isChecked()).toBe(true);
    await saveFinding(page, menu);
    await chart(page).getByRole('button', { name: 'Tooth 16 occlusal: Caries, planned' }).waitFor();

    // 36: an existing composite filling on its mesial and occlusal surfaces.
    menu = await openMenu(36);
    await chooseCondition(page, menu, 'filling');
    for (const surface of ['M', 'O']) {
      await tabTo(page, menu.getByRole('checkbox', { name: new RegExp(`^${surface} `) }));
      await page.keyboard.press('Space');
    }
    await tabTo(page, menu.getByRole('textbox', { name: findingMenuWords.material }));
    await page.keyboard.type('Composite');
    await saveFinding(page, menu);
    await chart(page).getByRole('button', { name: 'Tooth 36 mesial: Filling, existing' }).waitFor();

    // 46: missing.
    menu = await openMenu(46);
    await chooseCondition(page, menu, 'missing');
    await saveFinding(page, menu);
    await chart(page).getByRole('button', { name: 'Tooth 46: Missing, existing' }).waitFor();

    const charted = await api.request.get(`${api.url}/api/dental/get-chart`, {
      headers: api.headers,
      params: { patient_id: patientId },
    });
    const findings: {
      tooth: number;
      condition: string;
      state: string;
      surfaces: string[];
      material: string;
    }[] = (await charted.json()).data.findings;
    expect(
      findings
        .map(({ tooth, condition, state, surfaces, material }) => ({
          tooth,
          condition,
          state,
          surfaces,
          material,
        }))
        .toSorted((a, b) => a.tooth - b.tooth),
    ).toEqual([
      { tooth: 16, condition: 'caries', state: 'planned', surfaces: ['O'], material: null },
      { tooth: 36, condition: 'filling', state: 'existing', surfaces: ['M', 'O'], material: 'Composite' },
      { tooth: 46, condition: 'missing', state: 'existing', surfaces: [], material: null },
    ]);
  });

  it('has no serious axe violation on the chart, at 1280 and 360 px, and fits a phone', async () => {
    const { page } = browser;
    await page.goto(dentalTab());
    await chart(page).getByRole('button', { name: 'Tooth 46: Missing, existing' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(phoneViewport);
    await chart(page).getByRole('button').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await atBothWidths(page, 'dental-tab', () => chart(page).getByRole('button').first().waitFor());
  });

  it('builds a two-sitting plan and prints its estimate on one A4 page', async () => {
    const { page } = browser;
    await page.goto(dentalTab());
    await plans(page).getByRole('button', { name: treatmentPlanWords.newPlan }).click();
    const builder = page.getByRole('dialog', { name: planBuilderWords.addTitle });
    await builder
      .getByRole('textbox', { name: planBuilderWords.planTitle })
      .fill('Filling, scaling and an implant');

    const items = [
      { name: filling, term: 'composite', tooth: '16', surfaces: ['O'], sitting: '1' },
      { name: scaling, term: 'scaling and', tooth: null, surfaces: [], sitting: '1' },
      { name: implant, term: 'implant', tooth: '46', surfaces: [], sitting: '2' },
    ];
    for (const item of items) {
      const picker = builder.getByRole('combobox', { name: planBuilderWords.addTreatment });
      await picker.click();
      await picker.fill(item.term);
      await page.getByRole('option', { name: new RegExp(`^${item.name}`) }).click();
      const row = builder.getByRole('listitem', { name: item.name });
      // A new item starts on the tooth of the one before: the scaling is of no tooth.
      await row
        .getByRole('combobox', { name: planBuilderWords.tooth })
        .selectOption(item.tooth ?? { label: planBuilderWords.noTooth });
      for (const surface of item.surfaces)
        await row.getByRole('button', { name: surface, exact: true }).click();
      await row.getByRole('textbox', { name: planBuilderWords.sitting }).fill(item.sitting);
    }
    await builder.getByRole('textbox', { name: planBuilderWords.discount }).fill('377');
    await expect
      .poll(() =>
        builder
          .locator('dt', { hasText: new RegExp(`^${planBuilderWords.total}$`) })
          .locator('xpath=following-sibling::dd[1]')
          .textContent(),
      )
      .toBe(figures.planTotal);
    await builder.getByRole('button', { name: planBuilderWords.save }).click();
    await builder.waitFor({ state: 'hidden' });

    const plan = plans(page).getByRole('article').first();
    await plan.getByText(treatmentPlanWords.statuses.accepted, { exact: true }).first().waitFor();
    await plan.getByText(treatmentPlanWords.sitting(2), { exact: true }).first().waitFor();

    await plan.getByRole('link', { name: treatmentPlanWords.estimate }).click();
    const sheet = page.getByRole('article', { name: estimateWords.document });
    await sheet.getByText(filling).first().waitFor();
    await page.emulateMedia({ media: 'print' });
    // Drawn on A4 less the 10 mm margins, the sheet is at most one page's height (297 mm at 96 px per inch).
    const heightMm = ((await sheet.boundingBox())?.height ?? Number.POSITIVE_INFINITY) * (25.4 / 96);
    expect(heightMm).toBeLessThanOrEqual(297);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPages(pdf)).toBe(1);
    if (screenshotDir) {
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.screenshot({ path: join(screenshotDir, 'dental-estimate-a4.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.emulateMedia({ media: null });
  });

  it('completes sitting one: its work is charted', async () => {
    const { page } = browser;
    await page.goto(dentalTab());
    const plan = plans(page).getByRole('article').first();
    await plan.getByRole('button', { name: treatmentPlanWords.completeSitting }).click();
    const dialog = page.getByRole('dialog', { name: treatmentPlanWords.completeTitle });
    // The first sitting's items start ticked, the second's not.
    expect(
      await dialog
        .getByRole('checkbox', { name: new RegExp(`^${treatmentPlanWords.sitting(1)} · ${filling}`) })
        .isChecked(),
    ).toBe(true);
    expect(
      await dialog
        .getByRole('checkbox', { name: new RegExp(`^${treatmentPlanWords.sitting(2)} · `) })
        .isChecked(),
    ).toBe(false);
    await dialog
      .getByRole('textbox', { name: treatmentPlanWords.sittingNote })
      .fill('Composite on 16 O, scaling of both arches. Next: implant at 46.');
    await dialog.getByRole('button', { name: treatmentPlanWords.completeAction }).click();
    await dialog.waitFor({ state: 'hidden' });
    await chart(page).getByRole('button', { name: 'Tooth 16 occlusal: Filling, completed' }).waitFor();
  });

  it('bills sitting one from the items the bill editor offers, and offers them no more', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/patients/${patientId}`);
    await page.getByRole('link', { name: 'New bill' }).click();
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    const offer = page.getByRole('region', { name: billEditorWords.planItems.title });
    const addOne = offer.getByRole('button', { name: /^Add .+, ₹/ });
    await addOne.first().waitFor();
    // Sitting one's two items, at their price less their share of the discount; the implant of sitting two is not done.
    expect(
      await addOne.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))),
    ).toEqual([
      billEditorWords.planItems.add(figures.fillingLine, figures.fillingPrice),
      billEditorWords.planItems.add(scaling, figures.scalingPrice),
    ]);
    await offer.getByRole('button', { name: billEditorWords.planItems.addAll }).click();
    await offer.waitFor({ state: 'hidden' });
    const line = (name: string) => page.getByRole('listitem', { name, exact: true });
    expect(
      await line(figures.fillingLine).getByRole('textbox', { name: 'Unit price (₹)' }).inputValue(),
    ).toBe('1485');
    expect(await line(scaling).getByRole('textbox', { name: 'Unit price (₹)' }).inputValue()).toBe('1188');
    await expect
      .poll(() =>
        page
          .locator('dt', { hasText: /^Total$/ })
          .locator('xpath=following-sibling::dd[1]')
          .textContent(),
      )
      .toBe(figures.billTotal);
    await page.getByRole('button', { name: 'Save bill' }).click();
    await page.waitForURL(new RegExp(`${server.url}/bill-preview/[0-9a-f-]{36}$`));
    await page.getByRole('article', { name: 'Bill' }).getByText(figures.fillingLine).waitFor();

    // The plan says sitting one's items are billed; a new bill is offered nothing.
    await page.goto(dentalTab());
    const plan = plans(page).getByRole('article').first();
    for (const name of [filling, scaling]) {
      await plan
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByText(treatmentPlanWords.billed, { exact: true })
        .waitFor();
    }
    expect(await plan.getByText(treatmentPlanWords.notBilled, { exact: true }).count()).toBe(0);
    await page.goto(`${server.url}/dashboard/patients/${patientId}`);
    await page.getByRole('link', { name: 'New bill' }).click();
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    await page.getByRole('textbox', { name: /Patient name/ }).waitFor();
    const billable = await api.request.get(`${api.url}/api/dental/get-billable-items`, {
      headers: api.headers,
      params: { patient_id: patientId },
    });
    expect((await billable.json()).data).toEqual([]);
    expect(await page.getByRole('region', { name: billEditorWords.planItems.title }).count()).toBe(0);
  });
  it('prints the chart as it stands on the day with the prescription, when the clinic asks, on one A4 page', async () => {
    const { page } = browser;
    const settings = await api.request.put(`${api.url}/api/v2/edit-partner-details`, {
      headers: api.headers,
      data: { name: 'Sushrut Dental Care', specialityType: 'DENTIST', printDentalChart: true },
    });
    expect(settings.status()).toBe(200);
    const form = await api.request.post(`${api.url}/api/consultation-form/add-consultation-form`, {
      headers: api.headers,
      data: {
        customerName: patient.name,
        customerMobile: patient.mobile,
        customerAge: patient.age,
        treatments: [{ treatment_name: filling, tooth_number: 16 }],
        products: [{ product_name: 'Amoxicillin 500', dosage_qty: '1 tablet', is_morning: true, days: 5 }],
      },
    });
    expect(form.status()).toBe(201);
    const { id, prescribed_date: date } = (await form.json()).data;

    await page.goto(`${server.url}/prescription-preview/${id}`);
    const sheet = page.getByRole('article', { name: 'Prescription' });
    const printed = sheet.getByRole('region', {
      name: printedDentalChartTexts.title(date.split('-').reverse().join('/')),
    });
    await printed.getByRole('table').waitFor();
    expect(await printed.getByRole('img', { name: printedDentalChartTexts.drawing }).isVisible()).toBe(true);
    const rows = printed.locator('tbody tr');
    const cells: string[][] = [];
    for (let index = 0; index < (await rows.count()); index += 1) {
      cells.push(await rows.nth(index).locator('th, td').allInnerTexts());
    }
    // Drawn order, upper arch first; 16's occlusal filling done in sitting one stands over the caries found.
    expect(cells).toEqual([
      ['16', 'Filling (O), completed'],
      ['46', 'Missing, existing'],
      ['36', 'Filling (MO, Composite), existing'],
    ]);
    await page.emulateMedia({ media: 'print' });
    expect(await printed.isVisible()).toBe(true);
    expect(pdfPages(await page.pdf({ format: 'A4', printBackground: true }))).toBe(1);
    if (screenshotDir) {
      await page.setViewportSize({ width: 794, height: 1123 });
      await page.screenshot({
        path: join(screenshotDir, 'prescription-dental-chart-a4.png'),
        fullPage: true,
      });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.emulateMedia({ media: null });
  });
});
