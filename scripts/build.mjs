// Builds the web app and the API bundle when missing or older than their
// sources, so a warm `npm start` is ready in seconds. `--force` always builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

const targets = [
  {
    name: 'web app',
    dir: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/build',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
    ],
  },
  {
    name: 'API',
    dir: 'apps/api',
    output: 'apps/api/dist/main.js',
    sources: ['apps/api/src', 'apps/api/vite.config.ts'],
  },
];
const shared = ['packages/contract/src', 'package-lock.json'];

/**
 * @param {string} path
 * @returns {number} the newest modification time under `path`, test files aside
 */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), 0);
}

export function buildIfStale({ force = false } = {}) {
  for (const target of targets) {
    const output = join(root, target.output);
    const built = existsSync(output) ? statSync(output).mtimeMs : 0;
    const changed = Math.max(
      ...[...target.sources, ...shared].map((source) => newestChange(join(root, source))),
    );
    if (!force && built > changed) continue;
    console.log(`Building the ${target.name}…`);
    const result = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: join(root, target.dir),
        stdio: 'inherit',
      },
    );
    if (result.status !== 0) throw new Error(`Building the ${target.name} failed`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
