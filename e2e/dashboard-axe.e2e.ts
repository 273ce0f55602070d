import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { addDays } from '@vaidya/contract/calendar-dates';
import { dashboardTexts, patientSearchTexts } from '@vaidya/contract/dashboard-screens';
import { dentalChartWords } from '@vaidya/contract/dental-screens';
import { masterScreenWords } from '@vaidya/contract/master-screens';
import { patientMergeWords } from '@vaidya/contract/patient-merge-screens';
import { reportScreenWords } from '@vaidya/contract/reports-screens';
import { settingsScreenTexts } from '@vaidya/contract/schedule-screens';
import type * as Axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser } from './support/browser';
import {
  bookPatient,
  type ClinicApi,
  clinicApi,
  dayAfterTomorrow,
  demoDentist,
  openLocationWithQueue,
  type Patient,
  phoneViewport,
  rememberChoices,
  signIn,
} from './support/clinic';
import { newDataDir } from './support/data-dir';
import { type RunningServer, startServer } from './support/server';

/** axe-core's browser build, evaluated in each page (the app's content security policy refuses injected script tags). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const desktopViewport = { width: 1280, height: 800 };
const patient: Patient = { name: 'Kavita Rao', mobile: '9822012345', age: 34, gender: 'female' };
const onlinePatient: Patient = { name: 'Meera Joshi', mobile: '9822000002' };
const referredClinic = 'Shree Physio Care';
/** The demo clinic's lists (apps/api/src/seed/demo-masters.ts). */
const rootCanal = 'Root canal treatment (molar)';
const amoxicillin = 'Amoxicillin 500';

/** One rule broken on one screen: what to fix, and where. */
interface Finding {
  screen: string;
  width: number;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** A screen of the dashboard: its address, and something it shows once its data is drawn. */
interface Screen {
  name: string;
  path: string;
  /** The day the bookings screen opens on (spec §3 client state); otherwise the clinic's today. */
  day?: string;
  shows: (page: Page) => Locator;
}

/** The records the screens show, made through the API before the audit. */
interface Records {
  bookingDay: string;
  prescriptionId: string;
  billId: string;
  receiptId: string;
  patientId: string;
}

/** The text where it is drawn: a phone's layout may keep the desktop's version hidden. */
const text = (value: string) => (page: Page) =>
  page.getByText(value, { exact: true }).filter({ visible: true }).first();
const patientRow = (page: Page) => page.getByRole('row', { name: new RegExp(patient.name) }).first();
/** A printable sheet (receipt, prescription, bill), drawn once its record has come. */
const sheet = (page: Page) => page.getByRole('article');
/** A master list's first row, by its edit button. */
const firstEditButton = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`^${masterScreenWords.editNamed('')}`) }).first();

