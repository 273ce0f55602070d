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
import { fileUrl } from '@vaidya/contract/uploads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createSignedInPartner } from '../../../test/partners';
import { testClientId, testIssuer } from '../../../test/test-app';
import { migrationsDir, testEngine } from '../../../test/test-database';
import { createOutboxMessenger } from '../../adapters/messaging/outbox-messenger';
import { createLocalFileStorage } from '../../adapters/storage/local-file-storage';
import { imageBytes, multipartBody } from '../../adapters/storage/upload-fixtures';
import { buildApp } from '../../app';
import { loadTokenService } from '../../modules/identity/tokens';
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

/** The real app on `database`, its uploads kept in `uploadsDir`, and a clinic signed in on it. */
async function serve(database: Database, uploadsDir: string, clock: () => Date) {
  const tokens = await loadTokenService({
    db: database.db,
    issuer: testIssuer,
    clientId: testClientId,
    clock,
  });
  const app = await buildApp({
    database,
    tokens,
    clock,
    messenger: createOutboxMessenger({ db: database.db }),
    storage: createLocalFileStorage({ db: database.db, root: uploadsDir, clock }),
    paymentGateway: null,
  });
  await app.ready();
  return { app, tokens };
}

describe.skipIf(testEngine() !== 'pglite')('backups of the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'vaidya-backups-'));
  const clock = () => new Date('2026-11-22T20:30:00Z');
  const dataDir = join(root, 'data');
  const uploadsDir = join(dataDir, 'uploads');
  const place = { dataDir, dir: root, uploadsDir, migrationsDir, clock };
  let source: Database;
  let backup: string;

  beforeAll(async () => {
    cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
    source = await openDatabase({ engine: 'pglite', dataDir, migrationsDir });
    await seedDemoClinic(source.db);
    backup = join(root, backupName(clock(), 'manual'));
  });
  afterAll(async () => {
    await source.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('backs up the demo clinic and its uploaded files together, and the restored server serves the file', async () => {
    // A clinic's profile image, uploaded through the real calls.
    const { app, tokens } = await serve(source, uploadsDir, clock);
    const clinic = await createSignedInPartner({ database: source, tokens, clock: { now: clock } });
    const image = imageBytes.png(20_000);
    let key: string;
    try {
      const form = await app.inject({
        method: 'POST',
        url: '/api/generate-file-upload-url',
        headers: clinic.headers,
        payload: { fileName: 'front.png', contentType: 'image/png', purpose: 'profile-image' },
      });
      ({ key } = form.json().data as { key: string });
      const body = multipartBody(form.json().data.fields, {
        fileName: 'front.png',
        contentType: 'image/png',
        bytes: image,
      });
      const posted = await app.inject({
        method: 'POST',
        url: '/api/public/uploads',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(posted.statusCode).toBe(204);
      const added = await app.inject({
        method: 'POST',
        url: '/api/v2/add-profile-image',
        headers: clinic.headers,
        payload: { profileImage: key },
      });
      expect(added.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    // A half-written file the storage left behind is not an upload, and stays out of the backup.
    writeFileSync(join(uploadsDir, `${key}.0a1b2c3d4e5f.part`), 'half');
    const expected = await fingerprint(source);

    await writeBackup(source, place, backup, 'manual');
    expect(readdirSync(root).filter((name) => name.endsWith('.backup'))).toEqual([
      backupName(clock(), 'manual'),
    ]);

    const restored = join(root, 'restored');
    const restoredUploads = join(restored, 'uploads');
    const result = await createBackupCommands({
      ...place,
      dataDir: restored,
      uploadsDir: restoredUploads,
    }).restore(backup);
    expect(result).toMatchObject({
      header: {
        format: 2,
        kind: 'manual',
        createdAt: '2026-11-22T20:30:00.000Z',
        uploads: { files: 1, bytes: 20_000 },
      },
      uploadsDir: restoredUploads,
    });
    expect(existsSync(join(restored, 'vaidya.pid'))).toBe(false);
    expect(existsSync(join(restored, 'uploads', `${key}.0a1b2c3d4e5f.part`))).toBe(false);

    const reopened = await openDatabase({ engine: 'pglite', dataDir: restored, migrationsDir });
    const again = await serve(reopened, restoredUploads, clock);
    try {
      await reopened.migrate();
      expect(await fingerprint(reopened)).toEqual(expected);
      expect(Object.keys(expected).length).toBeGreaterThan(20);
      const served = await again.app.inject({ method: 'GET', url: fileUrl(key) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(image)).toBe(true);
    } finally {
      await again.app.close();
      await reopened.close();
    }
  });

  it('restores a backup made before backups held the uploaded files (format 1)', async () => {
    const content = readFileSync(backup);
    const text = content.subarray(0, 512).toString('utf8');
    const { format: _format, uploads: _uploads, ...older } = JSON.parse(text.split('\n')[1] ?? '');
    const header = Buffer.alloc(512, ' ');
    header.write(`VAIDYA-BACKUP 1\n${JSON.stringify(older)}\n`);
    // Its database section is what format 1 held; the uploaded file in it is not looked at.
    const formatOne = join(root, 'format-one.backup');
    writeFileSync(formatOne, Buffer.concat([header, content.subarray(512)]));

    const restored = join(root, 'restored-format-one');
    const commands = createBackupCommands({
      ...place,
      dataDir: restored,
      uploadsDir: join(restored, 'uploads'),
    });
    const result = await commands.restore(formatOne);
    expect(result.header.format).toBe(1);
    expect(result.header.uploads).toBeUndefined();
    expect(result.uploadsDir).toBeUndefined();
    expect(existsSync(join(restored, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(restored, 'uploads'))).toBe(false);
  });

  it('never restores the uploaded files over a folder that holds files, and then restores nothing', async () => {
    const restored = join(root, 'restored-over-files');
    const busyUploads = join(root, 'busy-uploads');
    mkdirSync(busyUploads);
    writeFileSync(join(busyUploads, 'someone-else.png'), 'x');
    const commands = createBackupCommands({ ...place, dataDir: restored, uploadsDir: busyUploads });
    await expect(commands.restore(backup)).rejects.toThrow(
      `${busyUploads} is not empty: restore the uploaded files into an empty or new folder (set UPLOADS_DIR), never over other files.`,
    );
    expect(readdirSync(restored)).toEqual([]);
    expect(readdirSync(busyUploads)).toEqual(['someone-else.png']);
  });

  it('with files in S3, a backup holds the database only, and a restore says it holds no files', async () => {
    const s3Backup = join(root, 's3.backup');
    await writeBackup(source, { ...place, uploadsDir: undefined }, s3Backup, 'manual');
    const restored = join(root, 'restored-s3');
    const result = await createBackupCommands({
      ...place,
      dataDir: restored,
      uploadsDir: join(restored, 'uploads'),
    }).restore(s3Backup);
    expect(result.header).toMatchObject({ format: 2 });
    expect(result.header.uploads).toBeUndefined();
    expect(result.uploadsDir).toBeUndefined();
    expect(existsSync(join(restored, 'uploads'))).toBe(false);
  });

  it('refuses a truncated or damaged file, naming the problem, and leaves the folder empty', async () => {
    const content = readFileSync(backup);
    const truncated = join(root, 'truncated.backup');
    writeFileSync(truncated, content.subarray(0, Math.floor(content.length / 2)));
    const target = join(root, 'from-truncated');
    const commands = createBackupCommands({ ...place, dataDir: target });
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
    const commands = createBackupCommands(place);
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
      { database: [{ name: 'PG_VERSION', data: Buffer.from('17\n'), mode: 0o600, mtimeMs: 0 }] },
    );
    const commands = createBackupCommands({ ...place, dataDir: join(root, 'new') });
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
        { database: entries() },
      ),
    ).rejects.toThrow('disk went away');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the server writes a backup at shutdown and logs it', async () => {
    const dir = join(root, 'server');
    const logged: string[] = [];
    const backups = startBackups({
      ...place,
      database: source,
      dir,
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
        ...place,
        database: source,
        dir,
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
