import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup file: one 512-byte header block, then a gzipped tar of the database's data
 * directory and (format 2) the uploaded files under `uploads/`. The header names the
 * format, when and why the copy was made, the last migration applied to it, what it holds
 * of the uploads, and the length and SHA-256 of the tarball after it, so a file cut short
 * or changed is recognised before anything is restored from it.
 */
export interface BackupHeader {
  /** 1 (database only; the field was absent) or 2 (database and uploads). */
  format: number;
  createdAt: string;
  kind: BackupKind;
  /** The tag and journal time (`when`) of the newest migration applied to the copied database. */
  migration: { tag: string; when: number };
  /** Present when the backup holds the uploads folder (local storage); absent with S3, and in format 1. */
  uploads?: { files: number; bytes: number };
  size: number;
  sha256: string;
}

export type BackupKind = 'nightly' | 'shutdown' | 'manual';

/** One file or folder of the data directory or the uploads folder. */
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
const format = 2;
const block = 512;
/** Where the uploaded files are inside the tarball; no database file has this name. */
const uploadsSection = 'uploads/';

/**
 * Writes the backup under a hidden temporary name in `path`'s folder, flushes it to
 * disk and only then renames it to `path`: a crash, a full disk or any error leaves no
 * file under the final name (and the temporary one is removed when it can be). Without
 * `uploads`, the backup says it holds none.
 */
export async function writeBackupFile(
  path: string,
  header: Pick<BackupHeader, 'createdAt' | 'kind' | 'migration'>,
  sections: { database: Iterable<DataDirEntry>; uploads?: AsyncIterable<DataDirEntry> },
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
    const uploads = sections.uploads && { files: 0, bytes: 0 };
    async function* entries() {
      yield* sections.database;
      if (!sections.uploads || !uploads) return;
      for await (const entry of sections.uploads) {
        uploads.files += 1;
        uploads.bytes += entry.data?.length ?? 0;
        yield { ...entry, name: `${uploadsSection}${entry.name}` };
      }
    }
    // The tarball goes after a blank header block; the header, knowing its size and checksum, last.
    await pipeline(
      Readable.from(tarBlocks(entries())),
      createGzip(),
      measure,
      createWriteStream(temporary, { flags: 'wx', mode: 0o600, start: block }),
    );
    const file = await open(temporary, 'r+');
    try {
      const complete = {
        format,
        ...header,
        ...(uploads ? { uploads } : {}),
        size,
        sha256: hash.digest('hex'),
      };
      await file.write(headerBlock(complete), 0, block, 0);
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

/** Reads a backup's header and checks the file's length and checksum against it. */
export async function readBackupHeader(path: string): Promise<BackupHeader> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch (error) {
    throw new BackupError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code}).`);
  }
  let header: BackupHeader;
  let length: number;
  try {
    const first = Buffer.alloc(block);
    const { bytesRead } = await file.read(first, 0, block, 0);
    header = parseHeader(first.subarray(0, bytesRead), path);
    length = (await file.stat()).size - block;
  } finally {
    await file.close();
  }
  if (length < header.size) {
    throw new BackupError(
      `${path} is cut short: it holds ${length} of the backup's ${header.size} bytes. Use another backup.`,
    );
  }
  if (length > header.size)
    throw new BackupError(`${path} has ${length - header.size} bytes more than its backup.`);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { start: block })) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== header.sha256) {
    throw new BackupError(
      `${path} is damaged: its checksum does not match the one written with it. Use another backup.`,
    );
  }
  return header;
}

/**
 * Unpacks a checked backup (readBackupHeader) into `database` and, when given, its uploaded
 * files into `uploads`, streaming: no file is held whole in memory. A damaged archive
 * throws and leaves what was unpacked for the caller to remove.
 */
export async function unpackBackupFile(
  path: string,
  into: { database: string; uploads: string | undefined },
): Promise<void> {
  let sawDatabase = false;
  const place = (name: string) => {
    if (!name.startsWith(uploadsSection)) {
      sawDatabase ||= name === 'PG_VERSION';
      return join(into.database, name);
    }
    const relative = name.slice(uploadsSection.length);
    return into.uploads && relative ? join(into.uploads, relative) : undefined;
  };
  try {
    await pipeline(
      createReadStream(path, { start: block }),
      createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const entry of untar(source, path)) {
          const target = place(entry.name);
          if (!target) {
            await entry.skip();
          } else if (entry.kind === 'folder') {
            await mkdir(target, { recursive: true, mode: entry.mode & 0o777 });
          } else {
            await mkdir(dirname(target), { recursive: true });
            await entry.writeTo(target);
          }
        }
      },
    );
  } catch (error) {
    if (/^Z_/.test((error as NodeJS.ErrnoException).code ?? '')) {
      throw new BackupError(`${path} is damaged: its archive cannot be decompressed.`);
    }
    throw error;
  }
  if (!sawDatabase) throw new BackupError(`${path} holds no database (PG_VERSION is missing).`);
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
  let header: Partial<BackupHeader> | undefined;
  try {
    header = JSON.parse(text.slice(magic.length, text.indexOf('\n', magic.length))) as Partial<BackupHeader>;
  } catch {
    // Reported below, with every other header that cannot be read.
  }
  if (
    typeof header?.size !== 'number' ||
    typeof header.sha256 !== 'string' ||
    typeof header.migration?.when !== 'number'
  ) {
    throw new BackupError(`${path} is damaged: its header cannot be read.`);
  }
  const headerFormat = header.format ?? 1;
  if (headerFormat > format) {
    throw new BackupError(
      `${path} was made by a newer Vaidya (backup format ${headerFormat}; this one reads up to ${format}): restore it with that version or newer.`,
    );
  }
  return { ...(header as BackupHeader), format: headerFormat };
}

