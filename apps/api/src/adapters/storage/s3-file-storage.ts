import { createHash, createHmac } from 'node:crypto';
import type { UploadContentType } from '@vaidya/contract/uploads';
import type { Clock } from '../../clock';
import type { FileStorage, UploadGrant } from './file-storage';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (a role) come with one. */
  sessionToken?: string;
}

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible service's origin; the bucket is then addressed by path. Default: AWS. */
  endpoint?: string | undefined;
  credentials: S3Credentials;
  clock: Clock;
}

/** How long the address an image is redirected to stays valid. */
const readUrlLifetimeSeconds = 60 * 60;
/** How long a presigned POST form stays usable: S3 takes a second post under its key while it lasts. */
const formLifetimeSeconds = 5 * 60;
const algorithm = 'AWS4-HMAC-SHA256';
/** Where the browser's form puts a file; only the server writes the key it is served under. */
const incomingPrefix = 'incoming/';

/**
 * Files in an S3 bucket: the browser posts them with a presigned POST policy (AWS
 * Signature Version 4) under `incoming/<key>`; the server fetches and checks them, and
 * puts the checked bytes under `<key>`, which no form can write, so a form used again
 * never changes a file once accepted. Browsers read through short-lived presigned GETs.
 */
export function createS3FileStorage(options: S3Options): FileStorage {
  const { bucket, region, credentials, clock } = options;
  const bucketUrl = options.endpoint
    ? `${options.endpoint.replace(/\/$/, '')}/${bucket}`
    : `https://${bucket}.s3.${region}.amazonaws.com`;
  const objectUrl = (key: string) => new URL(`${bucketUrl}/${key.split('/').map(encodeRfc3986).join('/')}`);

  const scope = (now: Date) => {
    const amzDate = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const day = amzDate.slice(0, 8);
    return {
      amzDate,
      credential: `${credentials.accessKeyId}/${day}/${region}/s3/aws4_request`,
      signingKey: signingKey(credentials.secretAccessKey, day, region),
    };
  };

  /** A presigned address (query-string authentication) for one method on one object. */
  const presign = (method: 'GET' | 'PUT' | 'DELETE', key: string, lifetimeSeconds: number) => {
    const url = objectUrl(key);
    const { amzDate, credential, signingKey: key4 } = scope(clock());
    const query: [string, string][] = [
      ['X-Amz-Algorithm', algorithm],
      ['X-Amz-Credential', credential],
      ['X-Amz-Date', amzDate],
      ['X-Amz-Expires', String(lifetimeSeconds)],
      ['X-Amz-SignedHeaders', 'host'],
      ...(credentials.sessionToken
        ? [['X-Amz-Security-Token', credentials.sessionToken] as [string, string]]
        : []),
    ];
    const canonicalQuery = query
      .map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`)
      .sort()
      .join('&');
    const canonicalRequest = [
      method,
      url.pathname,
      canonicalQuery,
      `host:${url.host}\n`,
      'host',
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const stringToSign = [
      algorithm,
      amzDate,
      credential.slice(credential.indexOf('/') + 1),
      sha256Hex(canonicalRequest),
    ].join('\n');
    const signature = createHmac('sha256', key4).update(stringToSign).digest('hex');
    return `${url.origin}${url.pathname}?${canonicalQuery}&X-Amz-Signature=${signature}`;
  };

  /** Sends one presigned request with a 10-second limit. */
  const send = (method: 'GET' | 'PUT' | 'DELETE', key: string, init: RequestInit = {}) =>
    fetch(presign(method, key, 60), { ...init, method, signal: AbortSignal.timeout(10_000) });

  const remove = async (key: string) => {
    const response = await send('DELETE', key);
    if (!response.ok && response.status !== 404) {
      throw new Error(`S3 answered ${response.status} to DELETE of an upload`);
    }
  };

  /** The object's first `maxBytes + 1` bytes, or undefined when there is none. */
  const fetchObject = async (key: string, maxBytes: number) => {
    const response = await send('GET', key);
    // Without the ListBucket permission S3 answers 403, not 404, for a missing object.
    if (response.status === 404 || response.status === 403) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok || !response.body) throw new Error(`S3 answered ${response.status} to GET of an upload`);
    return readAtMost(response.body, maxBytes + 1);
  };

  return {
    formLifetimeSeconds,

    async createUploadForm(grant: UploadGrant) {
      const { amzDate, credential, signingKey: key4 } = scope(clock());
      const fields: Record<string, string> = {
        key: `${incomingPrefix}${grant.key}`,
        'Content-Type': grant.contentType,
        success_action_status: '204',
        'x-amz-algorithm': algorithm,
        'x-amz-credential': credential,
        'x-amz-date': amzDate,
        ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
      };
      const policy = {
        expiration: grant.expiresAt.toISOString(),
        conditions: [
          { bucket },
          ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
          ['content-length-range', 1, grant.maxBytes],
        ],
      };
      const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
      return {
        url: bucketUrl,
        fields: {
          ...fields,
          Policy: encoded,
          'X-Amz-Signature': createHmac('sha256', key4).update(encoded).digest('hex'),
        },
      };
    },

    /** A posted file waits under `incoming/`; one uploaded before checks existed is under its key. */
    async readUnchecked(key: string, maxBytes: number) {
      for (const [where, legacy] of [
        [`${incomingPrefix}${key}`, false],
        [key, true],
      ] as const) {
        const bytes = await fetchObject(where, maxBytes);
        if (bytes) return { bytes, legacy, discard: () => remove(where) };
      }
      return undefined;
    },

    async keep(key: string, bytes: Buffer, contentType: UploadContentType) {
      const response = await send('PUT', key, {
        body: new Uint8Array(bytes),
        headers: { 'content-type': contentType },
      });
      if (!response.ok) throw new Error(`S3 answered ${response.status} to PUT of an upload`);
      await remove(`${incomingPrefix}${key}`);
    },

    async read(key: string) {
      return { kind: 'redirect', url: presign('GET', key, readUrlLifetimeSeconds) };
    },
  };
}

/** Reads a body up to `limit` bytes and stops there. */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  const reader = body.getReader();
  while (length < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
    length += value.length;
  }
  await reader.cancel();
  return Buffer.concat(chunks, length).subarray(0, limit);
}

function signingKey(secretAccessKey: string, day: string, region: string): Buffer {
  const hmac = (key: string | Buffer, value: string) => createHmac('sha256', key).update(value).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** SigV4's URI encoding: everything but unreserved characters, as %XX in upper case. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
