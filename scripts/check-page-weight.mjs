// Measures the JavaScript each page of the built web app makes the browser download,
// as sent over the wire, and fails when a page is past its budget. `npm test` runs it
// after the build; the bench prints the same figures.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const webDist = join(root, 'apps/web/dist');

/** Bytes, counted like the browser's DevTools: 1 kB is 1000 bytes. */
export const pageBudgets = {
  /** The first visit, often on a phone on a slow connection. */
  landing: 100_000,
  /**
   * Every other page: the dashboards, and the public pages of the app shell (signing in
   * and up, the printable views), which need MUI, forms and the contract's zod schemas.
   * 252 kB since roles (decision 047): every signed-in page reads the role and hides by it.
   */
  page: 252_000,
  /**
   * The consultation editor (decision 022): five master pickers, the medicines grid
   * and the dental chart on one screen, which a doctor opens from the bookings screen
   * with the dashboard's code already cached; and the bill editor, opened the same way.
   */
  editor: 300_000,
};

/**
 * Files a page may fetch on arrival: each is a request, a round trip on a phone's slow
 * connection. Left to the bundler the dashboard's pages fetched 46–79; grouped
 * (`apps/web/vite.config.ts`, decision 035) they fetch 25–45; the bill editor 51 since
 * roles (decision 047).
 */
export const maxFilesPerPage = 52;

const appShell = ['src/app/app-shell.tsx'];
const publicLayout = [...appShell, 'src/app/public-layout.tsx'];
// The dashboard's loader asks for the clinic while the layout downloads (decision 035).
const dashboardLayout = [...appShell, 'src/app/dashboard-arrival.ts', 'src/app/dashboard-layout.tsx'];
const walletGuard = ['src/app/wallet-guard.tsx'];
// The pages of one role's permission (issue 23): the owner's, and the prescription editor.
const roleGuard = ['src/app/role-guard.tsx'];

/**
 * @typedef {{ path: string, budget: number, modules: string[] }} PageRoute
 * `modules` are the router's lazy modules (layouts, then the page) that load on arrival,
 * named as in Vite's manifest; apps/web/src/app/router.tsx is the source of truth.
 */