/** Every screen the router puts under /dashboard, and the signed-in sheets outside its layout (router.tsx). */
const screensOf = ({ bookingDay, prescriptionId, billId, receiptId, patientId }: Records): Screen[] => [
  {
    name: 'bookings',
    path: '/dashboard/bookings',
    day: bookingDay,
    shows: (page) => page.getByRole('row', { name: new RegExp(onlinePatient.name) }),
  },
  { name: 'schedule', path: '/dashboard/schedule', shows: text('Dr Rao — OPD') },
  {
    name: 'settings',
    path: '/dashboard/settings',
    shows: (page) => page.getByRole('button', { name: settingsScreenTexts.locations.editNamed('Aundh') }),
  },
  { name: 'referrals', path: '/dashboard/referrals', shows: text(referredClinic) },
  { name: 'payment', path: '/dashboard/payment', shows: text('₹500.00') },
  { name: 'qrcode', path: '/dashboard/qrcode', shows: (page) => page.getByRole('img').first() },
  {
    name: 'prescription-masters',
    path: '/dashboard/prescription-masters',
    shows: (page) => page.getByRole('heading', { level: 2 }).first(),
  },
  {
    name: 'prescription-masters medicines',
    path: '/dashboard/prescription-masters?list=medicines',
    shows: firstEditButton,
  },
  { name: 'treatment-masters', path: '/dashboard/treatment-masters', shows: firstEditButton },
  // The demo clinic's patients, newest visit first: its first row, whoever it is.
  { name: 'patients', path: '/dashboard/patients', shows: (page) => page.getByRole('row').nth(1) },
  {
    name: 'patient',
    path: `/dashboard/patients/${patientId}`,
    shows: (page) => page.getByRole('heading', { name: patient.name }),
  },
  // The demo clinic is a dentist's: the patient's chart and treatment plans (issue 22).
  {
    name: 'patient dental',
    path: `/dashboard/patients/${patientId}/dental`,
    shows: (page) => page.getByRole('group', { name: dentalChartWords.title }),
  },
  // The acts on the patient's records (issue 23): the table's first row, an act or "No activity yet".
  {
    name: 'patient audit',
    path: `/dashboard/patients/${patientId}/audit`,
    shows: (page) => page.getByRole('row').nth(1),
  },
  { name: 'audit trail', path: '/dashboard/audit', shows: (page) => page.getByRole('row').nth(1) },
  // The day's figures (issue 24): the money by mode, drawn once the day's summary has come.
  {
    name: 'day close',
    path: '/dashboard/day-close',
    shows: (page) => page.getByRole('table', { name: 'Money received by payment mode' }),
  },
  // The reports (issue 24), each once its chart is drawn or its table has come.
  {
    name: 'reports collections',
    path: '/dashboard/reports/collections',
    shows: (page) => page.getByRole('img', { name: new RegExp(reportScreenWords.collections.trendChart) }),
  },
  {
    name: 'reports dues',
    path: '/dashboard/reports/dues',
    shows: (page) => page.getByRole('row').nth(1).or(page.getByText(reportScreenWords.dues.empty)),
  },
  {
    name: 'reports visits',
    path: '/dashboard/reports/visits',
    shows: (page) => page.getByRole('heading', { name: reportScreenWords.visits.trendChart }),
  },
  {
    name: 'reports treatments',
    path: '/dashboard/reports/treatments',
    shows: (page) => page.getByRole('heading', { name: reportScreenWords.treatments.medicinesTitle }),
  },
  // The likely duplicates: the list, or its sentence when the demo clinic has none.
  {
    name: 'patient duplicates',
    path: '/dashboard/patients/duplicates',
    shows: (page) => page.getByRole('listitem').first().or(page.getByText(patientMergeWords.duplicatesEmpty)),
  },
  { name: 'bills', path: '/dashboard/bills', shows: patientRow },
  {
    name: 'bill-editor',
    path: `/dashboard/bill-editor?id=${billId}`,
    shows: (page) => page.getByRole('textbox', { name: /Patient name/ }),
  },
  {
    name: 'consultation',
    path: `/dashboard/consultation?id=${prescriptionId}`,
    shows: (page) => page.getByRole('textbox', { name: /Patient name/ }),
  },
  { name: 'receipt', path: `/dashboard/receipt/${receiptId}`, shows: sheet },
  { name: 'prescription-preview', path: `/prescription-preview/${prescriptionId}`, shows: sheet },
  { name: 'bill-preview', path: `/bill-preview/${billId}`, shows: sheet },
];

/**
 * Waits until nothing on the page says it is still loading (no skeleton, spinner or busy
 * region), then for every transition to end: a button fading from disabled to enabled
 * would otherwise be measured halfway.
 */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"], .MuiSkeleton-root, [role="progressbar"]') === null &&
      document.fonts.status === 'loaded',
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
}

/** axe-core on the page as it stands; the serious and critical violations, named for the screen. */
async function audit(page: Page, screen: string): Promise<Finding[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
        summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '',
      }));
  });
  const width = page.viewportSize()?.width ?? 0;
  return violations.map((violation) => ({ screen, width, ...violation }));
}

/** How many of a rule's elements the report names; the rest are counted. */
const targetsNamed = 4;

/** Every finding on its own lines: screen and width, rule, what it asks, where, and axe's first reason. */
const report = (findings: Finding[]) =>
  [
    `${findings.length} serious or critical axe violation(s):`,
    ...findings.map((finding) => {
      const more = finding.targets.length - targetsNamed;
      const targets =
        finding.targets.slice(0, targetsNamed).join(' | ') + (more > 0 ? ` (and ${more} more)` : '');
      return (
        `${finding.screen} @ ${finding.width}px — ${finding.rule} (${finding.impact}): ${finding.help}\n` +
        `    at: ${targets}\n    why: ${finding.summary}`
      );
    }),
  ].join('\n');

