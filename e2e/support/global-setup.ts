import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './browser';
// The type of what setup provides (`migratedDataDir`).
import type {} from './data-dir';
import { startServer } from './server';

/**
 * Journeys run against the built app: build what is stale, make sure Chromium is here, and
 * migrate one embedded-database folder that each journey's new folder copies (`newDataDir`).
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const build = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url))],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('The build failed; the browser journeys need it.');

  const migrated = await migratedDataDir();
  project.provide('migratedDataDir', migrated);
  return () => rmSync(migrated, { recursive: true, force: true });
}

/** Starts the built server once on an empty folder, without the demo, and keeps the folder it migrated. */
async function migratedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-e2e-migrated-'));
  const server = await startServer({ dataDir, env: { SEED_DEMO: '0' } });
  const code = await server.stop();
  if (code !== 0) throw new Error(`The server did not stop cleanly (${code}):\n${server.output()}`);
  // A clean stop leaves a backup of the database behind; a new folder has none.
  rmSync(join(dataDir, 'backups'), { recursive: true, force: true });
  return dataDir;
}
