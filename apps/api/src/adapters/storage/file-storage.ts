import type { Readable } from 'node:stream';
import type { UploadContentType } from '@vaidya/contract/uploads';

/** What a signed upload form allows: one key, one declared type, until it expires. */
export interface UploadGrant {
  key: string;
  contentType: UploadContentType;
  maxBytes: number;
  expiresAt: Date;
}

/** A multipart POST the browser sends straight to the storage: `fields` first, then the file. */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

/** How a browser gets a stored file: its bytes from this process, or a redirect to where they are. */
export type StoredFileRead =
  | { kind: 'bytes'; body: Readable; size: number }
  | { kind: 'redirect'; url: string };

/** A multipart body as it reached our own upload endpoint. */
export interface ReceivedUpload {
  contentType: string | undefined;
  body: Buffer;
}

/**
 * The storage port (spec §7 "File upload"). The default keeps files on this machine's
 * disk behind our own signed endpoint; with S3_BUCKET set they go to S3 by a presigned POST.
 */
export interface FileStorage {
  createUploadForm(grant: UploadGrant): Promise<UploadForm>;
  /** The stored file's size in bytes, or undefined when nothing was uploaded under the key. */
  uploadedSize(key: string): Promise<number | undefined>;
  /** Undefined when the storage knows nothing is stored under the key (S3 redirects, and answers 404 itself). */
  read(key: string): Promise<StoredFileRead | undefined>;
  /**
   * Present when the forms post to this server (`POST /api/public/uploads`): checks the
   * form's signature, expiry, size and the file's real type, then stores it.
   */
  receiveUpload?(upload: ReceivedUpload): Promise<void>;
}
