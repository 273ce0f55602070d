import { fileURLToPath } from 'node:url';
import { runNodeToExit } from './run-node';

const cliEntry = fileURLToPath(new URL('../../apps/api/dist/cli.js', import.meta.url));

/** Runs the operators' CLI against an embedded database folder (the server must be stopped). */
export function runCli(dataDir: string, args: string[]) {
  return runNodeToExit(cliEntry, args, { DATA_DIR: dataDir });
}
