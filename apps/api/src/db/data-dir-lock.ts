import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../config';

/**
 * The embedded database must have one process at a time: a second server or
 * the CLI opening the same DATA_DIR would corrupt it. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'vaidya.pid');
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) {
    throw new StartupError(`${dataDir} is in use by another Vaidya process (pid ${holder}); stop it first.`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** The other running process that holds the folder's lock, if one does. */
export function dataDirHolder(dataDir: string): number | undefined {
  const holder = readHolder(join(dataDir, 'vaidya.pid'));
  return holder !== undefined && holder !== process.pid && isRunning(holder) ? holder : undefined;
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
