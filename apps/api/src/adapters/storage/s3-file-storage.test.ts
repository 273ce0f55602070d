import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { maxUploadBytes, uploadFormLifetimeSeconds } from '@vaidya/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/test-clock';
import { parseMultipartForm } from './multipart-form';
import { createS3FileStorage } from './s3-file-storage';
import { imageBytes } from './upload-fixtures';

const bucket = 'clinic-images';
const region = 'ap-south-1';
const credentials = { accessKeyId: 'AKIAFAKEFORTESTS', secretAccessKey: 'fake/secret+key/for/tests' };

function sigV4Key(day: string) {
  const hmac = (key: string | Buffer, value: string) => createHmac('sha256', key).update(value).digest();
  return hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), 's3'), 'aws4_request');
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const amzTime = (amzDate: string) =>
  Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));

/**
 * A stand-in for S3 on 127.0.0.1 that checks requests the way S3 documents it: a POST's
 * policy signature, expiry and every condition against the form; a presigned GET or
 * HEAD's query signature and expiry. It stores what it accepts, in memory.
 */
function startFakeS3(now: () => Date) {
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

  const handleRead = (request: IncomingMessage, response: ServerResponse) => {
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
      } else if (request.method === 'GET' || request.method === 'HEAD') {
        handleRead(request, response);
      } else refuse(response, 405, 'MethodNotAllowed');
    });
  });
  return server;
}

describe('S3 storage against a local fake of S3', () => {
  const clock = createTestClock(new Date());
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = startFakeS3(clock.now);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const storage = () => createS3FileStorage({ bucket, region, endpoint, credentials, clock: clock.now });
  const key = (name: string) =>
    `3f1c2a4e-0b6d-4c1e-9a7f-5d2b8e6c4a10/profile-image/${name.padEnd(22, 'x')}.png`;
  const grant = (name: string) => ({
    key: key(name),
    contentType: 'image/png' as const,
    maxBytes: maxUploadBytes,
    expiresAt: new Date(clock.now().getTime() + uploadFormLifetimeSeconds * 1000),
  });

  /** Posts a form as a browser does: its fields in order, then the file. */
  const postForm = (url: string, fields: Record<string, string>, bytes: Buffer) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    return fetch(url, { method: 'POST', body });
  };

  it('signs a POST policy S3 accepts with 204, then finds the object and redirects reads to a signed address', async () => {
    const form = await storage().createUploadForm(grant('accepted'));
    expect(form.url).toBe(`${endpoint}/${bucket}`);
    const bytes = imageBytes.png(2048);
    expect((await postForm(form.url, form.fields, bytes)).status).toBe(204);

    expect(await storage().uploadedSize(key('accepted'))).toBe(2048);
    expect(await storage().uploadedSize(key('never-posted'))).toBeUndefined();
    const read = await storage().read(key('accepted'));
    expect(read?.kind).toBe('redirect');
    const fetched = await fetch(read?.kind === 'redirect' ? read.url : '');
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('is refused by S3 when a signed field, the signature or the policy is changed', async () => {
    const form = await storage().createUploadForm(grant('tampered'));
    const bytes = imageBytes.png();
    const asHtml = await postForm(form.url, { ...form.fields, 'Content-Type': 'text/html' }, bytes);
    expect(asHtml.status).toBe(403);
    const otherKey = await postForm(form.url, { ...form.fields, key: key('somewhere-else') }, bytes);
    expect(otherKey.status).toBe(403);
    const signature = form.fields['X-Amz-Signature'] ?? '';
    const badSignature = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(
      (await postForm(form.url, { ...form.fields, 'X-Amz-Signature': badSignature }, bytes)).status,
    ).toBe(403);
    const extraField = await postForm(form.url, { ...form.fields, acl: 'public-read' }, bytes);
    expect(extraField.status).toBe(403);
    expect(await storage().uploadedSize(key('tampered'))).toBeUndefined();
  });

  it('is refused by S3 past the expiry and over 5 MB', async () => {
    const form = await storage().createUploadForm(grant('late'));
    expect((await postForm(form.url, form.fields, imageBytes.png(maxUploadBytes + 1))).status).toBe(400);
    clock.advance(uploadFormLifetimeSeconds * 1000 + 1000);
    try {
      expect((await postForm(form.url, form.fields, imageBytes.png())).status).toBe(403);
    } finally {
      clock.advance(-(uploadFormLifetimeSeconds * 1000 + 1000));
    }
  });

  it('addresses the bucket by host on AWS itself', async () => {
    const aws = createS3FileStorage({ bucket, region, credentials, clock: clock.now });
    expect((await aws.createUploadForm(grant('aws'))).url).toBe(
      `https://${bucket}.s3.${region}.amazonaws.com`,
    );
  });
});
