import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';

/**
 * A backup file: one 512-byte header block, then the database's data directory as a
 * gzipped tar. The header names the format, when and why the copy was made, the last
 * migration applied to it, and the length and SHA-256 of the tarball after it, so a
 * file cut short or changed is recognised before anything is restored from it.
 */
export interface BackupHeader {
  createdAt: string;
  kind: BackupKind;
  /** The tag and journal time (`when`) of the newest migration applied to the copied database. */
  migration: { tag: string; when: number };
  size: number;
  sha256: string;
}

export type BackupKind = 'nightly' | 'shutdown' | 'manual';

/** One file or folder of the data directory, as read while the database was quiet. */
export interface DataDirEntry {
  /** Relative, with `/` separators. */
  name: string;
  /** undefined for a folder. */
  data: Uint8Array | undefined;
  mode: number;
  mtimeMs: number;
}

/** Why a backup cannot be made or restored, in one sentence for the operator. */
export class BackupError extends Error {}

const magic = 'VAIDYA-BACKUP 1\n';
const block = 512;

/**
 * Writes the backup under a hidden temporary name in `path`'s folder, flushes it to
 * disk and only then renames it to `path`: a crash, a full disk or any error leaves no
 * file under the final name (and the temporary one is removed when it can be).
 */
export async function writeBackupFile(
  path: string,
  header: Omit<BackupHeader, 'size' | 'sha256'>,
  entries: Iterable<DataDirEntry>,
): Promise<void> {
  const temporary = temporaryName(path);
  try {
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    // The tarball goes after a blank header block; the header, knowing its size and checksum, last.
    await pipeline(
      Readable.from(tarBlocks(entries)),
      createGzip(),
      measure,
      createWriteStream(temporary, { flags: 'wx', mode: 0o600, start: block }),
    );
    const file = await open(temporary, 'r+');
    try {
      await file.write(headerBlock({ ...header, size, sha256: hash.digest('hex') }), 0, block, 0);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
    await syncFolder(dirname(path));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Hidden, and never matching a backup's name, so a leftover is not taken for a backup. */
export function temporaryName(path: string): string {
  return join(dirname(path), `.${basename(path)}.partial-${process.pid}`);
}

/** Reads and checks a backup file: its header, its length, its checksum and its tarball. */
export async function readBackupFile(
  path: string,
): Promise<{ header: BackupHeader; entries: DataDirEntry[] }> {
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    throw new BackupError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code}).`);
  }
  const header = parseHeader(content.subarray(0, block), path);
  const body = content.subarray(block);
  if (body.length < header.size) {
    throw new BackupError(
      `${path} is cut short: it holds ${body.length} of the backup's ${header.size} bytes. Use another backup.`,
    );
  }
  if (body.length > header.size) {
    throw new BackupError(`${path} has ${body.length - header.size} bytes more than its backup.`);
  }
  if (createHash('sha256').update(body).digest('hex') !== header.sha256) {
    throw new BackupError(
      `${path} is damaged: its checksum does not match the one written with it. Use another backup.`,
    );
  }
  let tarball: Buffer;
  try {
    tarball = gunzipSync(body);
  } catch {
    throw new BackupError(`${path} is damaged: its database copy cannot be decompressed.`);
  }
  const entries = untar(tarball, path);
  if (!entries.some((entry) => entry.name === 'PG_VERSION')) {
    throw new BackupError(`${path} holds no database (PG_VERSION is missing).`);
  }
  return { header, entries };
}

function headerBlock(header: BackupHeader): Buffer {
  const text = `${magic}${JSON.stringify(header)}\n`;
  const bytes = Buffer.alloc(block, ' ');
  if (Buffer.byteLength(text) > block) throw new Error('backup header longer than one block');
  bytes.write(text);
  return bytes;
}

function parseHeader(bytes: Buffer, path: string): BackupHeader {
  const text = bytes.toString('utf8');
  if (bytes.length < block || !text.startsWith(magic)) {
    throw new BackupError(`${path} is not a Vaidya backup (it does not start with ${magic.trim()}).`);
  }
  try {
    const header = JSON.parse(text.slice(magic.length, text.indexOf('\n', magic.length))) as BackupHeader;
    if (
      typeof header.size === 'number' &&
      typeof header.sha256 === 'string' &&
      typeof header.migration?.when === 'number'
    )
      return header;
  } catch {
    // Reported below, with every other header that cannot be read.
  }
  throw new BackupError(`${path} is damaged: its header cannot be read.`);
}

/** A plain ustar archive: a header block per entry, its data padded to blocks, two empty blocks. */
function* tarBlocks(entries: Iterable<DataDirEntry>): Generator<Buffer> {
  for (const entry of entries) {
    const size = entry.data?.length ?? 0;
    const header = Buffer.alloc(block);
    const name = entry.data ? entry.name : `${entry.name}/`;
    if (Buffer.byteLength(name) > 100) throw new Error(`data directory path too long for tar: ${name}`);
    header.write(name, 0);
    header.write(octal(entry.mode & 0o7777, 8), 100);
    header.write(octal(0, 8), 108);
    header.write(octal(0, 8), 116);
    header.write(octal(size, 12), 124);
    header.write(octal(Math.floor(entry.mtimeMs / 1000), 12), 136);
    header.write(' '.repeat(8), 148);
    header.write(entry.data ? '0' : '5', 156);
    header.write('ustar\u000000', 257);
    const checksum = header.reduce((sum, byte) => sum + byte, 0);
    header.write(`${checksum.toString(8).padStart(6, '0')}\u0000 `, 148);
    yield header;
    if (entry.data && size > 0) {
      yield Buffer.from(entry.data.buffer, entry.data.byteOffset, size);
      const padding = (block - (size % block)) % block;
      if (padding) yield Buffer.alloc(padding);
    }
  }
  yield Buffer.alloc(block * 2);
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\u0000`;
}

function untar(tarball: Buffer, path: string): DataDirEntry[] {
  const entries: DataDirEntry[] = [];
  let offset = 0;
  while (offset + block <= tarball.length) {
    const header = tarball.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) return entries;
    const field = (start: number, length: number) =>
      header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const stored = Number.parseInt(field(148, 8).trim(), 8);
    const actual = header.reduce((sum, byte, index) => sum + (index >= 148 && index < 156 ? 32 : byte), 0);
    const name = field(0, 100).replace(/\/$/, '');
    const size = Number.parseInt(field(124, 12), 8);
    const type = field(156, 1);
    const unsafe = name === '' || name.startsWith('/') || name.split('/').includes('..');
    if (stored !== actual || unsafe || !Number.isFinite(size) || (type !== '0' && type !== '5')) {
      throw new BackupError(`${path} is damaged: its database copy is not a readable archive.`);
    }
    const start = offset + block;
    if (start + size > tarball.length) {
      throw new BackupError(`${path} is damaged: its database copy ends in the middle of a file.`);
    }
    entries.push({
      name,
      data: type === '0' ? tarball.subarray(start, start + size) : undefined,
      mode: Number.parseInt(field(100, 8), 8),
      mtimeMs: Number.parseInt(field(136, 12), 8) * 1000,
    });
    offset = start + Math.ceil(size / block) * block;
  }
  throw new BackupError(`${path} is damaged: its database copy has no end.`);
}

/** A rename is durable only once the folder holding it is flushed too. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
