import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/database';
import { migrationsDir, testEngine, withDatabase } from './test-database';

/**
 * A scratch database of the test engine for a migration's test: `open` opens it with the
 * migrations of a folder (the same database each time), `migrationsUpTo` is a folder of the
 * committed migrations up to a tag (the database as a release before this one left it), and
 * `dispose` drops the database and the folders.
 */
export async function migrationScratch() {
  const folders: string[] = [];
  let dispose: () => Promise<void> = async () => {};
  let open: (migrations: string) => Promise<Database>;
  if (testEngine() === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'vaidya-test-'));
    folders.push(dataDir);
    open = (migrations) => openDatabase({ engine: 'pglite', dataDir, migrationsDir: migrations });
  } else {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `vaidya_migration_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    open = (migrations) =>
      openDatabase({
        engine: 'postgres',
        url: withDatabase(url, name),
        poolSize: 2,
        migrationsDir: migrations,
      });
    dispose = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  return {
    open,
    migrationsUpTo(lastTag: string): string {
      const folder = mkdtempSync(join(tmpdir(), 'vaidya-migrations-'));
      folders.push(folder);
      cpSync(migrationsDir, folder, { recursive: true });
      const journalPath = join(folder, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
      return folder;
    },
    async dispose() {
      await dispose();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
