import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseEngine } from '@vaidya/contract/health';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** What both drivers' raw `execute` results share. */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}

export type Db = PgDatabase<RowsResultHKT, typeof schema>;

export interface Database {
  engine: DatabaseEngine;
  db: Db;
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded engine only: runs `read` after a checkpoint while no statement can
   * run, so the data directory's files it reads are a consistent copy (backups).
   */
  whileQuiet?: <T>(read: () => T) => Promise<T>;
}

export type DatabaseOptions =
  | { engine: 'postgres'; url: string; poolSize: number; migrationsDir: string }
  /** dataDir undefined keeps the database in memory. */
  | { engine: 'pglite'; dataDir: string | undefined; migrationsDir: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.engine === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPostgres(options: Extract<DatabaseOptions, { engine: 'postgres' }>): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
  return {
    engine: 'postgres',
    db,
    migrate: async () => {
      // Processes started together after an upgrade would otherwise race to apply the
      // same migration; the lock lives on its own connection, so the pool stays free for
      // the migrator, and the others wait, then find nothing left to apply.
      const lock = new pg.Client({ connectionString: options.url });
      await lock.connect();
      try {
        await lock.query(`select pg_advisory_lock(hashtext('vaidya.migrations'))`);
        await pool.query('create extension if not exists pg_trgm');
        await migrateNodePostgres(db as never, { migrationsFolder: options.migrationsDir });
      } finally {
        await lock.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: once(() => pool.end()),
  };
}

async function openPglite(options: Extract<DatabaseOptions, { engine: 'pglite' }>): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(guardAgainstSelfDeadlock(client), { schema }) as unknown as Db;
  return {
    engine: 'pglite',
    db,
    migrate: async () => {
      await client.exec('create extension if not exists pg_trgm');
      await migratePglite(db as never, { migrationsFolder: options.migrationsDir });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: once(() => client.close()),
    whileQuiet: async (read) => {
      await client.exec('checkpoint');
      return client.runExclusive(async () => read());
    },
  };
}

const insideTransaction = new AsyncLocalStorage<true>();

/**
 * PGlite has one connection. Requests that each open a transaction simply
 * queue behind one another, but a query sent on the root handle from inside
 * a transaction waits for that same transaction to end: the request hangs
 * forever (pglite#1046, drizzle#1687). This turns that hang into an error
 * that names the mistake; on PostgreSQL the same mistake would silently run
 * outside the transaction, so the PGlite test run guards both engines.
 */
function guardAgainstSelfDeadlock(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'transaction') {
        return (fn: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) => insideTransaction.run(true, () => fn(tx)));
      }
      if (property === 'query' || property === 'exec') {
        return (...args: unknown[]) => {
          if (insideTransaction.getStore()) {
            return Promise.reject(
              new Error(
                'A query used the root database handle inside a transaction; use the transaction handle.',
              ),
            );
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Closing twice (a signal during shutdown, a test that closed early) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
