import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerToExit, startServer } from './support/server';

describe('running the server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-lifecycle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on an empty folder with the demo clinic, stops cleanly on SIGTERM, and starts again', async () => {
    const first = await startServer({ dataDir });
    expect(await (await fetch(`${first.url}/api/health`)).json()).toEqual({
      data: { status: 'ok', database: 'pglite' },
    });
    expect(first.output()).toMatch(/Vaidya is running at http:\/\/localhost:\d+ \(database: pglite in /);
    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'vaidya.pid'))).toBe(false);

    const second = await startServer({ dataDir });
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  });

  it('refuses a second server on the same data folder, in one line', async () => {
    const running = await startServer({ dataDir });
    try {
      const refused = await runServerToExit({ DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output.trim()).toMatch(
        /^\S+ is in use by another Vaidya process \(pid \d+\); stop it first\.$/,
      );
    } finally {
      await running.stop();
    }
  });

  it('stops at once on a wrong setting, naming it in one line', async () => {
    const result = await runServerToExit({ PORT: 'three thousand', DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toMatch(/^Invalid PORT="three thousand": [^\n]+$/);
  });

  it('serves the app compressed with long-lived caching for hashed assets', async () => {
    const server = await startServer();
    try {
      const page = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = await page.text();
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const asset = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.status).toBe(200);
      expect((await asset.text()).length).toBeGreaterThan(1000);
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    } finally {
      await server.dispose();
    }
  });
});
