import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/database';

export const migrationsDir = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

export type TestEngine = 'pglite' | 'postgres';

/** Which engine this Vitest project runs on (set per project in vitest.config.ts). */
export function testEngine(): TestEngine {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase extends Database {
  /** PostgreSQL only: where another process reaches this database. */
  url?: string;
  /** Closes the database and throws it away. */
  dispose(): Promise<void>;
}

/** A fresh, migrated, empty database of this project's engine, owned by one test file. */
export async function openTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'vaidya-test-'));
    cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    const database = await openDatabase({ engine: 'pglite', dataDir: dir, migrationsDir });
    return {
      ...database,
      dispose: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const url = process.env.TEST_DATABASE_URL as string;
  const name = `vaidya_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  const databaseUrl = withDatabase(url, name);
  const database = await openDatabase({
    engine: 'postgres',
    url: databaseUrl,
    poolSize: options.poolSize ?? 10,
    migrationsDir,
  });
  return {
    ...database,
    url: databaseUrl,
    dispose: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
