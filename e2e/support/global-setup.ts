import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './browser';

/** Journeys run against the built app: build what is stale, and make sure Chromium is here. */
export default function setup() {
  ensureChromium();
  const build = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url))],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('The build failed; the browser journeys need it.');
}
