import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The journeys drive Debian's Chromium (a browser download from npm cannot
 * work offline). As root with apt we install it; otherwise we say how, once.
 */
export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH) {
    console.log('Installing Chromium for the browser tests: apt-get install -y chromium');
    spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq chromium >/dev/null'], {
      stdio: 'inherit',
    });
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Browser tests need Chromium at ${chromiumPath}: run "apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
  }
}

export interface Browser {
  page: Page;
  context: BrowserContext;
  close(): Promise<void>;
}

/** The window, and the language and time zone the browser says it is in (the machine's when not given). */
export interface BrowserOptions {
  width?: number;
  height?: number;
  /** Like 'en-US': `navigator.language` and `Intl`'s default. */
  locale?: string;
  /** Like 'America/New_York': the zone `Date` and `Intl` use by default. */
  timezoneId?: string;
}

export async function openBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'vaidya-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale,
    timezoneId: options.timezoneId,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
