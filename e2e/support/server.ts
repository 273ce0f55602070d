import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newDataDir } from './data-dir';
import { runNodeToExit } from './run-node';

const serverEntry = fileURLToPath(new URL('../../apps/api/dist/main.js', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Stops (if running) and deletes the data directory. */
  dispose(): Promise<void>;
}

/** The built server on a free port with an embedded database in a new (or given) folder. */
export async function startServer(options: { dataDir?: string; env?: Record<string, string> } = {}) {
  const dataDir = options.dataDir ?? newDataDir('e2e');
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A journey checks that the server stops cleanly; beside a second test run the shutdown
      // backup can take longer than the default 10 s, whose watchdog shutdown.test.ts checks.
      SHUTDOWN_TIMEOUT_SECONDS: '60',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Vaidya is running at (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  const server: RunningServer = {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop,
    dispose: async () => {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Runs the server expecting it to refuse to start; resolves with its exit code and output. */
export function runServerToExit(env: Record<string, string>) {
  return runNodeToExit(serverEntry, [], { PORT: '0', HOST: '127.0.0.1', ...env });
}