/** @type {PageRoute[]} */
export const pageRoutes = [
  // Outside the app shell: no MUI, no query cache, no API client until the visitor asks.
  { path: '/', budget: pageBudgets.landing, modules: ['src/features/public/landing-page.tsx'] },
  // The clinic's booking website, opened on patients' phones: as light as the landing page.
  { path: '/site/:domain', budget: pageBudgets.landing, modules: ['src/features/site/site-page.tsx'] },
  // The waiting-room TV: no MUI, no zod, like the booking website.
  { path: '/tv', budget: pageBudgets.landing, modules: ['src/features/tv/tv-page.tsx'] },
  {
    path: '/contact-us',
    budget: pageBudgets.page,
    modules: [...publicLayout, 'src/features/public/contact-us-page.tsx'],
  },
  {
    path: '/signin',
    budget: pageBudgets.page,
    modules: [...publicLayout, 'src/features/identity/signin-page.tsx'],
  },
  {
    path: '/sign-up-secure',
    budget: pageBudgets.page,
    modules: [...publicLayout, 'src/features/identity/sign-up-page.tsx'],
  },
  {
    path: '/reset-password',
    budget: pageBudgets.page,
    modules: [...publicLayout, 'src/features/identity/reset-password-page.tsx'],
  },
  {
    path: '/new-password',
    budget: pageBudgets.page,
    modules: [...publicLayout, 'src/features/identity/new-password-page.tsx'],
  },
  {
    path: '/prescription-preview/:id',
    budget: pageBudgets.page,
    modules: [...appShell, 'src/features/prescriptions/prescription-preview-page.tsx'],
  },
  // The patient's prescription, bill and dental estimate, opened on phones from a message: no MUI, no zod,
  // like the booking website (decision 032).
  {
    path: '/prescription/:id',
    budget: pageBudgets.landing,
    modules: ['src/features/prescriptions/prescription-view-page.tsx'],
  },
  {
    path: '/bill-preview/:id',
    budget: pageBudgets.page,
    modules: [...appShell, 'src/features/bill-view/bill-preview-page.tsx'],
  },
  {
    path: '/bill/:id',
    budget: pageBudgets.landing,
    modules: ['src/features/bill-view/bill-view-page.tsx'],
  },
  {
    path: '/estimate/:id',
    budget: pageBudgets.landing,
    modules: ['src/features/dental/estimate-view-page.tsx'],
  },
  {
    path: '/dashboard/receipt/:id',
    budget: pageBudgets.page,
    modules: [...appShell, 'src/features/bill-view/receipt-page.tsx'],
  },
  ...[
    // The bookings screen's loader asks for its queues and tokens beside the page's download.
    ['bookings', 'src/app/bookings-arrival.ts', 'src/features/bookings/bookings-page.tsx'],
    ['schedule', 'src/features/schedule/schedule-page.tsx'],
    ['settings', ...roleGuard, 'src/features/settings/settings-page.tsx'],
    ['settings/staff', ...roleGuard, 'src/features/staff/staff-page.tsx'],
  ].map(([segment, ...page]) => ({
    path: `/dashboard/${segment}`,
    budget: pageBudgets.page,
    modules: [...dashboardLayout, ...walletGuard, ...page],
  })),
  ...[
    ['referrals', ...roleGuard, 'src/features/referrals/referrals-page.tsx'],
    ['payment', ...roleGuard, 'src/features/payment/payment-page.tsx'],
    ['qrcode', ...roleGuard, 'src/features/qrcode/qrcode-page.tsx'],
    ['settings/profile', 'src/features/staff/profile-page.tsx'],
    ['prescription-masters', 'src/features/masters/prescription-masters-page.tsx'],
    ['treatment-masters', 'src/features/masters/treatment-masters-page.tsx'],
    ['bills', 'src/features/bills/bills-page.tsx'],
    ['patients', 'src/features/patients/patients-page.tsx'],
    ['patients/:id', 'src/features/patients/patient-page.tsx'],
    ['patients/duplicates', 'src/features/patients/patient-duplicates-page.tsx'],
    ['audit', 'src/features/audit/audit-page.tsx'],
    // The reports (issue 24), a view each; the chart's code follows the figures, after arrival.
    ...['collections', 'dues', 'visits', 'treatments'].map((view) => [
      `reports/${view}`,
      ...roleGuard,
      'src/features/reports/reports-page.tsx',
      `src/features/reports/${view}-report.tsx`,
    ]),
    ['day-close', 'src/features/day-close/day-close-page.tsx'],
  ].map(([segment, ...page]) => ({
    path: `/dashboard/${segment}`,
    budget: pageBudgets.page,
    modules: [...dashboardLayout, ...page],
  })),
  {
    // A dental clinic's patient page opened on its Dental tab, a child route: the chart and the plans.
    path: '/dashboard/patients/:id/dental',
    budget: pageBudgets.page,
    modules: [
      ...dashboardLayout,
      'src/features/patients/patient-page.tsx',
      'src/features/dental/dental-tab.tsx',
    ],
  },
  {
    // The patient page opened on its Audit view, a child route: the acts on the patient's records.
    path: '/dashboard/patients/:id/audit',
    budget: pageBudgets.page,
    modules: [
      ...dashboardLayout,
      'src/features/patients/patient-page.tsx',
      'src/features/audit/patient-audit-tab.tsx',
    ],
  },
  {
    // A treatment plan's estimate, printable, outside the dashboard's layout like the receipt.
    path: '/dashboard/patients/:patientId/plans/:planId/estimate',
    budget: pageBudgets.page,
    modules: [...appShell, 'src/features/dental/estimate-page.tsx'],
  },
  {
    // The bill editor: the master pickers (MUI's Autocomplete) and the payment controls on
    // top of the dashboard put it past the page budget (273 kB measured on arrival), and
    // like the consultation editor it is opened from the bookings screen with the
    // dashboard's code already cached.
    path: '/dashboard/bill-editor',
    budget: pageBudgets.editor,
    modules: [...dashboardLayout, 'src/features/bills/bill-editor-page.tsx'],
  },
  {
    // The page asks for the editor module on arrival, alongside the saved form: it counts.
    path: '/dashboard/consultation',
    budget: pageBudgets.editor,
    modules: [
      ...dashboardLayout,
      ...roleGuard,
      'src/features/consultation/consultation-page.tsx',
      'src/features/consultation/consultation-editor.tsx',
    ],
  },
];

