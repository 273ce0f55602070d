import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  type UploadContentType,
  uploadFormLifetimeSeconds,
  uploadKeyPattern,
  uploadMessages,
} from '@vaidya/contract/uploads';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { appSecrets } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { FileStorage, ReceivedUpload, UploadGrant } from './file-storage';
import { MultipartFormError, parseMultipartForm } from './multipart-form';

/** Where the forms of the local storage post to. */
export const localUploadPath = '/api/public/uploads';

const secretName = 'uploads.policy-hmac';

/** What a local form's policy field holds, base64 JSON signed by the `signature` field. */
interface LocalPolicy {
  key: string;
  contentType: UploadContentType;
  maxBytes: number;
  expiresAt: string;
}

/**
 * Files on this machine's disk under `root`, one folder per partner (the key begins
 * with the partner id). Forms are signed with an HMAC secret kept in the database, so
 * any process of a deployment accepts a form another one signed.
 */
export function createLocalFileStorage({
  db,
  root,
  clock,
}: {
  db: Db;
  root: string;
  clock: Clock;
}): FileStorage {
  const rootDir = resolve(root);
  let secret: Promise<Buffer> | undefined;
  const policySecret = () => {
    secret ??= loadOrCreateSecret(db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
  const sign = async (policy: string) =>
    createHmac('sha256', await policySecret())
      .update(policy)
      .digest();
  const pathOf = (key: string) => (uploadKeyPattern.test(key) ? join(rootDir, key) : undefined);

  return {
    async createUploadForm(grant: UploadGrant) {
      const policy: LocalPolicy = {
        key: grant.key,
        contentType: grant.contentType,
        maxBytes: grant.maxBytes,
        expiresAt: grant.expiresAt.toISOString(),
      };
      const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
      return {
        url: localUploadPath,
        fields: {
          key: grant.key,
          'Content-Type': grant.contentType,
          policy: encoded,
          signature: (await sign(encoded)).toString('base64url'),
        },
      };
    },

    formLifetimeSeconds: uploadFormLifetimeSeconds,

    async openPostedForm({ contentType, body }: ReceivedUpload) {
      let form: ReturnType<typeof parseMultipartForm>;
      try {
        form = parseMultipartForm(contentType, body);
      } catch (error) {
        if (error instanceof MultipartFormError) throw new AppError('VALIDATION_FAILED', error.message);
        throw error;
      }
      const encoded = form.fields.get('policy') ?? '';
      const signature = Buffer.from(form.fields.get('signature') ?? '', 'base64url');
      const expected = await sign(encoded);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
        throw new AppError('FORBIDDEN', uploadMessages.formInvalid);
      }
      const policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as LocalPolicy;
      if (clock().getTime() > Date.parse(policy.expiresAt)) {
        throw new AppError('FORBIDDEN', uploadMessages.formExpired);
      }
      // The fields must say what was signed, as S3 requires of its policy's conditions.
      if (form.fields.get('key') !== policy.key || form.fields.get('Content-Type') !== policy.contentType) {
        throw new AppError('FORBIDDEN', uploadMessages.formInvalid);
      }
      if (!pathOf(policy.key) || !form.file || form.file.fieldName !== 'file') {
        throw new AppError('VALIDATION_FAILED', uploadMessages.formInvalid);
      }
      const bytes = form.file.data;
      if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', uploadMessages.empty);
      if (bytes.length > policy.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
      return { key: policy.key, contentType: policy.contentType, bytes };
    },

    /** Only files stored before uploads were checked are here unchecked: a posted file is checked first. */
    async readUnchecked(key: string, maxBytes: number) {
      const path = pathOf(key);
      const file = path ? await open(path, 'r').catch(() => undefined) : undefined;
      if (!path || !file) return undefined;
      try {
        if (!(await file.stat()).isFile()) return undefined;
        const buffer = Buffer.alloc(maxBytes + 1);
        const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
        return {
          bytes: buffer.subarray(0, bytesRead),
          legacy: true,
          discard: () => rm(path, { force: true }),
        };
      } finally {
        await file.close();
      }
    },

    async read(key: string) {
      const path = pathOf(key);
      const found = path ? await stat(path).catch(() => undefined) : undefined;
      if (!path || !found?.isFile()) return undefined;
      return { kind: 'bytes', body: createReadStream(path), size: found.size };
    },

    async keep(key: string, bytes: Buffer) {
      const path = pathOf(key);
      if (!path) throw new Error(`not an upload key: ${key}`);
      // Written aside, then renamed: a reader never sees half a file.
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
  };
}

/** One random secret per deployment; the first process to need it creates it, the others read it. */
async function loadOrCreateSecret(db: Db): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: secretName, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, secretName));
  if (!row) throw new Error('the upload secret could not be stored');
  return Buffer.from(row.value, 'base64');
}
