import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded-database folder the built server has migrated, holding no clinic yet. */
    migratedDataDir: string;
  }
}

/**
 * A new embedded-database folder as the server finds an empty one after its first start:
 * migrated, no clinic. It is a copy of the folder global setup made once, since a first
 * start (initdb and every migration) takes seconds and a copy a fraction of one.
 */
export function newDataDir(name: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), `vaidya-${name}-`));
  cpSync(inject('migratedDataDir'), dataDir, { recursive: true });
  return dataDir;
}
