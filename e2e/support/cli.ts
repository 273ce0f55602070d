import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runNodeToExit } from './run-node';

const cliEntry = fileURLToPath(new URL('../../apps/api/dist/cli.js', import.meta.url));

/** Runs the operators' CLI against an embedded database folder (the server must be stopped). */
export function runCli(dataDir: string, args: string[]) {
  return runNodeToExit(cliEntry, args, { DATA_DIR: dataDir });
}

/** A clinic's owner as the journeys sign in with it. */
export interface CliClinic {
  name: string;
  email: string;
  password: string;
}

/**
 * Makes a clinic and its owner with the CLI, as an operator does while the server is stopped;
 * `options` are create-partner's other flags (`{ 'time-zone': 'Asia/Kolkata' }` → `--time-zone Asia/Kolkata`).
 */
export async function createClinic(dataDir: string, clinic: CliClinic, options: Record<string, string> = {}) {
  const created = await runCli(dataDir, [
    'create-partner',
    '--name',
    clinic.name,
    '--email',
    clinic.email,
    '--password',
    clinic.password,
    ...Object.entries(options).flatMap(([flag, value]) => [`--${flag}`, value]),
  ]);
  expect(created.code, created.output).toBe(0);
}
