import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const mainSource = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface ApiProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s; resolves once it is gone. */
  stop(): Promise<void>;
}

/**
 * A real API process (`src/main.ts` through tsx, so no build is needed and
 * none can be stale) answering /api only, on a port of its own: a named free
 * port rather than PORT=0, because processes on different ports are what a
 * deployment has and what once made them refuse each other's tokens.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainSource], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SERVE_WEB: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = () => stopProcess(child, exited);

  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the API did not start in 60 s:\n${output}`)), 60_000);
      const collect = (chunk: Buffer) => {
        output += chunk;
        const started = /Vaidya is running at http:\/\/localhost:(\d+)/.exec(output);
        if (started?.[1]) {
          clearTimeout(timer);
          resolve(started[1]);
        }
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the API exited before it was ready:\n${output}`));
      });
    });
    return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
