import {
  type FileUploadForm,
  imageFileRefusal,
  type UploadContentType,
  type UploadPurpose,
  uploadEndpoints,
  uploadMessages,
} from '@vaidya/contract/uploads';
import { ApiError, callApi } from './api-client';

/** Posts the signed form's fields and then the file, last and named `file`, as the storage requires. */
async function postSignedForm(form: FileUploadForm, file: File): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(form.url, { method: 'POST', body });
  } catch (error) {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: uploadMessages.uploadFailed,
      cause: error,
    });
  }
  // Spec §8: only 204 means the storage kept the file.
  if (response.status !== 204) {
    // Our own endpoint says why (a damaged image, the clinic's storage full); S3's XML says nothing a clinic can act on.
    const reason: unknown = await response.json().then(
      (body: { message?: unknown } | null) => body?.message,
      () => undefined,
    );
    throw new ApiError({
      status: response.status,
      code: 'UPLOAD_FAILED',
      message:
        typeof reason === 'string' ? uploadMessages.uploadFailedBecause(reason) : uploadMessages.uploadFailed,
    });
  }
}

/**
 * Uploads one image for `purpose` and answers the key the image calls take. A file of a
 * type the server does not take, or over the size limit, is refused here, before any
 * request, with the sentence that states the limit and the accepted types.
 */
export async function uploadImage(file: File, purpose: UploadPurpose): Promise<string> {
  const refusal = imageFileRefusal(file);
  if (refusal) throw new Error(refusal);
  const { data: form } = await callApi(uploadEndpoints.uploadForm, {
    body: { fileName: file.name, contentType: file.type as UploadContentType, purpose },
  });
  await postSignedForm(form, file);
  return form.key;
}
