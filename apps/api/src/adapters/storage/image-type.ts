import type { UploadContentType } from '@vaidya/contract/uploads';

/** The image type a file's first bytes prove, whatever its name or declared type says. */
export function sniffImageType(bytes: Buffer): UploadContentType | undefined {
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
