import { crc32 } from 'node:zlib';
import { maxImageMegapixels, maxImageSide, type UploadContentType } from '@vaidya/contract/uploads';

/**
 * What a file's bytes prove about it as an image. `length` is where the image ends: what
 * follows (a camera's trailer, or anything appended on purpose) is not part of it.
 */
export type ImageCheck =
  | { kind: 'image'; type: UploadContentType; width: number; height: number; length: number }
  | { kind: 'not-an-image' }
  | { kind: 'damaged'; type: UploadContentType }
  | { kind: 'too-many-pixels'; type: UploadContentType };

/** Why the structure of an image of a known type cannot be read to its end. */
class Damaged extends Error {}

/** The dimensions and end of one image, as its own format's structure gives them. */
interface ImageExtent {
  width: number;
  height: number;
  length: number;
}

const readers: Record<UploadContentType, (bytes: Buffer) => ImageExtent> = {
  'image/png': readPng,
  'image/jpeg': readJpeg,
  'image/webp': readWebp,
  'image/gif': readGif,
};

/**
 * Reads a PNG, JPEG, WebP or GIF from its signature to its end without decoding pixels:
 * PNG chunks (each CRC) to IEND, JPEG segments from SOI through the scans to EOI, the WebP
 * RIFF chunks to the RIFF size, GIF blocks to the trailer. A header of one type followed by
 * anything else (HTML, say) is damaged, never an image.
 */
export function checkImage(bytes: Buffer): ImageCheck {
  const type = signatureType(bytes);
  if (!type) return { kind: 'not-an-image' };
  let extent: ImageExtent;
  try {
    extent = readers[type](bytes);
  } catch (error) {
    // A read past the end is a file cut short, like any other structural fault.
    if (error instanceof Damaged || error instanceof RangeError) return { kind: 'damaged', type };
    throw error;
  }
  const { width, height } = extent;
  if (width < 1 || height < 1) return { kind: 'damaged', type };
  if (width > maxImageSide || height > maxImageSide || width * height > maxImageMegapixels * 1_000_000) {
    return { kind: 'too-many-pixels', type };
  }
  return { kind: 'image', type, ...extent };
}

function signatureType(bytes: Buffer): UploadContentType | undefined {
  const startsWith = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  const gif = bytes.subarray(0, 6).toString('latin1');
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  return undefined;
}

function check(condition: boolean): asserts condition {
  if (!condition) throw new Damaged();
}

/** Bit depths each PNG colour type allows. */
const pngBitDepths: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function readPng(bytes: Buffer): ImageExtent {
  let position = 8;
  let header: { width: number; height: number } | undefined;
  let sawData = false;
  for (;;) {
    const length = bytes.readUInt32BE(position);
    const type = bytes.toString('latin1', position + 4, position + 8);
    const end = position + 12 + length;
    check(length <= 0x7fffffff && /^[A-Za-z]{4}$/.test(type) && end <= bytes.length);
    check(crc32(bytes.subarray(position + 4, end - 4)) === bytes.readUInt32BE(end - 4));
    const data = bytes.subarray(position + 8, end - 4);
    if (!header) {
      check(type === 'IHDR' && length === 13);
      const [bitDepth = 0, colourType = 0, compression, filter, interlace = 9] = data.subarray(8);
      check(pngBitDepths[colourType]?.includes(bitDepth) === true);
      check(compression === 0 && filter === 0 && interlace <= 1);
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4) };
    } else if (type === 'IDAT') {
      sawData = true;
    } else if (type === 'IEND') {
      check(sawData && length === 0);
      return { ...header, length: end };
    } else {
      check(type !== 'IHDR');
    }
    position = end;
  }
}

/** Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: RST0–RST7 and TEM. */
const standsAlone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