/**
 * Lazy modules the router names that load only when the visitor acts, never on arrival:
 * the landing page's contact popup (with MUI and the API client) waits for a click.
 */
const onDemandModules = ['src/app/landing-lead-dialog.tsx'];

/**
 * @typedef {{ file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ path: string, budget: number, files: string[], sentBytes: number, decodedBytes: number }} PageWeight
 */

/**
 * The files a chunk brings with it: itself and its static imports, transitively (the
 * browser fetches those before running it; Vite preloads them alongside).
 * @param {Manifest} manifest
 * @param {string} key
 * @param {Set<string>} files
 */
function collectFiles(manifest, key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk for ${key}: is the route table out of date?`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectFiles(manifest, imported, files);
}

/**
 * What goes over the wire for one built file: the server sends the brotli sibling the
 * build wrote (every current browser accepts brotli), and compresses the files too small
 * to have one on the fly, at @fastify/compress's default quality.
 * @param {string} distDir
 * @param {string} file
 */
async function sentSize(distDir, file) {
  const path = join(distDir, file);
  const content = await readFile(path);
  const precompressed = `${path}.br`;
  const sent = existsSync(precompressed)
    ? (await stat(precompressed)).size
    : brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      }).byteLength;
  return { sent, decoded: content.byteLength };
}

/**
 * Every page the router lazily loads must have a row in the table, so a new route cannot
 * slip past the budgets.
 * @param {Manifest} manifest
 * @param {string} entryKey
 */
function assertEveryPageMeasured(manifest, entryKey) {
  const measured = new Set([...pageRoutes.flatMap((route) => route.modules), ...onDemandModules]);
  const unmeasured = (manifest[entryKey]?.dynamicImports ?? []).filter((module) => !measured.has(module));
  if (unmeasured.length > 0) {
    throw new Error(
      `The router loads modules no row of scripts/check-page-weight.mjs measures: ${unmeasured.join(', ')}`,
    );
  }
}

/**
 * @param {string} [distDir]
 * @returns {Promise<PageWeight[]>}
 */
export async function measurePageWeights(distDir = webDist) {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`No build manifest at ${manifestPath}: build the web app first.`);
  /** @type {Manifest} */
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The build manifest names no entry chunk.');
  assertEveryPageMeasured(manifest, entryKey);

  return Promise.all(
    pageRoutes.map(async (route) => {
      /** @type {Set<string>} */
      const files = new Set();
      for (const key of [entryKey, ...route.modules]) collectFiles(manifest, key, files);
      const sizes = await Promise.all([...files].map((file) => sentSize(distDir, file)));
      return {
        path: route.path,
        budget: route.budget,
        files: [...files],
        sentBytes: sizes.reduce((sum, size) => sum + size.sent, 0),
        decodedBytes: sizes.reduce((sum, size) => sum + size.decoded, 0),
      };
    }),
  );
}

/** @param {number} bytes */
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * What a page is past: its budget, the number of files.
 * @param {PageWeight} weight
 */
const pastLimits = (weight) => [
  ...(weight.sentBytes > weight.budget ? ['OVER BUDGET'] : []),
  ...(weight.files.length > maxFilesPerPage ? ['TOO MANY FILES'] : []),
];

/**
 * @param {PageWeight[]} weights
 * @returns {string}
 */
export function formatPageWeights(weights) {
  const header = ['page', 'JS as sent', 'budget', 'decoded', 'files', ''];
  const rows = weights.map((weight) => [
    weight.path,
    kB(weight.sentBytes),
    kB(weight.budget),
    kB(weight.decodedBytes),
    String(weight.files.length),
    pastLimits(weight).join(', '),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const weights = await measurePageWeights();
    console.log(`JavaScript per page (brotli, as the server sends it):\n${formatPageWeights(weights)}`);
    const over = weights.filter((weight) => pastLimits(weight).length > 0);
    if (over.length > 0) {
      console.error(
        `\nPast the budget or ${maxFilesPerPage} files: ${over.map((weight) => weight.path).join(', ')}`,
      );
      process.exit(1);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
