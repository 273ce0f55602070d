import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkImage } from './image-check';
import { imageBytes } from './upload-fixtures';

const html = Buffer.from('<html><script>alert(1)</script></html>');

/** A lossy 1×1 WebP, and an extended one with alpha (VP8X, ALPH, VP8). */
const lossyWebp = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
const alphaWebp = Buffer.from(
  'UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==',
  'base64',
);

describe('checkImage: a complete image of its type, read to its end', () => {
  it('reads the dimensions and the end of each accepted type', () => {
    expect(checkImage(imageBytes.png(300, { width: 640, height: 480 }))).toEqual({
      kind: 'image',
      type: 'image/png',
      width: 640,
      height: 480,
      length: 300,
    });
    expect(checkImage(imageBytes.jpeg(200_000))).toMatchObject({
      kind: 'image',
      type: 'image/jpeg',
      width: 8,
    });
    expect(checkImage(imageBytes.gif())).toMatchObject({ kind: 'image', type: 'image/gif', length: 43 });
    for (const webp of [imageBytes.webp(), lossyWebp, alphaWebp]) {
      expect(checkImage(webp)).toEqual({
        kind: 'image',
        type: 'image/webp',
        width: 1,
        height: 1,
        length: webp.length,
      });
    }
  });

  it('takes a first-bytes-only lookalike for a damaged image, never an image', () => {
    for (const header of [
      Buffer.from('GIF89a'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('RIFF\u0040\u0000\u0000\u0000WEBP', 'latin1'),
    ]) {
      expect(checkImage(Buffer.concat([header, html])).kind).toBe('damaged');
    }
    expect(checkImage(html)).toEqual({ kind: 'not-an-image' });
  });

  it('refuses each type cut short anywhere', () => {
    for (const image of [imageBytes.png(400), imageBytes.jpeg(400), imageBytes.gif(), alphaWebp]) {
      for (let length = 1; length < image.length; length += 1) {
        expect(checkImage(image.subarray(0, length)).kind, `${length} of ${image.length}`).not.toBe('image');
      }
    }
  });

  it('refuses a PNG chunk whose checksum does not match, and one without image data', () => {
    const png = imageBytes.png(400);
    png[200] = (png[200] ?? 0) ^ 0x01;
    expect(checkImage(png).kind).toBe('damaged');
    // The IDAT chunk begins at 33, after the signature and IHDR; renamed, with its checksum made right.
    const noData = imageBytes.png(400);
    const crcAt = 41 + noData.readUInt32BE(33);
    noData.write('idAx', 37, 'latin1');
    noData.writeUInt32BE(crc32(noData.subarray(37, crcAt)), crcAt);
    expect(checkImage(noData).kind).toBe('damaged');
  });

  it('ends a JPEG at its end marker, past restart markers, stuffed bytes and later scans; what follows is not the image', () => {
    const jpeg = imageBytes.jpeg(300);
    const scanStart = jpeg.length - 3;
    // A second scan (as in a progressive JPEG) whose data holds a stuffed FF 00 and an RST0.
    const secondScan = Buffer.from([
      0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56,
    ]);
    const multiScan = Buffer.concat([
      jpeg.subarray(0, scanStart + 1),
      secondScan,
      jpeg.subarray(scanStart + 1),
    ]);
    expect(checkImage(multiScan)).toMatchObject({ kind: 'image', length: multiScan.length });
    // A phone's trailer after EOI.
    const trailer = Buffer.concat([jpeg, Buffer.from('SEFT'), html]);
    expect(checkImage(trailer)).toMatchObject({ kind: 'image', length: jpeg.length });
    // A scan before any frame, or no scan at all, is not an image.
    const frameless = Buffer.concat([Buffer.from([0xff, 0xd8]), secondScan, Buffer.from([0xff, 0xd9])]);
    expect(checkImage(frameless).kind).toBe('damaged');
  });

  it('refuses dimensions a browser should not be asked to show, and zero ones', () => {
    expect(checkImage(imageBytes.png(300, { width: 16_385, height: 1 })).kind).toBe('too-many-pixels');
    expect(checkImage(imageBytes.png(300, { width: 10_000, height: 10_000 })).kind).toBe('too-many-pixels');
    expect(checkImage(imageBytes.png(300, { width: 16_384, height: 3_000 })).kind).toBe('image');
    expect(checkImage(imageBytes.png(300, { width: 0, height: 1 })).kind).toBe('damaged');
  });
});
