import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { identityContentType, identityTargetPrefix } from '@vaidya/contract/identity';
import { fileUrl } from '@vaidya/contract/uploads';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess } from '../../../test/api-process';
import { testEngine } from '../../../test/test-database';
import { imageBytes } from '../../adapters/storage/upload-fixtures';
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

/** Signs the demo owner in on a running server; the answer's status, and its id token. */
async function signInDemo(url: string) {
  const response = await fetch(`${url}/api/identity`, {
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
  const answer = (await response.json()) as { AuthenticationResult?: { IdToken: string } };
  return { status: response.status, idToken: answer.AuthenticationResult?.IdToken ?? '' };
}

/** Uploads a profile image for the demo clinic as the web app does; answers its key. */
async function uploadProfileImage(url: string, bytes: Buffer): Promise<string> {
  const { idToken } = await signInDemo(url);
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  const generated = await fetch(`${url}/api/generate-file-upload-url`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ fileName: 'clinic.png', contentType: 'image/png', purpose: 'profile-image' }),
  });
  const form = (
    (await generated.json()) as { data: { url: string; fields: Record<string, string>; key: string } }
  ).data;
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'clinic.png');
  expect((await fetch(`${url}${form.url}`, { method: 'POST', body })).status).toBe(204);
  const added = await fetch(`${url}/api/v2/add-profile-image`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ profileImage: form.key }),
  });
  expect(added.status).toBe(200);
  return form.key;
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

  it('the CLI asks the running server for one, the server writes one as it stops, and a restored copy starts and serves the uploaded image', async () => {
    const server = await startApiProcess({ DATA_DIR: dataDir, SEED_DEMO: '1' });
    const image = imageBytes.png(30_000);
    let key: string;
    try {
      key = await uploadProfileImage(server.url, image);
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
    expect(restored.output).toMatch(
      /^Restored the backup of \S+ \(manual, migration \d{4}_\S+\) and its 1 uploaded files, into \S+\/restored\/uploads\./,
    );

    const again = await startApiProcess({ DATA_DIR: newDir, SEED_DEMO: '0' });
    try {
      expect(await (await fetch(`${again.url}/api/health`)).json()).toEqual({
        data: { status: 'ok', database: 'pglite' },
      });
      // The demo owner signs in on the restored copy: the accounts came back with the clinic.
      expect((await signInDemo(again.url)).status).toBe(200);
      // And the image it uploaded is served again, by the route an <img> uses.
      const served = await fetch(`${again.url}${fileUrl(key)}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    } finally {
      await again.stop();
    }
  }, 180_000);
});
