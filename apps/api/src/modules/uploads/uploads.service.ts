import { randomBytes } from 'node:crypto';
import {
  type FileUploadForm,
  type GenerateFileUploadUrlBody,
  maxUploadBytes,
  type UploadContentType,
  type UploadPurpose,
  uploadContentTypes,
  uploadKeyPattern,
  uploadMessages,
} from '@vaidya/contract/uploads';
import type { FileStorage, ReceivedUpload } from '../../adapters/storage/file-storage';
import { checkImage } from '../../adapters/storage/image-check';
import type { Clock } from '../../clock';
import type { UsageLimits } from '../../config';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import type { UsageLimit, UsageLimiter } from '../usage-limits/usage-limits.service';
import {
  findUpload,
  findUploadByKey,
  insertUpload,
  lockPartnerUploads,
  markStored,
  storedBytes,
  type UploadRow,
} from './uploads.repository';

/**
 * Signed upload forms, and the one rule for what a key may serve: bytes checked as a
 * complete image of the declared type, accepted once, within the clinic's storage quota
 * (decision 019). Posted to our own endpoint they are checked as they arrive; posted to
 * S3, or stored before uploads were checked, on first use (an image call, or a read).
 */
export function createUploadsService({
  db,
  clock,
  storage,
  usageLimiter,
  limits,
}: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  usageLimiter: UsageLimiter;
  limits: Pick<UsageLimits, 'uploadQuotaBytes' | 'uploadsPerDay'>;
}) {
  const dailyUploads: UsageLimit = {
    scope: 'uploads-per-partner',
    max: limits.uploadsPerDay,
    per: 'day',
    refusal: uploadMessages.dailyLimitReached(limits.uploadsPerDay),
  };
  const quotaReached = () =>
    new AppError('PAYLOAD_TOO_LARGE', uploadMessages.quotaReached(limits.uploadQuotaBytes));

  /**
   * Keeps checked bytes under the upload's key unless it was accepted before (false). A new
   * file must fit the quota; one stored before checks existed is already there and is only
   * recorded. The bytes are put in place before the transaction that records them commits,
   * and the clinic's uploads are locked meanwhile, so two at once cannot both fit the last
   * of the quota.
   */
  const keepChecked = (upload: UploadRow, bytes: Buffer, { legacy }: { legacy: boolean }) =>
    db.transaction(async (tx) => {
      await lockPartnerUploads(tx, upload.partner_id);
      if (!(await markStored(tx, upload.key, bytes.length, clock()))) return false;
      if (!legacy && (await storedBytes(tx, upload.partner_id)) > limits.uploadQuotaBytes) {
        throw quotaReached();
      }
      await storage.keep(upload.key, bytes, upload.content_type as UploadContentType);
      return true;
    });

  /** First use of a key whose bytes went straight to the storage: fetched, checked, kept, or deleted. */
  const acceptUnchecked = async (upload: UploadRow) => {
    const file = await storage.readUnchecked(upload.key, maxUploadBytes);
    if (!file) throw new AppError('BUSINESS_RULE', uploadMessages.notUploaded);
    try {
      const image = checkedImage(file.bytes, upload.content_type as UploadContentType);
      // False when a request at the same moment accepted the key: it is accepted either way.
      await keepChecked(upload, image, { legacy: file.legacy });
    } catch (error) {
      if (error instanceof AppError) await file.discard();
      throw error;
    }
  };

  return {
    /** Spec §7: a signed form for one image of the caller's, under a fresh unguessable key. */
    async generateUploadForm({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: GenerateFileUploadUrlBody;
    }): Promise<FileUploadForm> {
      if ((await storedBytes(db, caller.partnerId)) >= limits.uploadQuotaBytes) throw quotaReached();
      // 128 bits of randomness: the key is what lets a browser read the file (decision 019).
      const key = `${caller.partnerId}/${payload.purpose}/${randomBytes(16).toString('base64url')}.${uploadContentTypes[payload.contentType]}`;
      const expiresAt = new Date(clock().getTime() + storage.formLifetimeSeconds * 1000);
      await db.transaction(async (tx) => {
        await usageLimiter.take(dailyUploads, caller.partnerId, tx, caller.partnerId);
        await insertUpload(tx, {
          key,
          partner_id: caller.partnerId,
          purpose: payload.purpose,
          file_name: payload.fileName,
          content_type: payload.contentType,
          expires_at: expiresAt,
        });
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
    receivesUploads: storage.openPostedForm !== undefined,

    /** The local storage's POST endpoint: 204 once the file is checked and kept; a key takes one file. */
    async receiveUpload(received: ReceivedUpload): Promise<void> {
      if (!storage.openPostedForm) throw notFound('Upload endpoint');
      const posted = await storage.openPostedForm(received);
      const upload = await findUploadByKey(db, posted.key);
      if (!upload) throw new AppError('FORBIDDEN', uploadMessages.formInvalid);
      const alreadyUploaded = new AppError('CONFLICT', uploadMessages.alreadyUploaded);
      if (upload.stored_at) throw alreadyUploaded;
      const image = checkedImage(posted.bytes, posted.contentType);
      if (!(await keepChecked(upload, image, { legacy: false }))) throw alreadyUploaded;
    },

    /** The stored file for an <img src>; any well-formed key, since knowing it is the permission. */
    async readFile({ key }: { key: string }) {
      const upload = uploadKeyPattern.test(key) ? await findUploadByKey(db, key) : undefined;
      if (!upload) throw notFound('File');
      if (!upload.stored_at) {
        try {
          await acceptUnchecked(upload);
        } catch (error) {
          if (error instanceof AppError) throw notFound('File');
          throw error;
        }
      }
      const file = await storage.read(key);
      if (!file) throw notFound('File');
      return { file, contentType: upload.content_type };
    },

    /**
     * An image the caller uploaded for `purpose`: the key must be the caller's (404 otherwise),
     * and its bytes must have arrived (422) and be a complete image of its type (415, and
     * they are deleted). The image calls keep only such keys.
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
      if (!upload.stored_at) await acceptUnchecked(upload);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

/** The image in `bytes`, up to its end, when they hold a complete one of the declared type. */
function checkedImage(bytes: Buffer, declared: UploadContentType): Buffer {
  if (bytes.length > maxUploadBytes) throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge);
  const image = checkImage(bytes);
  if (image.kind === 'not-an-image') throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notAnImage);
  if (image.type !== declared) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.notTheDeclaredType);
  }
  if (image.kind === 'damaged') throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.damaged);
  if (image.kind === 'too-many-pixels') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.tooManyPixels);
  }
  // What follows the image's end (a camera's trailer, or anything appended) is not kept.
  return bytes.subarray(0, image.length);
}
