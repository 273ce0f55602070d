import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  authenticationResultSchema,
  identityContentType,
  identityTargetPrefix,
} from '@vaidya/contract/identity';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort } from '../test/api-process';
import { testClientId } from '../test/test-app';
import { createTestClock } from '../test/test-clock';
import { migrationsDir, openTestDatabase, testEngine } from '../test/test-database';
import { runCli } from './cli';
import { type Db, openDatabase } from './db/database';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const mainSource = fileURLToPath(new URL('./main.ts', import.meta.url));

/**
 * main.ts's watchdog: a shutdown still running after it exits with 1. So an exit code of 0 says
 * the shutdown finished in time, and 143 that a second signal ended it: the tests read the
 * code the process ends with, never a stopwatch that a busy machine could overrun.
 */
const watchdogMs = 10_000;

interface Server {
  url: string;
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals>;
  /** stderr, and stdout when the test reads it. */
  output(): string;
  /** Resolves once the output holds `text`. */
  printed(text: string): Promise<void>;
}

/**
 * A real server process (main.ts through tsx). Its stdout is left to the test,
 * which may never read it; readiness is seen by polling /api/health instead.
 */
async function startServer(
  env: Record<string, string>,
  stdout: 'read' | 'never read' = 'read',
): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainSource], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      IDENTITY_CLIENT_ID: testClientId,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk;
    for (const check of waiting) check();
  };
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!output.includes(text)) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    });
  child.stderr.on('data', collect);
  if (stdout === 'read') child.stdout.on('data', collect);
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal as NodeJS.Signals))),
  );
  started.push(child);
  const url = `http://127.0.0.1:${port}`;
  const startedBy = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited before it was ready:\n${output}`);
    if (Date.now() > startedBy) throw new Error(`the server did not start in 60 s:\n${output}`);
    const ready = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, child, exited, output: () => output, printed };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * SIGTERM, and how the process ended and how long it took. It waits for the exit itself: the
 * watchdog ends every shutdown, so a process that never exits is a failure the test's own
 * timeout reports.
 */
async function terminate(server: Server) {
  const sent = Date.now();
  server.child.kill('SIGTERM');
  const outcome = await server.exited;
  return { outcome, tookMs: Date.now() - sent };
}

const started: ChildProcessByStdio<null, Readable, Readable>[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe.skipIf(testEngine() !== 'pglite')(
  'a log reader that stops reading (the engine does not matter: PGlite only)',
  () => {
    it('neither stalls the server nor keeps it from exiting within the deadline on SIGTERM', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-shutdown-'));
      cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
      try {
        const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 'never read');
        // stdout is a pipe the test never reads (as in `npm start | sleep 300`); it stays open.
        // 400 requests, each logged on arrival with its 4 kB path and on completion: about 1.7 MB
        // of log, far past the 64 KiB a pipe holds and the writer's 1 MiB.
        const path = `/api/not-here/${'p'.repeat(4000)}`;
        const statuses: number[] = [];
        for (let batch = 0; batch < 20; batch++) {
          const answers = await Promise.all(
            Array.from({ length: 20 }, () =>
              fetch(`${server.url}${path}`).then((response) => response.status),
            ),
          );
          statuses.push(...answers);
        }
        expect(statuses).toEqual(Array(400).fill(404));
        // It still answers: a server whose event loop waited for the log would never answer.
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

        // 0, not the watchdog's 1: the shutdown finished in time with the log still unread.
        const { outcome } = await terminate(server);
        expect(outcome, server.output()).toBe(0);
        expect(existsSync(join(dataDir, 'vaidya.pid'))).toBe(false);

        // The reader was truly stalled: now that the process is gone, everything that ever
        // reached the pipe is read, and it is far less than the log of 400 requests.
        let log = '';
        server.child.stdout.on('data', (chunk: Buffer) => {
          log += chunk;
        });
        await new Promise((resolve) => server.child.stdout.once('end', resolve));
        const completed = log.split('\n').filter((line) => line.includes('"request completed"')).length;
        expect(log.length).toBeGreaterThan(64 * 1024);
        expect(completed).toBeLessThan(400 / 4);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  },
);

describe.skipIf(testEngine() !== 'pglite')('a shutdown that cannot finish (PGlite only)', () => {
  /**
   * A request whose body never finishes arriving: the server waits for it on close. Resolves
   * once the server has logged it as arrived (LOG_LEVEL=info), so a signal comes after it.
   */
  const startUnfinishedRequest = async (server: Server) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      'POST /api/public/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await server.printed('"path":"/api/public/leads"');
    return socket;
  };
  const withDataDir = async (run: (dataDir: string) => Promise<void>) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-shutdown-'));
    cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    try {
      await run(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it(
    'ends at once with 143 on a second SIGTERM',
    () =>
      withDataDir(async (dataDir) => {
        const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
        const socket = await startUnfinishedRequest(server);
        server.child.kill('SIGTERM');
        // The first signal is being handled, and the unfinished request keeps the shutdown open.
        await server.printed('SIGTERM: closing');
        // 143, neither the 0 of a finished shutdown nor the watchdog's 1: the second signal ended it.
        const { outcome } = await terminate(server);
        expect(outcome, server.output()).toBe(143);
        socket.destroy();
      }),
    60_000,
  );

  it(
    'ends with 1 when the deadline passes',
    () =>
      withDataDir(async (dataDir) => {
        const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
        const socket = await startUnfinishedRequest(server);
        const { outcome, tookMs } = await terminate(server);
        expect(outcome, server.output()).toBe(1);
        // A lower bound only: a busy machine makes the watchdog late, never early.
        expect(tookMs).toBeGreaterThanOrEqual(watchdogMs);
        expect(server.output()).toContain('shutdown took over 10 s; exiting');
        socket.destroy();
      }),
    60_000,
  );
});

describe(`SIGTERM in the middle of a stream of writes (${testEngine()})`, () => {
  it('answers every request it accepted, none with a 5xx, and keeps every acknowledged write', async () => {
    const email = 'owner@shutdown.test';
    const password = 'Shutdown-under-load-2026';
    // The clinic is made before the server starts: PGlite has one process at a time.
    let env: Record<string, string>;
    let dispose: () => Promise<void>;
    if (testEngine() === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-shutdown-'));
      cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
      const database = await openDatabase({ engine: 'pglite', dataDir, migrationsDir });
      await createClinic(database.db, email, password);
      await database.close();
      env = { DATA_DIR: dataDir };
      dispose = async () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      const database = await openTestDatabase({ poolSize: 2 });
      await createClinic(database.db, email, password);
      env = { DATABASE_URL: database.url as string, DATABASE_POOL_SIZE: '4' };
      dispose = database.dispose;
    }

    try {
      const server = await startServer(env);
      const idToken = await signIn(server.url, email, password);
      const addComplaint = (url: string, name: string) =>
        fetch(`${url}/api/masters/add-complaint`, {
          method: 'POST',
          headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ complaintName: name }),
        });

      // Four clients writing one after another without pause, until the server is gone.
      const acknowledged: { name: string; id: string }[] = [];
      let fortyAcknowledged = () => {};
      const fortyWritesIn = new Promise<void>((resolve) => (fortyAcknowledged = resolve));
      const otherAnswers: number[] = [];
      let refused = 0;
      let signalled = false;
      let answeredAfterSignal = 0;
      let sent = 0;
      const client = async () => {
        for (;;) {
          sent += 1;
          const name = `Complaint ${sent}`;
          try {
            const response = await addComplaint(server.url, name);
            if (signalled) answeredAfterSignal += 1;
            if (response.ok) {
              acknowledged.push({ name, id: ((await response.json()) as { data: { id: string } }).data.id });
              if (acknowledged.length === 40) fortyAcknowledged();
            } else otherAnswers.push(response.status);
          } catch {
            // Refused or reset: sent after the server stopped accepting, never acknowledged.
            refused += 1;
            if (server.child.exitCode !== null || signalled) return;
          }
        }
      };
      const clients = Array.from({ length: 4 }, client);
      await fortyWritesIn;
      signalled = true;
      const { outcome } = await terminate(server);
      await Promise.all(clients);

      // 0, not the watchdog's 1: the shutdown finished every write in time.
      expect(outcome, server.output()).toBe(0);
      // No 5xx, nor any other refusal: a request the server received was carried out.
      expect(otherAnswers).toEqual([]);
      // Requests in flight when the signal came were answered rather than cut off.
      expect(answeredAfterSignal).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
      if (env.DATA_DIR) expect(existsSync(join(env.DATA_DIR, 'vaidya.pid'))).toBe(false);

      // Started again on the same data: every acknowledged write is there.
      const again = await startServer(env);
      const stored = new Map<string, string>();
      for (let page = 1; ; page++) {
        const response = await fetch(`${again.url}/api/masters/get-complaints?limit=100&page=${page}`, {
          headers: { authorization: `Bearer ${idToken}` },
        });
        expect(response.status).toBe(200);
        const { results } = (
          (await response.json()) as { data: { results: { id: string; complaint_name: string }[] } }
        ).data;
        for (const row of results) stored.set(row.id, row.complaint_name);
        if (results.length < 100) break;
      }
      for (const { id, name } of acknowledged) expect(stored.get(id)).toBe(name);
      expect((await terminate(again)).outcome).toBe(0);
    } finally {
      await dispose();
    }
  }, 120_000);
});

async function createClinic(db: Db, email: string, password: string) {
  const out: string[] = [];
  const code = await runCli(
    ['create-partner', '--name', 'Shutdown Clinic', '--email', email, '--password', password],
    {
      db: async () => db,
      clock: createTestClock(new Date()).now,
      out: (line) => out.push(line),
      err: (line) => out.push(line),
    },
  );
  expect(code, out.join('\n')).toBe(0);
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/identity`, {
    method: 'POST',
    headers: { 'content-type': identityContentType, 'x-amz-target': `${identityTargetPrefix}InitiateAuth` },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: testClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  expect(response.status).toBe(200);
  return authenticationResultSchema.parse(await response.json()).AuthenticationResult.IdToken;
}
