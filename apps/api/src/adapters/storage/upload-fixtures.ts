import { randomBytes } from 'node:crypto';

/** Test images: a real signature followed by filler, so sniffing has something true to find. */
export const imageBytes = {
  png: (size = 256) =>
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]),
  jpeg: (size = 256) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]),
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
