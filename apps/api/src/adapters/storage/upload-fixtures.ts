import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A one-pixel PNG of a random colour, padded to `size` bytes with a private ancillary chunk of random bytes. */
function png(size = 256, { width = 1, height = 1 } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, not interlaced
  const row = Buffer.concat([Buffer.from([0]), randomBytes(3)]);
  const start = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(row)),
  ]);
  const end = pngChunk('IEND', Buffer.alloc(0));
  const padding = size - start.length - end.length - 12;
  if (padding < 0) throw new Error(`a test PNG takes at least ${size - padding} bytes`);
  return Buffer.concat([start, pngChunk('vpAd', randomBytes(padding)), end]);
}

/**
 * An 8×8 grey baseline JPEG (one quantisation table, one-code Huffman tables, one block
 * whose DC and AC are both the single code 0), padded to `size` bytes with comment segments.
 */
function jpeg(size = 256): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  const oneCodeTable = (classAndId: number) =>
    segment(0xc4, Buffer.from([classAndId, 1, ...new Array<number>(15).fill(0), 0x00]));
  const start = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xdb, Buffer.from([0x00, ...new Array<number>(64).fill(1)])),
    segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
    oneCodeTable(0x00),
    oneCodeTable(0x10),
  ]);
  const scan = Buffer.concat([segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])), Buffer.from([0x3f])]);
  const end = Buffer.from([0xff, 0xd9]);
  const comments: Buffer[] = [];
  let left = size - start.length - scan.length - end.length;
  while (left > 0) {
    // Each segment takes 4 bytes of marker and length, and holds at most 65,533 more.
    if (left < 4) throw new Error(`a test JPEG cannot be exactly ${size} bytes`);
    const data = left - 4 <= 65_533 ? left - 4 : Math.min(65_533, left - 8);
    comments.push(segment(0xfe, Buffer.alloc(data, 0x2e)));
    left -= data + 4;
  }
  return Buffer.concat([start, ...comments, scan, end]);
}

/** Test images: complete files of each accepted type, PNG and JPEG of an exact size. */
export const imageBytes = {
  png,
  jpeg,
  /** A 1×1 GIF (the classic transparent pixel). */
  gif: () => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  /** A 1×1 lossless WebP. */
  webp: () => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
};

/** A multipart/form-data body as a browser sends a signed form: the fields, then the file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { fileName: string; contentType: string; bytes: Buffer },
): { payload: Buffer; contentType: string } {
  const boundary = `----vaidya${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
