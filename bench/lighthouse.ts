// Lighthouse's mobile preset (a mid-range phone on slow 4G: 150 ms round trips, 1.6 Mbit/s,
// the CPU slowed 4×, simulated) on the pages patients and the front desk open on phones,
// against the built app as `npm start` serves it: the demo clinic on the embedded database
// in a scratch DATA_DIR, driven by Debian's Chromium. Figures to compare over time, never a
// gate. `LIGHTHOUSE_RUNS` (3) runs per page; the run nearest the median is printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { billsResponse } from '@vaidya/contract/bills';
import { patientPrescriptionsResponse } from '@vaidya/contract/consultation-forms';
import { partnerDetailsResponse } from '@vaidya/contract/partner';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Page } from 'puppeteer-core';
import type { z } from 'zod';
import { demoIds, demoSignIn } from '../apps/api/src/seed/demo-seed';
import { startServer } from '../e2e/support/server';
import { buildIfStale } from '../scripts/build.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

interface PageFigures {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  requests: number;
  kB: number;
  scriptRequests: number;
  scriptKB: number;
}

/** The figures of one Lighthouse report: the score out of 100, and what went over the wire. */
function figuresOf(page: string, lhr: Result): PageFigures {
  const resources = (lhr.audits['resource-summary']?.details as { items?: ResourceRow[] } | undefined)?.items;
  const row = (type: string) => resources?.find((item) => item.resourceType === type);
  return {
    page,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    requests: row('total')?.requestCount ?? 0,
    kB: (row('total')?.transferSize ?? 0) / 1000,
    scriptRequests: row('script')?.requestCount ?? 0,
    scriptKB: (row('script')?.transferSize ?? 0) / 1000,
  };
}

interface ResourceRow {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

async function audit(browserPage: Page, name: string, url: string): Promise<PageFigures> {
  const reports: Result[] = [];
  for (let run = 0; run < runs; run += 1) {
    // Lighthouse empties the HTTP cache before each run but keeps local storage, where the
    // web app holds its session: the dashboard is measured signed in, its code fetched cold.
    const result = await lighthouse(
      url,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
      undefined,
      browserPage,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    reports.push(result.lhr);
  }
  return figuresOf(name, computeMedianRun(reports));
}

/** Signs in on the sign-in page as a receptionist does, and waits for the bookings screen. */
async function signIn(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/signin`);
  await page.locator('::-p-aria(Email)').fill(demoSignIn.email);
  await page.locator('::-p-aria(Password[role="textbox"])').fill(demoSignIn.password);
  await page.locator('::-p-aria(Sign in[role="button"])').click();
  // Strings, evaluated in the page: the bench is compiled without the DOM's types.
  await page.waitForFunction("window.location.pathname === '/dashboard/bookings'");
  const idToken: unknown = await page.evaluate("localStorage.getItem('idToken')");
  if (typeof idToken !== 'string') throw new Error('Signing in stored no id token');
  return idToken;
}

async function getJson<S extends z.ZodType>(url: string, idToken: string, schema: S): Promise<z.output<S>> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${idToken}` } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return schema.parse(await response.json());
}

/**
 * The demo clinic's booking website, and a bill and a prescription of one of its patients
 * as the links sent to patients name them.
 */
async function publicPaths(baseUrl: string, idToken: string) {
  const clinic = await getJson(`${baseUrl}/api/get-partner-details`, idToken, partnerDetailsResponse);
  if (!clinic.data.qr_code_domain) throw new Error('The demo clinic has no booking website');
  const site = `/site/${encodeURIComponent(clinic.data.qr_code_domain)}`;
  for (const locationId of [demoIds.kothrud, demoIds.baner]) {
    const { data } = await getJson(
      `${baseUrl}/api/bill/get-bills?location_id=${locationId}`,
      idToken,
      billsResponse,
    );
    for (const bill of data.bills) {
      const prescriptions = await getJson(
        `${baseUrl}/api/consultation-form/get-patient-prescriptions?customer_mobile=${bill.customer_mobile}`,
        idToken,
        patientPrescriptionsResponse,
      );
      const prescription = prescriptions.data[0];
      if (prescription) {
        return { site, bill: `/bill/${bill.id}`, prescription: `/prescription/${prescription.id}` };
      }
    }
  }
  throw new Error('The demo clinic has no patient with both a bill and a prescription');
}

function formatTable(rows: PageFigures[]): string {
  const header = ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'requests', 'kB', 'JS requests', 'JS kB'];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const cells = rows.map((row) => [
    row.page,
    String(row.score),
    seconds(row.fcpMs),
    seconds(row.lcpMs),
    `${Math.round(row.tbtMs)} ms`,
    row.cls.toFixed(2),
    String(row.requests),
    row.kB.toFixed(1),
    String(row.scriptRequests),
    row.scriptKB.toFixed(1),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...cells].map((line) => line[column]?.length ?? 0)),
  );
  return [header, ...cells]
    .map((line) =>
      line
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

buildIfStale();
const server = await startServer({ env: { SEED_DEMO: '1' } });
const userDataDir = mkdtempSync(join(tmpdir(), 'vaidya-lighthouse-'));
const browser = await puppeteer.launch({
  executablePath: chromiumPath,
  headless: true,
  userDataDir,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  console.log(`Lighthouse mobile preset, ${runs} runs per page, median run:\n`);
  // First, as a visitor: the landing page sends a signed-in browser on to the dashboard.
  const rows = [await audit(page, 'landing', `${server.url}/`)];
  const idToken = await signIn(page, server.url);
  const publicPages = await publicPaths(server.url, idToken);
  for (const [name, path] of [
    ['booking website', publicPages.site],
    ['public prescription', publicPages.prescription],
    ['public bill', publicPages.bill],
    ['bookings screen', '/dashboard/bookings'],
  ] as const) {
    rows.push(await audit(page, name, `${server.url}${path}`));
  }
  console.log(formatTable(rows));
} finally {
  await browser.close();
  await server.dispose();
  rmSync(userDataDir, { recursive: true, force: true });
}
