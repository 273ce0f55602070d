import type { UploadPurpose } from '@vaidya/contract/uploads';
import { imageBytes, multipartBody } from '../src/adapters/storage/upload-fixtures';
import type { SignedInPartner } from './partners';
import type { TestApp } from './test-app';

/**
 * A key of `clinic`'s for `purpose`, a PNG posted to its signed form as the web app posts it:
 * what an image call (a signature, a layout image) is then given.
 */
export async function uploadedImage(
  t: Pick<TestApp, 'app'>,
  clinic: SignedInPartner,
  purpose: UploadPurpose,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/generate-file-upload-url',
    headers: clinic.headers,
    payload: { fileName: 'image.png', contentType: 'image/png', purpose },
  });
  const { fields, key } = response.json().data as { fields: Record<string, string>; key: string };
  const { payload, contentType } = multipartBody(fields, {
    fileName: 'image.png',
    contentType: 'image/png',
    bytes: imageBytes.png(),
  });
  const stored = await t.app.inject({
    method: 'POST',
    url: '/api/public/uploads',
    headers: { 'content-type': contentType },
    payload,
  });
  if (stored.statusCode !== 204) throw new Error(`the upload answered ${stored.statusCode}: ${stored.body}`);
  return key;
}
