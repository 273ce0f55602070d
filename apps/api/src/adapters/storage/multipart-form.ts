/** A multipart/form-data body that cannot be read as one; the message says what is wrong. */
export class MultipartFormError extends Error {}

export interface MultipartForm {
  /** Text fields before the file, by name; a repeated name is refused. */
  fields: Map<string, string>;
  /** The first part with a file name; parts after it are ignored, as S3 does. */
  file: { fieldName: string; fileName: string; data: Buffer } | undefined;
}

const maxParts = 20;
const maxHeaderBytes = 8 * 1024;
const maxFieldBytes = 16 * 1024;

/**
 * Reads a whole multipart/form-data body (RFC 7578) held in memory. Small and strict
 * on purpose: it serves the upload form only, whose body is bounded by the route's limit.
 */
export function parseMultipartForm(contentType: string | undefined, body: Buffer): MultipartForm {
  const boundaryMatch = /^multipart\/form-data\s*;.*?\bboundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(
    contentType ?? '',
  );
  const boundary = boundaryMatch?.[1] ?? boundaryMatch?.[2];
  if (!boundary)
    throw new MultipartFormError('The upload must be sent as multipart/form-data with a boundary');
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // Treating the body as if it began with CRLF lets the first delimiter be found like the others.
  const data = Buffer.concat([Buffer.from('\r\n'), body]);

  const fields = new Map<string, string>();
  let position = data.indexOf(delimiter);
  if (position === -1) throw new MultipartFormError('The upload form has no parts');
  for (let parts = 0; ; parts += 1) {
    position += delimiter.length;
    if (data.subarray(position, position + 2).toString('latin1') === '--') break;
    if (data.subarray(position, position + 2).toString('latin1') !== '\r\n') {
      throw new MultipartFormError('The upload form is malformed');
    }
    if (parts === maxParts) throw new MultipartFormError('The upload form has too many parts');
    const headersStart = position + 2;
    const headersEnd = data.indexOf('\r\n\r\n', headersStart);
    if (headersEnd === -1 || headersEnd - headersStart > maxHeaderBytes) {
      throw new MultipartFormError('The upload form is malformed');
    }
    const contentStart = headersEnd + 4;
    const next = data.indexOf(delimiter, contentStart);
    if (next === -1) throw new MultipartFormError('The upload form ends too early');
    const { name, fileName } = readDisposition(data.subarray(headersStart, headersEnd).toString('utf8'));
    const content = data.subarray(contentStart, next);
    if (fileName !== undefined) return { fields, file: { fieldName: name, fileName, data: content } };
    if (fields.has(name)) throw new MultipartFormError(`The upload form repeats the field ${name}`);
    if (content.length > maxFieldBytes) throw new MultipartFormError(`The field ${name} is too long`);
    fields.set(name, content.toString('utf8'));
    position = next;
  }
  return { fields, file: undefined };
}

function readDisposition(headers: string): { name: string; fileName: string | undefined } {
  const disposition = headers
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith('content-disposition:'));
  const value = disposition?.slice('content-disposition:'.length).trim() ?? '';
  if (!/^form-data\s*(;|$)/i.test(value))
    throw new MultipartFormError('A part of the upload form has no name');
  const parameter = (key: string) => new RegExp(`;\\s*${key}="([^"]*)"`, 'i').exec(value)?.[1];
  const name = parameter('name');
  if (!name) throw new MultipartFormError('A part of the upload form has no name');
  return { name, fileName: parameter('filename') };
}