function readJpeg(bytes: Buffer): ImageExtent {
  let position = 2;
  let frame: { width: number; height: number } | undefined;
  let sawScan = false;
  for (;;) {
    check(bytes[position] === 0xff);
    while (bytes[position] === 0xff) position += 1;
    const marker = bytes[position];
    position += 1;
    check(marker !== undefined && marker !== 0x00 && marker !== 0xd8);
    if (marker === 0xd9) {
      check(frame !== undefined && sawScan);
      return { ...frame, length: position };
    }
    if (standsAlone(marker)) continue;
    const length = bytes.readUInt16BE(position);
    check(length >= 2 && position + length <= bytes.length);
    const segment = bytes.subarray(position + 2, position + length);
    position += length;
    if (isStartOfFrame(marker)) {
      check(frame === undefined && segment.length >= 6);
      const components = segment[5] ?? 0;
      check(components >= 1 && components <= 4 && segment.length === 6 + 3 * components);
      frame = { height: segment.readUInt16BE(1), width: segment.readUInt16BE(3) };
    } else if (marker === 0xda) {
      check(frame !== undefined);
      sawScan = true;
      position = endOfEntropyCodedData(bytes, position);
    }
  }
}

/** The entropy-coded data after a scan header runs to the next marker other than a stuffed 00 or an RSTn. */
function endOfEntropyCodedData(bytes: Buffer, start: number): number {
  let position = start;
  for (;;) {
    position = bytes.indexOf(0xff, position);
    check(position !== -1 && position + 1 < bytes.length);
    const next = bytes[position + 1] ?? 0;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) position += 2;
    else if (next === 0xff) position += 1;
    else return position;
  }
}

function readWebp(bytes: Buffer): ImageExtent {
  const end = 8 + bytes.readUInt32LE(4);
  check(end <= bytes.length && end >= 20);
  let position = 12;
  let canvas: { width: number; height: number } | undefined;
  let sawImage = false;
  while (position < end) {
    const type = bytes.toString('latin1', position, position + 4);
    const size = bytes.readUInt32LE(position + 4);
    const data = bytes.subarray(position + 8, position + 8 + size);
    check(data.length === size && position + 8 + size <= end);
    if (!canvas) {
      canvas = webpDimensions(type, data);
    }
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') sawImage = true;
    // Chunks are padded to an even size; the last one's padding may be left out of the RIFF size.
    position = Math.min(position + 8 + size + (size % 2), end);
  }
  check(sawImage);
  return { ...(canvas as { width: number; height: number }), length: end };
}

/** The first chunk says the size: a lossy frame, a lossless one, or the extended format's canvas. */
function webpDimensions(type: string, data: Buffer): { width: number; height: number } {
  if (type === 'VP8 ') {
    check(data.length >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a);
    return { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff };
  }
  if (type === 'VP8L') {
    check(data.length >= 5 && data[0] === 0x2f);
    const bits = data.readUInt32LE(1);
    check(bits >>> 29 === 0);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  check(type === 'VP8X' && data.length >= 10);
  return { width: data.readUIntLE(4, 3) + 1, height: data.readUIntLE(7, 3) + 1 };
}

function readGif(bytes: Buffer): ImageExtent {
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  const flags = bytes.readUInt8(10);
  let position = 13 + colourTableSize(flags);
  let sawImage = false;
  for (;;) {
    const block = bytes[position];
    if (block === 0x3b) {
      check(sawImage);
      return { width, height, length: position + 1 };
    }
    if (block === 0x2c) {
      // Image descriptor: position, size, flags, then its own colour table and the LZW data.
      const imageFlags = bytes.readUInt8(position + 9);
      position += 10 + colourTableSize(imageFlags);
      const minimumCodeSize = bytes.readUInt8(position);
      check(minimumCodeSize >= 1 && minimumCodeSize <= 11);
      position = endOfSubBlocks(bytes, position + 1);
      sawImage = true;
    } else {
      // Extension: introducer, label, then data sub-blocks.
      check(block === 0x21 && position + 1 < bytes.length);
      position = endOfSubBlocks(bytes, position + 2);
    }
  }
}

const colourTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

/** Sub-blocks: a size byte and that many bytes each, ended by a zero size. */
function endOfSubBlocks(bytes: Buffer, start: number): number {
  let position = start;
  for (;;) {
    const size = bytes.readUInt8(position);
    position += 1 + size;
    if (size === 0) return position;
    check(position < bytes.length);
  }
}