/** A plain ustar archive: a header block per entry, its data padded to blocks, two empty blocks. */
async function* tarBlocks(entries: AsyncIterable<DataDirEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    const size = entry.data?.length ?? 0;
    const header = Buffer.alloc(block);
    const { prefix, name } = splitName(entry.data ? entry.name : `${entry.name}/`);
    header.write(name, 0);
    header.write(octal(entry.mode & 0o7777, 8), 100);
    header.write(octal(0, 8), 108);
    header.write(octal(0, 8), 116);
    header.write(octal(size, 12), 124);
    header.write(octal(Math.floor(entry.mtimeMs / 1000), 12), 136);
    header.write(' '.repeat(8), 148);
    header.write(entry.data ? '0' : '5', 156);
    header.write('ustar\u000000', 257);
    header.write(prefix, 345);
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

/** ustar keeps a path of up to 100 bytes in `name`, and up to 155 more before a `/` in `prefix`. */
function splitName(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  const cut = path.indexOf('/', Buffer.byteLength(path) - 101);
  const prefix = path.slice(0, cut);
  if (cut === -1 || Buffer.byteLength(prefix) > 155) throw new Error(`path too long for tar: ${path}`);
  return { prefix, name: path.slice(cut + 1) };
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\u0000`;
}

interface TarEntry {
  name: string;
  kind: 'file' | 'folder';
  mode: number;
  /** Writes a file's data to a new file at `path`. */
  writeTo(path: string): Promise<void>;
  /** Passes over a file's data. */
  skip(): Promise<void>;
}

/** The entries of a tarball as it streams in; each file's data must be written or skipped before the next. */
async function* untar(source: AsyncIterable<Buffer>, path: string): AsyncGenerator<TarEntry> {
  const input = exactReader(source);
  const damaged = (why: string) => new BackupError(`${path} is damaged: its archive ${why}.`);
  for (;;) {
    const header = await input.read(block);
    if (!header) throw damaged('has no end');
    if (header.every((byte) => byte === 0)) {
      await input.drain();
      return;
    }
    const field = (start: number, length: number) =>
      header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const stored = Number.parseInt(field(148, 8).trim(), 8);
    const actual = header.reduce((sum, byte, index) => sum + (index >= 148 && index < 156 ? 32 : byte), 0);
    const prefix = field(345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(0, 100)}`.replace(/\/$/, '');
    const size = Number.parseInt(field(124, 12), 8);
    const type = field(156, 1);
    const unsafe = name === '' || name.startsWith('/') || name.split('/').includes('..');
    if (stored !== actual || unsafe || !Number.isFinite(size) || (type !== '0' && type !== '5')) {
      throw damaged('is not readable');
    }
    const padded = Math.ceil(size / block) * block;
    // Each piece at most 1 MiB, so a large database file never sits whole in memory.
    const pieces = async function* () {
      for (let left = size; left > 0; ) {
        const piece = await input.read(Math.min(left, 1024 * 1024));
        if (!piece) throw damaged('ends in the middle of a file');
        left -= piece.length;
        yield piece;
      }
      if (padded > size && !(await input.read(padded - size))) throw damaged('ends in the middle of a file');
    };
    const mode = Number.parseInt(field(100, 8), 8);
    yield {
      name,
      kind: type === '5' ? 'folder' : 'file',
      mode,
      writeTo: (target) =>
        pipeline(Readable.from(pieces()), createWriteStream(target, { flags: 'wx', mode: mode & 0o777 })),
      skip: async () => {
        for await (const _ of pieces()) {
          // Read and let go.
        }
      },
    };
  }
}

/** Reads exactly as many bytes as asked from a stream of chunks of any size. */
function exactReader(source: AsyncIterable<Buffer>) {
  const iterator = source[Symbol.asyncIterator]();
  let buffered: Buffer[] = [];
  let length = 0;
  return {
    /** Exactly `count` bytes, or undefined when the stream ends first. */
    async read(count: number): Promise<Buffer | undefined> {
      while (length < count) {
        const next = await iterator.next();
        if (next.done) return undefined;
        buffered.push(next.value);
        length += next.value.length;
      }
      const all = buffered.length === 1 ? (buffered[0] as Buffer) : Buffer.concat(buffered, length);
      buffered = all.length > count ? [all.subarray(count)] : [];
      length -= count;
      return all.subarray(0, count);
    },
    /** Reads to the end (the archive's padding after its last block). */
    async drain(): Promise<void> {
      while (!(await iterator.next()).done) {
        // Nothing to keep.
      }
    },
  };
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
