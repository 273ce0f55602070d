import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { identityContentType, identityTargetPrefix } from '@vaidya/contract/identity';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess } from '../../../test/api-process';
import { testEngine } from '../../../test/test-database';
import { demoSignIn } from '../../seed/demo-seed';
import { parseBackupName } from './backup-schedule';

const apiRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run cli -- …` as an operator runs it, on the given folders; resolves with its code and output. */
function cli(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output: output.trim() })),
  );
}

const kinds = (dir: string) =>
  readdirSync(dir)
    .map((name) => parseBackupName(name)?.kind)
    .sort();

describe.skipIf(testEngine() !== 'pglite')('backups by the server and the CLI (real processes)', () => {
  const root = mkdtempSync(join(tmpdir(), 'vaidya-backup-processes-'));
  const dataDir = join(root, 'data');
  const backupDir = join(dataDir, 'backups');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('the CLI asks the running server for one, the server writes one as it stops, and a restored copy starts', async () => {
    const server = await startApiProcess({ DATA_DIR: dataDir, SEED_DEMO: '1' });
    try {
      const asked = await cli({ DATA_DIR: dataDir }, 'backup');
      expect(asked.code, asked.output).toBe(0);
      expect(asked.output).toMatch(/^Backup written: \S+-manual\.backup$/);
    } finally {
      await server.stop();
    }
    expect(kinds(backupDir)).toEqual(['manual', 'shutdown']);
    expect(existsSync(join(dataDir, 'vaidya.pid'))).toBe(false);

    // Stopped: the CLI opens the database itself.
    const file = join(root, 'copy.backup');
    const direct = await cli({ DATA_DIR: dataDir }, 'backup', file);
    expect(direct).toEqual({ code: 0, output: `Backup written: ${file}` });

    const refused = await cli({ DATA_DIR: dataDir }, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/already holds a database: restore into an empty or new folder/);

    const newDir = join(root, 'restored');
    const restored = await cli({ DATA_DIR: newDir }, 'restore', file);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/^Restored the backup of \S+ \(manual, migration \d{4}_\S+\)\./);

    const again = await startApiProcess({ DATA_DIR: newDir, SEED_DEMO: '0' });
    try {
      expect(await (await fetch(`${again.url}/api/health`)).json()).toEqual({
        data: { status: 'ok', database: 'pglite' },
      });
      const demo = await fetch(`${again.url}/api/identity`, {
        method: 'POST',
        headers: {
          'content-type': identityContentType,
          'x-amz-target': `${identityTargetPrefix}InitiateAuth`,
        },
        body: JSON.stringify({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: 'vaidya-web',
          AuthParameters: { USERNAME: demoSignIn.email, PASSWORD: demoSignIn.password },
        }),
      });
      // The demo owner signs in on the restored copy: the accounts came back with the clinic.
      expect(demo.status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 180_000);
});
