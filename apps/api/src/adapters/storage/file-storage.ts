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

/** A file posted with a valid form to our own endpoint: its bytes are not checked as an image yet. */
export interface PostedFile {
  key: string;
  contentType: UploadContentType;
  bytes: Buffer;
}

/**
 * Bytes the storage holds for a key that has not been accepted yet: posted by a browser
 * straight to the storage (S3), or stored before the server checked uploads (`legacy`).
 */
export interface UncheckedFile {
  /** At most the limit asked for plus one byte, so a file over it is recognised. */
  bytes: Buffer;
  legacy: boolean;
  /** Deletes these bytes: they were refused. */
  discard(): Promise<void>;
}

/**
 * The storage port (spec §7 "File upload"). The default keeps files on this machine's
 * disk behind our own signed endpoint; with S3_BUCKET set they go to S3 by a presigned POST.
 * Either way only bytes the uploads service checked are ever kept under a key (decision 019).
 */
export interface FileStorage {
  /** How long the forms it signs stay usable. */
  formLifetimeSeconds: number;
  createUploadForm(grant: UploadGrant): Promise<UploadForm>;
  /**
   * Present when the forms post to this server (`POST /api/public/uploads`): checks the
   * form's signature, expiry, fields and size, and answers the file it carries.
   */
  openPostedForm?(upload: ReceivedUpload): Promise<PostedFile>;
  /** What is stored for a key not accepted yet, reading at most `maxBytes + 1` bytes; undefined when nothing is. */
  readUnchecked(key: string, maxBytes: number): Promise<UncheckedFile | undefined>;
  /** Stores checked bytes as the file served under the key, in place of anything unchecked there. */
  keep(key: string, bytes: Buffer, contentType: UploadContentType): Promise<void>;
  /** Undefined when the storage knows nothing is stored under the key (S3 redirects, and answers 404 itself). */
  read(key: string): Promise<StoredFileRead | undefined>;
}
