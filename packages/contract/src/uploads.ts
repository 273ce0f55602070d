import { z } from 'zod';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { requiredText } from './text';

/** What an uploaded image is for; the key names it, and each image call takes only its own. */
export const uploadPurposes = [
  'profile-image',
  'location-image',
  'consultation-header',
  'consultation-signature',
  'consultation-footer',
] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** The images a clinic may upload, each with the extension its stored name gets. */
export const uploadContentTypes = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type UploadContentType = keyof typeof uploadContentTypes;

/** The largest file an upload form accepts. */
export const maxUploadBytes = 5 * 1024 * 1024;

/** What a file picker offers: the types the server takes (its `accept` attribute). */
export const acceptedImageTypes = Object.keys(uploadContentTypes).join(',');

/** How long a form posting to this server stays usable (an S3 form lasts 5 minutes, decision 019). */
export const uploadFormLifetimeSeconds = 15 * 60;

/** The largest image accepted: on each side, and in all (a browser must be able to show it). */
export const maxImageSide = 16_384;
export const maxImageMegapixels = 64;

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

/** Where a browser shows a stored file: an <img src> needs no token, the key is unguessable (decision 019). */
export const fileUrlPrefix = '/api/public/files/';
export const fileUrl = (key: string) => `${fileUrlPrefix}${key}`;

/** The rule an image must meet, as every refusal of a file by its type or size states it. */
const imageRule = `Please choose a PNG, JPEG, WebP or GIF image of at most ${megabytes(maxUploadBytes)}.`;

export const uploadMessages = {
  invalidContentType: imageRule,
  invalidPurpose: `Purpose must be one of: ${uploadPurposes.join(', ')}`,
  /** Spec §8: what the screens say when the upload POST does not answer 204. */
  uploadFailed: 'File upload failed.',
  /** The same, followed by the reason our own upload endpoint gave. */
  uploadFailedBecause: (reason: string) => `File upload failed. ${reason}`,
  formInvalid: 'This upload form is not valid. Please try uploading again.',
  formExpired: 'This upload form has expired. Please try uploading again.',
  tooLarge: `The file is larger than ${megabytes(maxUploadBytes)}. ${imageRule}`,
  empty: 'The file is empty. Please choose an image.',
  notAnImage: 'The file is not a PNG, JPEG, WebP or GIF image.',
  notTheDeclaredType: 'The file’s content does not match its type. Please choose the image again.',
  notUploaded: 'The image has not been uploaded yet. Please upload it again.',
  wrongPurpose: 'This image was uploaded for another use. Please upload it again.',
  damaged: 'The image is damaged or incomplete. Please choose the image again.',
  tooManyPixels: `The image is too large: at most ${maxImageSide} pixels a side and ${maxImageMegapixels} megapixels. Please choose a smaller image.`,
  alreadyUploaded: 'This upload form was already used. Please upload the image again.',
  quotaReached: (quotaBytes: number) =>
    `Your clinic’s images may take up at most ${megabytes(quotaBytes)} of storage, and this one does not fit. Please contact us to raise the limit.`,
  dailyLimitReached: (perDay: number) =>
    `Your clinic can upload at most ${perDay} images a day. Please try again tomorrow.`,
} as const;

/**
 * Why a chosen file cannot be uploaded, checked in the browser before any byte is sent:
 * its type is not one the server takes, or it is larger than the limit. Undefined when
 * it may be sent (the server checks the bytes themselves again).
 */
export function imageFileRefusal(file: { type: string; size: number }): string | undefined {
  if (!Object.hasOwn(uploadContentTypes, file.type)) return uploadMessages.invalidContentType;
  if (file.size > maxUploadBytes) return uploadMessages.tooLarge;
  if (file.size === 0) return uploadMessages.empty;
  return undefined;
}

export const generateFileUploadUrlBody = z.object({
  fileName: requiredText({ label: 'File name', max: 255 }),
  contentType: z.enum(Object.keys(uploadContentTypes) as [UploadContentType, ...UploadContentType[]], {
    error: uploadMessages.invalidContentType,
  }),
  purpose: z.enum(uploadPurposes, { error: uploadMessages.invalidPurpose }),
});
export type GenerateFileUploadUrlBody = z.infer<typeof generateFileUploadUrlBody>;

/**
 * A signed form: post `fields` and then the file (as the last part, named `file`) as
 * multipart/form-data to `url`; 204 means stored. `key` is what the image calls take.
 */
export const fileUploadFormSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
});
export type FileUploadForm = z.infer<typeof fileUploadFormSchema>;
export const fileUploadFormResponse = dataEnvelope(fileUploadFormSchema);

/**
 * The multipart/form-data body posted to this server's own upload endpoint, as the OpenAPI
 * document tells it: the signed form's `fields` as they were given, then the file.
 */
export const postedUploadFormSchema = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The image, as the last part' }),
  })
  .catchall(z.string().meta({ description: 'Each of the signed form’s fields, as given' }));

/**
 * The upload calls written once (decision 039). The form is then posted to its own `url`
 * (this server's `/public/uploads` or S3), and a stored image is read by `fileUrl`.
 */
export const uploadEndpoints = {
  uploadForm: endpoint({
    method: 'POST',
    path: '/generate-file-upload-url',
    summary: 'A signed multipart form to upload one image with, and the key the image calls then take',
    tags: ['uploads'],
    access: 'signed-in',
    body: generateFileUploadUrlBody,
    response: fileUploadFormResponse,
    // 413 when the clinic's storage is full, 429 past its uploads of the day.
    refusals: [413, 429],
  }),
};

/**
 * A key as the server makes them: `<partner id>/<purpose>/<22+ random base64url characters>.<ext>`.
 * Anything else is not a file of ours, whatever it claims.
 */
export const uploadKeyPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(profile-image|location-image|consultation-header|consultation-signature|consultation-footer)\/[A-Za-z0-9_-]{22,64}\.(png|jpg|webp|gif)$/;

export const uploadKeySchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(uploadKeyPattern, `${label} must be a key returned by generate-file-upload-url`);
