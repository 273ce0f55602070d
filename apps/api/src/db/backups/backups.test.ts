import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { migrationsDir, testEngine } from '../../../test/test-database';
import { seedDemoClinic } from '../../seed/demo-seed';
import { type Database, openDatabase } from '../database';
import { writeBackupFile } from './backup-file';
import { backupName } from './backup-schedule';
import { createBackupCommands, startBackups, writeBackup } from './backups';

/** Every table's row count and a checksum of its rows, in one comparable object. */
async function fingerprint(database: Database) {
  const { rows: tables } = await database.db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const result: Record<string, unknown> = {};
  for (const table of tables) {
    const name = sql.identifier(String(table.table_name));
    const schema = sql.identifier(String(table.table_schema));
    const { rows } = await database.db.execute(
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
          from ${schema}.${name} t`,
    );
    result[`${table.table_schema}.${table.table_name}`] = rows[0];
  }
  return result;
}

describe.skipIf(testEngine() !== 'pglite')('backups of the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'vaidya-backups-'));
  const clock = () => new Date('2026-11-22T20:30:00Z');
  const dataDir = join(root, 'data');
  let source: Database;
  let backup: string;
  let expected: Record<string, unknown>;

  beforeAll(async () => {
    cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    source = await openDatabase({ engine: 'pglite', dataDir, migrationsDir });
    await seedDemoClinic(source.db);
    expected = await fingerprint(source);
    backup = join(root, backupName(clock(), 'manual'));
  });
  afterAll(async () => {
    await source.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('backs up the demo clinic and restores every row into a new folder', async () => {
    const place = { dataDir: dataDir, dir: root, migrationsDir, clock };
    await writeBackup(source, place, backup, 'manual');
    expect(readdirSync(root).filter((name) => name.endsWith('.backup'))).toEqual([
      backupName(clock(), 'manual'),
    ]);

    const restored = join(root, 'restored');
    const header = await createBackupCommands({ ...place, dataDir: restored }).restore(backup);
    expect(header).toMatchObject({ kind: 'manual', createdAt: '2026-11-22T20:30:00.000Z' });
    expect(existsSync(join(restored, 'vaidya.pid'))).toBe(false);

    const reopened = await openDatabase({ engine: 'pglite', dataDir: restored, migrationsDir });
    try {
      await reopened.migrate();
      expect(await fingerprint(reopened)).toEqual(expected);
      expect(Object.keys(expected).length).toBeGreaterThan(20);
    } finally {
      await reopened.close();
    }
  });

  it('refuses a truncated or damaged file, naming the problem, and leaves the folder empty', async () => {
    const content = readFileSync(backup);
    const truncated = join(root, 'truncated.backup');
    writeFileSync(truncated, content.subarray(0, Math.floor(content.length / 2)));
    const target = join(root, 'from-truncated');
    const commands = createBackupCommands({ dataDir: target, dir: root, migrationsDir, clock });
    await expect(commands.restore(truncated)).rejects.toThrow(
      /truncated\.backup is cut short: it holds \d+ of the backup's \d+ bytes\. Use another backup\./,
    );
    expect(readdirSync(target)).toEqual([]);

    const damaged = Buffer.from(content);
    damaged[damaged.length - 100] = (damaged[damaged.length - 100] ?? 0) ^ 0xff;
    writeFileSync(join(root, 'damaged.backup'), damaged);
    await expect(commands.restore(join(root, 'damaged.backup'))).rejects.toThrow(
      /damaged\.backup is damaged: its checksum does not match/,
    );

    writeFileSync(join(root, 'other.txt'), 'not a backup');
    await expect(commands.restore(join(root, 'other.txt'))).rejects.toThrow(/is not a Vaidya backup/);
  });

  it('never restores over a database', async () => {
    const commands = createBackupCommands({ dataDir: dataDir, dir: root, migrationsDir, clock });
    await expect(commands.restore(backup)).rejects.toThrow(
      /already holds a database: restore into an empty or new folder/,
    );
  });

  it('refuses a backup made by a newer version', async () => {
    const newer = join(root, 'newer.backup');
    await writeBackupFile(
      newer,
      {
        createdAt: clock().toISOString(),
        kind: 'manual',
        migration: { tag: '9999_from_the_future', when: 4_000_000_000_000 },
      },
      [{ name: 'PG_VERSION', data: Buffer.from('17\n'), mode: 0o600, mtimeMs: 0 }],
    );
    const commands = createBackupCommands({ dataDir: join(root, 'new'), dir: root, migrationsDir, clock });
    await expect(commands.restore(newer)).rejects.toThrow(
      /was made by a newer Vaidya \(its database is at migration 9999_from_the_future; this one knows up to \d{4}_/,
    );
  });

  it('a write that fails half way leaves no file under the final name, nor a temporary one', async () => {
    const dir = join(root, 'failing');
    mkdirSync(dir);
    function* entries() {
      yield { name: 'PG_VERSION', data: Buffer.alloc(1_000_000, 7), mode: 0o600, mtimeMs: 0 };
      throw new Error('disk went away');
    }
    await expect(
      writeBackupFile(
        join(dir, 'final.backup'),
        { createdAt: clock().toISOString(), kind: 'nightly', migration: { tag: 'x', when: 1 } },
        entries(),
      ),
    ).rejects.toThrow('disk went away');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the server writes a backup at shutdown and logs it', async () => {
    const dir = join(root, 'server');
    const logged: string[] = [];
    const backups = startBackups({
      database: source,
      dataDir: dataDir,
      dir,
      migrationsDir,
      clock,
      log: { info: (line) => logged.push(line), error: (line) => logged.push(line) },
    });
    await backups.onShutdown();
    expect(readdirSync(dir)).toEqual([backupName(clock(), 'shutdown')]);
    expect(logged).toEqual([`backup written: ${join(dir, backupName(clock(), 'shutdown'))}`]);
  });

  it('writes the nightly backup at 02:00 in the clinic’s zone, and tries a failed one again 10 minutes later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let now = new Date('2026-11-22T20:00:00Z'); // 01:30 in Kolkata, the demo clinic's zone
      const dir = join(root, 'nightly');
      writeFileSync(dir, 'a file where the folder should be: the first attempt fails');
      const logged: string[] = [];
      const backups = startBackups({
        database: source,
        dataDir,
        dir,
        migrationsDir,
        clock: () => now,
        log: { info: (line) => logged.push(line), error: (line) => logged.push(line) },
      });
      const advance = async (minutes: number) => {
        now = new Date(now.getTime() + minutes * 60_000);
        await vi.advanceTimersByTimeAsync(minutes * 60_000);
      };
      await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1), { timeout: 15_000 });
      await advance(29);
      expect(logged).toEqual([]);
      await advance(1);
      await vi.waitFor(() => expect(logged).toHaveLength(1), { timeout: 15_000 });
      expect(logged[0]).toMatch(/^nightly backup failed, trying again in 10 minutes: /);

      rmSync(dir);
      await advance(10);
      await vi.waitFor(() => expect(logged).toHaveLength(2), { timeout: 15_000 });
      const written = backupName(new Date('2026-11-22T20:40:00Z'), 'nightly');
      expect(logged[1]).toBe(`backup written: ${join(dir, written)}`);
      expect(readdirSync(dir)).toEqual([written]);
      await backups.onShutdown();
    } finally {
      vi.useRealTimers();
    }
  });
});
