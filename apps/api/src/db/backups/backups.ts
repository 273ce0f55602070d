import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { uploadKeyPattern } from '@vaidya/contract/uploads';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { StorageConfig } from '../../config';
import { dataDirHolder, lockDataDir } from '../data-dir-lock';
import { type Database, openDatabase } from '../database';
import { partners } from '../schema';
import {
  BackupError,
  type BackupHeader,
  type BackupKind,
  type DataDirEntry,
  readBackupHeader,
  syncFolder,
  temporaryName,
  unpackBackupFile,
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
  /** The uploaded files' folder a backup holds and a restore fills (backedUpUploadsDir); none with S3. */
  uploadsDir: string | undefined;
  migrationsDir: string;
  clock: Clock;
}

/**
 * The local storage's folder (UPLOADS_DIR, default DATA_DIR/uploads) goes into every backup.
 * Files in S3 do not: the bucket's own versioning keeps their earlier states.
 */
export function backedUpUploadsDir(storage: StorageConfig): string | undefined {
  return storage.kind === 'local' ? resolve(storage.dir) : undefined;
}

/** Only PostgreSQL's own files: never the backups, uploads or lock file that share DATA_DIR. */
const postgresEntry = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf)$/;

/**
 * Writes one backup of the open embedded database to `path`, and of the uploaded files.
 * The database is copied first: a file is in place before its row says it is stored
 * (decision 019), so every file the copied rows name is there when the folder is read.
 */
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
  await writeBackupFile(
    path,
    { createdAt: createdAt.toISOString(), kind, migration },
    {
      database: entries,
      uploads: place.uploadsDir === undefined ? undefined : readUploads(place.uploadsDir),
    },
  );
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

/** The uploaded files under `root`, one at a time: only paths that are keys the server makes. */
async function* readUploads(root: string): AsyncGenerator<DataDirEntry> {
  const names = (await unlessMissing(readdir(root, { recursive: true }))) ?? [];
  for (const name of names.sort()) {
    const key = name.split(sep).join('/');
    if (!uploadKeyPattern.test(key)) continue;
    const path = join(root, name);
    // A file refused and removed since the folder was listed is simply not in the backup.
    const found = await unlessMissing(stat(path));
    const data = found?.isFile() ? await unlessMissing(readFile(path)) : undefined;
    if (found && data) yield { name: key, data, mode: found.mode, mtimeMs: found.mtimeMs };
  }
}

/** What a file operation answers, or undefined when its file or folder does not exist. */
async function unlessMissing<T>(operation: Promise<T>): Promise<T | undefined> {
  try {
    return await operation;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
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

    /**
     * Checks the file, then restores it into an empty or new DATA_DIR, and the uploaded files
     * it holds into an empty or new uploads folder; answers its header and where the files
     * went (undefined: the backup holds none, or the files are kept in S3).
     */
    restore: async (file: string): Promise<{ header: BackupHeader; uploadsDir: string | undefined }> => {
      const release = lockDataDir(dataDir);
      const staging = join(dataDir, `.restoring-${process.pid}`);
      let uploads: { dir: string; staging: string } | undefined;
      try {
        if (existsSync(join(dataDir, 'PG_VERSION'))) {
          throw new BackupError(
            `${dataDir} already holds a database: restore into an empty or new folder (set DATA_DIR), never over a database.`,
          );
        }
        const header = await readBackupHeader(resolve(file));
        const newest = journal(place.migrationsDir).at(-1);
        if (newest && header.migration.when > newest.when) {
          throw new BackupError(
            `${file} was made by a newer Vaidya (its database is at migration ${header.migration.tag}; this one knows up to ${newest.tag}): restore it with that version or newer.`,
          );
        }
        if (header.uploads && place.uploadsDir !== undefined) {
          const dir = resolve(place.uploadsDir);
          if (await holdsAnything(dir)) {
            throw new BackupError(
              `${dir} is not empty: restore the uploaded files into an empty or new folder (set UPLOADS_DIR), never over other files.`,
            );
          }
          uploads = { dir, staging: join(dir, `.restoring-${process.pid}`) };
          await mkdir(uploads.staging, { recursive: true });
        }
        await rm(staging, { recursive: true, force: true });
        await mkdir(staging);
        await unpackBackupFile(resolve(file), { database: staging, uploads: uploads?.staging });
        // Opened once where it was unpacked: a copy PostgreSQL cannot start on is never put in place.
        const database = await opened(staging);
        await database.db.execute(sql`select count(*) from drizzle.__drizzle_migrations`);
        await database.close();
        await moveEntries(staging, dataDir);
        if (uploads) await moveEntries(uploads.staging, uploads.dir);
        return { header, uploadsDir: uploads?.dir };
      } finally {
        await rm(staging, { recursive: true, force: true });
        if (uploads) await rm(uploads.staging, { recursive: true, force: true });
        release();
      }
    },
  };
}

/** Whether the folder holds anything but a restore's leftover; a missing folder holds nothing. */
async function holdsAnything(dir: string): Promise<boolean> {
  const names = (await unlessMissing(readdir(dir))) ?? [];
  return names.some((name) => !name.startsWith('.restoring-'));
}

/** Renames what was unpacked into place, and makes the renames durable. */
async function moveEntries(from: string, to: string): Promise<void> {
  for (const name of await readdir(from)) await rename(join(from, name), join(to, name));
  await syncFolder(to);
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