/** Adds the booking's prescription; resolves with its id. */
async function prescribe(api: ClinicApi, booking: { slotId: string; locationId: string }): Promise<string> {
  const form = await api.request.post(`${api.url}/api/consultation-form/add-consultation-form`, {
    headers: api.headers,
    data: {
      ...booking,
      customerName: patient.name,
      customerMobile: patient.mobile,
      customerAge: patient.age,
      customerGender: patient.gender,
      metrics: [{ type: 'BP', value: '120/80' }],
      complaints: [{ complaint_name: 'Toothache' }],
      treatments: [{ treatment_name: rootCanal, tooth_number: 36 }],
      products: [{ product_name: amoxicillin, dosage_qty: '1 tablet', is_morning: true, days: 5 }],
    },
  });
  expect(form.status(), await form.text()).toBe(201);
  return (await form.json()).data.id;
}

/** Bills the booking with part paid, so the patient owes the rest; resolves with the bill's id. */
async function bill(api: ClinicApi, booking: { slotId: string; locationId: string }): Promise<string> {
  const added = await api.request.post(`${api.url}/api/bill/add-bill`, {
    headers: api.headers,
    data: {
      ...booking,
      customerName: patient.name,
      customerMobile: patient.mobile,
      items: [
        { name: rootCanal, quantity: 1, unitPrice: 6000, taxPercentage: 0 },
        { name: amoxicillin, quantity: 10, unitPrice: 8.5, taxPercentage: 12 },
      ],
      discount: 0,
      amountPaid: 2000,
      paymentMode: 'upi',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return (await added.json()).data.id;
}

/** The id of the patient the desk booked, as the registry finds them by mobile. */
async function patientIdOf(api: ClinicApi): Promise<string> {
  const found = await api.request.get(`${api.url}/api/patient/get-patients`, {
    headers: api.headers,
    params: { query: patient.mobile },
  });
  expect(found.status(), await found.text()).toBe(200);
  return (await found.json()).data.results[0].id;
}

/** Records a payment against the patient's dues; resolves with the receipt's id. */
async function payDues(api: ClinicApi, locationId: string): Promise<string> {
  const paid = await api.request.post(`${api.url}/api/bill/record-dues-payment`, {
    headers: api.headers,
    data: { locationId, customerMobile: patient.mobile, amount: 1000, paymentMode: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return (await paid.json()).data.id;
}

/** A patient books on the clinic's website, so the bookings screen shows an online booking. */
async function bookOnline(api: ClinicApi, booking: { queueId: string; date: string }) {
  const online = await api.request.post(`${api.url}/api/public/book-slot`, {
    data: {
      ...booking,
      startTime: '10:00',
      customerName: onlinePatient.name,
      customerMobile: onlinePatient.mobile,
    },
  });
  expect(online.status(), await online.text()).toBe(201);
}

/** An hour off on one day and the whole of another, so the calendar shows both and the off-days list has rows. */
async function takeTimeOff(api: ClinicApi, queueId: string, days: { partly: string; whole: string }) {
  for (const data of [
    { queueId, date: days.partly, startTime: '11:00', endTime: '12:00' },
    { queueId, date: days.whole },
  ]) {
    const added = await api.request.post(`${api.url}/api/add-off-day`, { headers: api.headers, data });
    expect(added.status(), await added.text()).toBe(201);
  }
}

/** Refers a clinic, so the referrals list has a row. */
async function refer(api: ClinicApi) {
  const referred = await api.request.post(`${api.url}/api/new-client-request`, {
    headers: api.headers,
    data: { name: referredClinic, mobile: '9822077777', speciality: 'PHYSIOTHERAPIST', city: 'Pune' },
  });
  expect(referred.status(), await referred.text()).toBe(201);
}

/** Recharges ₹500 through the test gateway, so the wallet has a movement to list. */
async function recharge(api: ClinicApi) {
  const post = async (path: string, data: object) => {
    const answer = await api.request.fetch(`${api.url}/api/payment/${path}`, {
      method: path === 'update-payment-status' ? 'PUT' : 'POST',
      headers: api.headers,
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()).data;
  };
  const order = await post('create-rpy-order', { amount: 500 });
  const checkout = await post('test-gateway/pay', { order_id: order.order_id, outcome: 'success' });
  await post('update-payment-status', checkout);
}

describe('accessibility of every dashboard screen', () => {
  const dataDir = newDataDir('axe');
  const day = dayAfterTomorrow();
  let server: RunningServer;
  let browser: Browser;
  let screens: Screen[];

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: '1', PAYMENT_GATEWAY: 'test' } });
    browser = await openBrowser(desktopViewport);
    const { page } = browser;
    await signIn(page, server.url, demoDentist);
    const api = await clinicApi(page, server.url);
    // A new location of the demo clinic with one queue, time off, a booking at the desk and
    // one online, the first one's prescription, its bill part-paid and a payment against the
    // rest; a referral and a recharge.
    const { locationId, queueId } = await openLocationWithQueue(api);
    const slotId = await bookPatient(api, { queueId, date: day, startTime: '09:00', patient });
    await bookOnline(api, { queueId, date: day });
    await takeTimeOff(api, queueId, { partly: addDays(day, 1), whole: addDays(day, 2) });
    const booking = { slotId, locationId };
    const prescriptionId = await prescribe(api, booking);
    const billId = await bill(api, booking);
    const receiptId = await payDues(api, locationId);
    await refer(api);
    await recharge(api);
    const patientId = await patientIdOf(api);
    screens = screensOf({ bookingDay: day, prescriptionId, billId, receiptId, patientId });
    // The dashboard opens on the new location (spec §3 client state).
    await rememberChoices(page, { locationId });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens each screen at the window's size, waits for its data, and audits it. */
  async function auditEveryScreen(): Promise<Finding[]> {
    const { page } = browser;
    const findings: Finding[] = [];
    for (const screen of screens) {
      // The bills screen starts at the remembered day when it is later than today, and the
      // bills were written today: only the bookings screen opens on the booking's day.
      await page.evaluate((day) => {
        if (day) localStorage.setItem('selectedDay', day);
        else localStorage.removeItem('selectedDay');
      }, screen.day);
      await page.goto(`${server.url}${screen.path}`);
      await screen.shows(page).waitFor();
      await settled(page);
      findings.push(...(await audit(page, screen.name)));
    }
    return findings;
  }

  /** The app bar's patient search, opened by `open` and showing the patient found by four digits of the mobile. */
  async function auditPatientSearch(open: (page: Page) => Promise<void>): Promise<Finding[]> {
    const { page } = browser;
    await page.goto(`${server.url}/dashboard/qrcode`);
    await page.getByRole('img').first().waitFor();
    await open(page);
    await page.getByRole('combobox', { name: patientSearchTexts.field }).fill(patient.mobile.slice(-4));
    await page.getByRole('option', { name: new RegExp(patient.name) }).waitFor();
    await settled(page);
    return audit(page, 'patient search');
  }

  it('has no serious or critical axe violation at 1280 px', async () => {
    await browser.page.setViewportSize(desktopViewport);
    const findings = await auditEveryScreen();
    findings.push(...(await auditPatientSearch((page) => page.keyboard.press('Control+K'))));
    expect(findings.length, report(findings)).toBe(0);
  });

  it('has no serious or critical axe violation at 360 px, the navigation drawer open included', async () => {
    const { page } = browser;
    await page.setViewportSize(phoneViewport);
    const findings = await auditEveryScreen();
    findings.push(
      ...(await auditPatientSearch((page) =>
        page.getByRole('button', { name: patientSearchTexts.open }).click(),
      )),
    );

    await page.evaluate((day) => localStorage.setItem('selectedDay', day), day);
    await page.goto(`${server.url}/dashboard/bookings`);
    await patientRow(page).waitFor();
    await page.getByRole('button', { name: dashboardTexts.openNavigation }).click();
    await page.getByRole('navigation', { name: dashboardTexts.navigation }).waitFor();
    await settled(page);
    findings.push(...(await audit(page, 'navigation drawer')));

    expect(findings.length, report(findings)).toBe(0);
  });
});
