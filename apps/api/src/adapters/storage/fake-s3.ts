import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../clock';
import { parseMultipartForm } from './multipart-form';
import type { S3Options } from './s3-file-storage';

/** The bucket, region and credentials the fake accepts; pass them with the endpoint to createS3FileStorage. */
export const fakeS3Bucket = {
  bucket: 'clinic-images',
  region: 'ap-south-1',
  credentials: { accessKeyId: 'AKIAFAKEFORTESTS', secretAccessKey: 'fake/secret+key/for/tests' },
} satisfies Omit<S3Options, 'clock' | 'endpoint'>;

const { bucket, region, credentials } = fakeS3Bucket;

function sigV4Key(day: string) {
  const hmac = (key: string | Buffer, value: string) => createHmac('sha256', key).update(value).digest();
  return hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), 's3'), 'aws4_request');
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const amzTime = (amzDate: string) =>
  Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`, the S3_ENDPOINT to give the storage. */
  endpoint: string;
  /** What the bucket holds, by object key. */
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  close(): Promise<void>;
}

/**
 * A stand-in for S3 on 127.0.0.1 that checks requests the way S3 documents it: a POST's
 * policy signature, expiry and every condition against the form; a presigned GET, PUT or
 * DELETE's query signature and expiry. It stores what it accepts, in memory.
 */
export async function startFakeS3(now: Clock): Promise<FakeS3> {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const refuse = (response: ServerResponse, status: number, code: string) => {
    response
      .writeHead(status, { 'content-type': 'application/xml' })
      .end(`<Error><Code>${code}</Code></Error>`);
  };

  const handlePost = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const form = parseMultipartForm(request.headers['content-type'], body);
    const field = (name: string) =>
      [...form.fields].find(([fieldName]) => fieldName.toLowerCase() === name.toLowerCase())?.[1];
    const policy = field('Policy') ?? '';
    const credential = field('x-amz-credential') ?? '';
    const [accessKeyId, day, credentialRegion, service, terminator] = credential.split('/');
    if (
      field('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' ||
      accessKeyId !== credentials.accessKeyId ||
      credentialRegion !== region ||
      service !== 's3' ||
      terminator !== 'aws4_request' ||
      !day
    ) {
      return refuse(response, 403, 'InvalidAccessKeyId');
    }
    const expected = createHmac('sha256', sigV4Key(day)).update(policy).digest('hex');
    if (!sameHex(field('X-Amz-Signature') ?? '', expected))
      return refuse(response, 403, 'SignatureDoesNotMatch');
    const document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: (Record<string, string> | [string, ...unknown[]])[];
    };
    if (Date.parse(document.expiration) < now().getTime()) return refuse(response, 403, 'AccessDenied');
    const covered = new Set(['policy', 'x-amz-signature', 'file']);
    for (const condition of document.conditions) {
      if (Array.isArray(condition)) {
        if (condition[0] !== 'content-length-range') return refuse(response, 403, 'AccessDenied');
        const size = form.file?.data.length ?? 0;
        if (size < Number(condition[1]) || size > Number(condition[2]))
          return refuse(response, 400, 'EntityTooLarge');
        continue;
      }
      const [name, value] = Object.entries(condition)[0] ?? [];
      if (!name) return refuse(response, 403, 'AccessDenied');
      covered.add(name.toLowerCase());
      const actual = name === 'bucket' ? request.url?.slice(1) : field(name);
      if (actual !== value) return refuse(response, 403, 'AccessDenied');
    }
    // S3 refuses a field no condition of the policy speaks for.
    if ([...form.fields.keys()].some((name) => !covered.has(name.toLowerCase()))) {
      return refuse(response, 403, 'AccessDenied');
    }
    const key = field('key');
    if (!key || !form.file) return refuse(response, 400, 'InvalidArgument');
    objects.set(key, { bytes: form.file.data, contentType: field('Content-Type') ?? 'binary/octet-stream' });
    response.writeHead(Number(field('success_action_status') ?? 204)).end();
  };

  const handlePresigned = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const query = [...url.searchParams].filter(([name]) => name !== 'X-Amz-Signature');
    const canonicalQuery = query
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .sort()
      .join('&');
    const canonicalRequest = [
      request.method,
      url.pathname,
      canonicalQuery,
      `host:${request.headers.host}\n`,
      url.searchParams.get('X-Amz-SignedHeaders'),
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const amzDate = url.searchParams.get('X-Amz-Date') ?? '';
    const [, day = '', ...rest] = (url.searchParams.get('X-Amz-Credential') ?? '').split('/');
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      [day, ...rest].join('/'),
      createHash('sha256').update(canonicalRequest).digest('hex'),
    ].join('\n');
    const expected = createHmac('sha256', sigV4Key(day)).update(stringToSign).digest('hex');
    if (!sameHex(url.searchParams.get('X-Amz-Signature') ?? '', expected)) {
      return refuse(response, 403, 'SignatureDoesNotMatch');
    }
    if (amzTime(amzDate) + Number(url.searchParams.get('X-Amz-Expires')) * 1000 < now().getTime()) {
      return refuse(response, 403, 'AccessDenied');
    }
    const key = decodeURIComponent(url.pathname.slice(`/${bucket}/`.length));
    if (request.method === 'PUT') {
      objects.set(key, {
        bytes: body,
        contentType: request.headers['content-type'] ?? 'binary/octet-stream',
      });
      return response.writeHead(200).end();
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      return response.writeHead(204).end();
    }
    const object = objects.get(key);
    if (!object) return refuse(response, 404, 'NoSuchKey');
    response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length });
    response.end(request.method === 'HEAD' ? undefined : object.bytes);
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === `/${bucket}`) {
        handlePost(request, response, Buffer.concat(chunks));
      } else if (['GET', 'HEAD', 'PUT', 'DELETE'].includes(request.method ?? '')) {
        handlePresigned(request, response, Buffer.concat(chunks));
      } else refuse(response, 405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
