import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { dataDirHolder, lockDataDir } from '../data-dir-lock';
import { type Database, openDatabase } from '../database';
import { partners } from '../schema';
import {
  BackupError,
  type BackupHeader,
  type BackupKind,
  type DataDirEntry,
  readBackupFile,
  syncFolder,
  temporaryName,
  writeBackupFile,
} from './backup-file';
import { backupName, backupsToPrune, nextNightlyAt, parseBackupName } from './backup-schedule';

/** The zone of the nightly backup when the database holds several clinics (or none). */
const defaultBackupTimeZone = 'Asia/Kolkata';

/** How long a failed scheduled backup waits before it is tried again. */
const retryAfterMs = 10 * 60_000;

interface BackupPlace {
  /** The embedded database's folder (DATA_DIR). */
  dataDir: string;
  /** Where backups are kept (BACKUP_DIR, default DATA_DIR/backups). */
  dir: string;
  migrationsDir: string;
  clock: Clock;
}

/** Only PostgreSQL's own files: never the backups, uploads or lock file that share DATA_DIR. */
const postgresEntry = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf)$/;

/** Writes one backup of the open embedded database to `path`. */
export async function writeBackup(
  database: Database,
  place: BackupPlace,
  path: string,
  kind: BackupKind,
  createdAt = place.clock(),
): Promise<void> {
  if (!database.whileQuiet) throw new Error('only the embedded database is backed up by Vaidya');
  const migration = await latestMigration(database, place.migrationsDir);
  const entries = await database.whileQuiet(() => readDataDir(place.dataDir));
  await mkdir(dirname(path), { recursive: true });
  await writeBackupFile(path, { createdAt: createdAt.toISOString(), kind, migration }, entries);
}

export interface BackupLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The server's own backups of its embedded database: each night at 02:00 in the clinic's
 * time zone, at a clean shutdown, and whenever the CLI asks (`backupNow('manual')`, on
 * SIGUSR2). One runs at a time; a failed nightly one is logged and tried again.
 */
export function startBackups(deps: BackupPlace & { database: Database; log: BackupLog }) {
  const { database, dir, clock, log } = deps;
  let running: Promise<unknown> = removeLeftovers(dir);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const write = (kind: BackupKind) => {
    const attempt = running.then(async () => {
      const createdAt = clock();
      const path = join(dir, backupName(createdAt, kind));
      await writeBackup(database, deps, path, kind, createdAt);
      log.info(`backup written: ${path}`);
      await prune(dir, await clinicTimeZone(database));
      return path;
    });
    running = attempt.catch(() => {});
    return attempt;
  };

  const schedule = (at: Date) => {
    if (stopped) return;
    timer = setTimeout(() => void nightly(), Math.max(0, at.getTime() - clock().getTime()));
    timer.unref();
  };
  const nightly = async () => {
    try {
      await write('nightly');
      schedule(nextNightlyAt(clock(), await clinicTimeZone(database)));
    } catch (error) {
      log.error(`nightly backup failed, trying again in 10 minutes: ${(error as Error).message}`);
      schedule(new Date(clock().getTime() + retryAfterMs));
    }
  };
  const firstNight = clinicTimeZone(database).then((zone) => schedule(nextNightlyAt(clock(), zone)));

  return {
    /** Writes one now (after any running one); resolves with its path, or rejects (logged). */
    backupNow: async (kind: BackupKind) => {
      try {
        return await write(kind);
      } catch (error) {
        log.error(`${kind} backup failed: ${(error as Error).message}`);
        throw error;
      }
    },
    /** Stops the nightly timer and writes the shutdown backup; a failure is logged, never thrown. */
    onShutdown: async () => {
      stopped = true;
      clearTimeout(timer);
      await firstNight.catch(() => {});
      await write('shutdown').catch((error: unknown) =>
        log.error(`shutdown backup failed: ${(error as Error).message}`),
      );
    },
  };
}

/** The one clinic's time zone; with several clinics (or none yet, or no answer), Asia/Kolkata. */
async function clinicTimeZone(database: Database): Promise<string> {
  const zones = await database.db
    .selectDistinct({ zone: partners.time_zone })
    .from(partners)
    .catch(() => []);
  return zones.length === 1 && zones[0] ? zones[0].zone : defaultBackupTimeZone;
}

async function prune(dir: string, timeZone: string): Promise<void> {
  for (const name of backupsToPrune(await readdir(dir), timeZone)) {
    await rm(join(dir, name), { force: true });
  }
}

/** A backup interrupted by a crash leaves a hidden temporary file: it is never a backup. */
async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  for (const name of names.filter((name) => /^\.vaidya-.*\.partial-\d+$/.test(name))) {
    await rm(join(dir, name), { force: true });
  }
}

