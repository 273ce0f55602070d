// What the benches that time a route through the real app share: a scratch PostgreSQL database
// of their own, migrated, and the app on it with the system clock, as main.ts wires it.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createOutboxMessenger } from '../apps/api/src/adapters/messaging/outbox-messenger';
import { createLocalFileStorage } from '../apps/api/src/adapters/storage/local-file-storage';
import { buildApp } from '../apps/api/src/app';
import { systemClock } from '../apps/api/src/clock';
import { type Database, openDatabase } from '../apps/api/src/db/database';
import { loadTokenService } from '../apps/api/src/modules/identity/tokens';

/**
 * A database `vaidya_bench_<name>_<pid>` created on the server `adminUrl` names, migrated;
 * `drop` closes it and drops it (BENCH_KEEP_DATABASE=1 keeps it for a look with psql).
 */
export async function openScratchDatabase(adminUrl: string, name: string, migrationsDir: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const scratch = `vaidya_bench_${name}_${process.pid}`;
  await admin.query(`create database ${scratch}`);
  const url = new URL(adminUrl);
  url.pathname = `/${scratch}`;
  const database = await openDatabase({
    engine: 'postgres',
    url: url.toString(),
    poolSize: 10,
    migrationsDir,
  });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\nKept the database ${scratch}.`);
      else await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    },
  };
}

/** The real app on `database`, its uploads in a new folder under `dataDir`, and its token service to sign in with. */
export async function buildBenchApp(database: Database, dataDir: string) {
  const tokens = await loadTokenService({
    db: database.db,
    issuer: 'http://localhost/api/identity',
    clientId: 'vaidya-web',
    clock: systemClock,
  });
  const app = await buildApp({
    database,
    tokens,
    clock: systemClock,
    messenger: createOutboxMessenger({ db: database.db }),
    storage: createLocalFileStorage({
      db: database.db,
      root: mkdtempSync(join(dataDir, 'uploads-')),
      clock: systemClock,
    }),
    paymentGateway: null,
  });
  return { app, tokens };
}
