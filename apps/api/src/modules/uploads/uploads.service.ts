import { randomBytes } from 'node:crypto';
import {
  type FileUploadForm,
  type GenerateFileUploadUrlBody,
  maxUploadBytes,
  type UploadPurpose,
  uploadContentTypes,
  uploadFormLifetimeSeconds,
  uploadKeyPattern,
  uploadMessages,
} from '@vaidya/contract/uploads';
import type { FileStorage, ReceivedUpload } from '../../adapters/storage/file-storage';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { findUpload, insertUpload } from './uploads.repository';

export function createUploadsService({ db, clock, storage }: { db: Db; clock: Clock; storage: FileStorage }) {
  return {
    /** Spec §7: a signed form for one image of the caller's, under a fresh unguessable key. */
    async generateUploadForm({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: GenerateFileUploadUrlBody;
    }): Promise<FileUploadForm> {
      // 128 bits of randomness: the key is what lets a browser read the file (decision 019).
      const key = `${caller.partnerId}/${payload.purpose}/${randomBytes(16).toString('base64url')}.${uploadContentTypes[payload.contentType]}`;
      const expiresAt = new Date(clock().getTime() + uploadFormLifetimeSeconds * 1000);
      await insertUpload(db, {
        key,
        partner_id: caller.partnerId,
        purpose: payload.purpose,
        file_name: payload.fileName,
        content_type: payload.contentType,
        expires_at: expiresAt,
      });
      const form = await storage.createUploadForm({
        key,
        contentType: payload.contentType,
        maxBytes: maxUploadBytes,
        expiresAt,
      });
      return { ...form, key };
    },

    /** Whether this server receives the uploads itself (the local storage) or they go elsewhere (S3). */
    receivesUploads: storage.receiveUpload !== undefined,

    /** The local storage's POST endpoint: 204 once the file is checked and stored. */
    async receiveUpload(upload: ReceivedUpload): Promise<void> {
      if (!storage.receiveUpload) throw notFound('Upload endpoint');
      await storage.receiveUpload(upload);
    },

    /** The stored file for an <img src>; any well-formed key, since knowing it is the permission. */
    async readFile({ key }: { key: string }) {
      const file = uploadKeyPattern.test(key) ? await storage.read(key) : undefined;
      if (!file) throw notFound('File');
      return { file, contentType: contentTypeOf(key) };
    },

    /**
     * An image the caller uploaded for `purpose`: the key must be the caller's (404 otherwise)
     * and its bytes must have arrived (422). The image calls keep only such keys.
     */
    async requireUploadedImage({
      partnerId,
      key,
      purpose,
    }: {
      partnerId: string;
      key: string;
      purpose: UploadPurpose;
    }): Promise<void> {
      const upload = await findUpload(db, partnerId, key);
      if (!upload) throw notFound('Image');
      if (upload.purpose !== purpose) throw new AppError('BUSINESS_RULE', uploadMessages.wrongPurpose);
      if ((await storage.uploadedSize(key)) === undefined) {
        throw new AppError('BUSINESS_RULE', uploadMessages.notUploaded);
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/** The key's extension was chosen from the checked type when the form was signed. */
function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const found = Object.entries(uploadContentTypes).find(([, ext]) => ext === extension);
  return found?.[0] ?? 'application/octet-stream';
}