function readDataDir(dataDir: string): DataDirEntry[] {
  const entries: DataDirEntry[] = [];
  const walk = (relative: string) => {
    const path = join(dataDir, relative);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      entries.push({ name: relative, data: undefined, mode: stat.mode, mtimeMs: stat.mtimeMs });
      for (const child of readdirSync(path).sort()) walk(`${relative}/${child}`);
    } else if (stat.isFile()) {
      entries.push({ name: relative, data: readFileSync(path), mode: stat.mode, mtimeMs: stat.mtimeMs });
    }
  };
  for (const name of readdirSync(dataDir).sort()) if (postgresEntry.test(name)) walk(name);
  return entries;
}

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(migrationsDir: string): JournalEntry[] {
  const file = join(migrationsDir, 'meta/_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

async function latestMigration(database: Database, migrationsDir: string): Promise<JournalEntry> {
  const { rows } = await database.db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const when = Number(rows[0]?.created_at ?? 0);
  const known = journal(migrationsDir).find((entry) => entry.when === when);
  return { tag: known?.tag ?? 'unknown', when };
}

/** What `npm run cli -- backup` and `restore` do on the embedded database. */
export function createBackupCommands(place: BackupPlace & { waitMs?: number }) {
  const dataDir = resolve(place.dataDir);
  const dir = resolve(place.dir);
  const opened = (dataDir: string) =>
    openDatabase({ engine: 'pglite', dataDir, migrationsDir: place.migrationsDir });

  /** The running server writes it (SIGUSR2); we wait for the new file to appear. */
  const askServer = async (pid: number) => {
    // A lock file left by a crash may name a pid the system has since given to another
    // program, which SIGUSR2 would end: on Linux, make sure it is a Node process first.
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'node');
    if (!command.includes('node')) {
      throw new BackupError(
        `${join(dataDir, 'vaidya.pid')} names pid ${pid}, which is not a Vaidya server; if none is running, delete that file and try again.`,
      );
    }
    const before = new Set(await readdir(dir).catch(() => []));
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + (place.waitMs ?? 120_000);
    while (Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 200));
      const names = await readdir(dir).catch(() => []);
      const written = names.find((name) => !before.has(name) && parseBackupName(name)?.kind === 'manual');
      if (written) return join(dir, written);
    }
    throw new BackupError(
      `The running server (pid ${pid}) wrote no backup into ${dir}: see its log, and check that BACKUP_DIR is the same for both.`,
    );
  };

  return {
    /** Writes a backup now; returns where. */
    backup: async (target: string | undefined): Promise<string> => {
      const holder = dataDirHolder(dataDir);
      if (holder !== undefined) {
        const written = await askServer(holder);
        if (!target) return written;
        await moveDurably(written, resolve(target));
        return resolve(target);
      }
      if (!existsSync(join(dataDir, 'PG_VERSION'))) {
        throw new BackupError(`${dataDir} holds no database to back up.`);
      }
      const release = lockDataDir(dataDir);
      try {
        const database = await opened(dataDir);
        try {
          const createdAt = place.clock();
          const path = resolve(target ?? join(dir, backupName(createdAt, 'manual')));
          await writeBackup(database, { ...place, dataDir }, path, 'manual', createdAt);
          return path;
        } finally {
          await database.close();
        }
      } finally {
        release();
      }
    },

    /** Checks the file, then restores it into an empty or new DATA_DIR; returns its header. */
    restore: async (file: string): Promise<BackupHeader> => {
      const release = lockDataDir(dataDir);
      const staging = join(dataDir, `.restoring-${process.pid}`);
      try {
        if (existsSync(join(dataDir, 'PG_VERSION'))) {
          throw new BackupError(
            `${dataDir} already holds a database: restore into an empty or new folder (set DATA_DIR), never over a database.`,
          );
        }
        const { header, entries } = await readBackupFile(resolve(file));
        const newest = journal(place.migrationsDir).at(-1);
        if (newest && header.migration.when > newest.when) {
          throw new BackupError(
            `${file} was made by a newer Vaidya (its database is at migration ${header.migration.tag}; this one knows up to ${newest.tag}): restore it with that version or newer.`,
          );
        }
        await rm(staging, { recursive: true, force: true });
        await mkdir(staging);
        for (const entry of entries) {
          const path = join(staging, entry.name);
          if (entry.data) await writeFile(path, entry.data, { mode: entry.mode & 0o777 });
          else await mkdir(path, { recursive: true, mode: entry.mode & 0o777 });
        }
        // Opened once where it was unpacked: a copy PostgreSQL cannot start on is never put in place.
        const database = await opened(staging);
        await database.db.execute(sql`select count(*) from drizzle.__drizzle_migrations`);
        await database.close();
        for (const name of await readdir(staging)) await rename(join(staging, name), join(dataDir, name));
        await syncFolder(dataDir);
        return header;
      } finally {
        await rm(staging, { recursive: true, force: true });
        release();
      }
    },
  };
}

export type BackupCommands = ReturnType<typeof createBackupCommands>;

/** Copies under a temporary name, flushes, renames, then removes the original. */
async function moveDurably(from: string, to: string): Promise<void> {
  const temporary = temporaryName(to);
  try {
    await copyFile(from, temporary);
    const handle = await open(temporary, 'r+');
    await handle.sync();
    await handle.close();
    await rename(temporary, to);
    await syncFolder(dirname(to));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await rm(from, { force: true });
}
