import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type UploadContentType, type UploadPurpose, uploadMessages } from '@vaidya/contract/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type FakeS3, fakeS3Bucket, startFakeS3 } from '../../adapters/storage/fake-s3';
import { createS3FileStorage } from '../../adapters/storage/s3-file-storage';
import { imageBytes, multipartBody } from '../../adapters/storage/upload-fixtures';
import { defaultUsageLimits } from '../../config';
import { uploads } from '../../db/schema';

const extensionOf: Record<UploadContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** A GIF's first bytes, then a page: what a sniffer of first bytes took for an image. */
const gifHeaderThenHtml = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
]);

const megabyte = 1024 * 1024;

/** What every upload test needs of the app: a signed form, the image calls and the stored rows. */
function uploadCalls(t: () => TestApp) {
  const generate = async (
    clinic: SignedInPartner,
    {
      contentType = 'image/png',
      purpose = 'profile-image',
    }: { contentType?: UploadContentType; purpose?: UploadPurpose } = {},
  ) =>
    t().app.inject({
      method: 'POST',
      url: '/api/generate-file-upload-url',
      headers: clinic.headers,
      payload: { fileName: `photo.${extensionOf[contentType]}`, contentType, purpose },
    });
  const form = async (clinic: SignedInPartner, options: Parameters<typeof generate>[1] = {}) => {
    const response = await generate(clinic, options);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { url: string; fields: Record<string, string>; key: string };
  };
  const addProfileImage = (clinic: SignedInPartner, key: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/v2/add-profile-image',
      headers: clinic.headers,
      payload: { profileImage: key },
    });
  const serve = (key: string) => t().app.inject({ method: 'GET', url: `/api/public/files/${key}` });
  const row = async (key: string) => {
    const [found] = await t()
      .database.db.select({ stored_at: uploads.stored_at, size_bytes: uploads.size_bytes })
      .from(uploads)
      .where(eq(uploads.key, key));
    return found;
  };
  /** A file of `bytes` this clinic already keeps, as if uploaded earlier: what the quota counts. */
  const alreadyStored = async (clinic: SignedInPartner, sizeBytes: number) => {
    await t()
      .database.db.insert(uploads)
      .values({
        key: `${clinic.partnerId}/profile-image/${Math.random().toString(36).slice(2).padEnd(22, 'q')}.png`,
        partner_id: clinic.partnerId,
        purpose: 'profile-image',
        file_name: 'earlier.png',
        content_type: 'image/png',
        expires_at: t().clock.now(),
        stored_at: t().clock.now(),
        size_bytes: sizeBytes,
      });
  };
  return { generate, form, addProfileImage, serve, row, alreadyStored };
}

describe('uploads to the local storage: checked once, within the quota and the daily limit', () => {
  let t: TestApp;
  let clinic: SignedInPartner;
  const calls = uploadCalls(() => t);
  const { form, generate, addProfileImage, serve, row, alreadyStored } = calls;
  beforeAll(async () => {
    t = await createTestApp();
    clinic = await createSignedInPartner(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (fields: Record<string, string>, bytes: Buffer, contentType = 'image/png') => {
    const body = multipartBody(fields, { fileName: 'photo', contentType, bytes });
    return t.app.inject({
      method: 'POST',
      url: '/api/public/uploads',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('accepts a complete PNG, JPEG, WebP and GIF, records its size and when it was stored, and serves it', async () => {
    for (const [contentType, bytes] of [
      ['image/png', imageBytes.png(4096)],
      ['image/jpeg', imageBytes.jpeg(70_000)],
      ['image/webp', imageBytes.webp()],
      ['image/gif', imageBytes.gif()],
    ] as const) {
      const { fields, key } = await form(clinic, { contentType });
      const stored = await post(fields, bytes, contentType);
      expect(stored.statusCode, `${contentType}: ${stored.body}`).toBe(204);
      expect(await row(key)).toEqual({ stored_at: t.clock.now(), size_bytes: bytes.length });
      const served = await serve(key);
      expect(served.headers['content-type']).toBe(contentType);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('takes one file per form: posting to it again is refused with 409 and the stored file stays as it was', async () => {
    const { fields, key } = await form(clinic);
    const first = imageBytes.png(2048);
    expect((await post(fields, first)).statusCode).toBe(204);
    const again = await post(fields, imageBytes.png(3000));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: uploadMessages.alreadyUploaded });
    expect((await serve(key)).rawPayload.equals(first)).toBe(true);
    expect((await row(key))?.size_bytes).toBe(2048);
  });

  it('refuses a GIF header followed by HTML with 415, and the image calls then refuse its key', async () => {
    const { fields, key } = await form(clinic, { contentType: 'image/gif' });
    const refused = await post(fields, gifHeaderThenHtml, 'image/gif');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(uploadMessages.damaged);
    const added = await addProfileImage(clinic, key);
    expect(added.statusCode).toBe(422);
    expect(added.json().message).toBe(uploadMessages.notUploaded);
    expect((await serve(key)).statusCode).toBe(404);
    expect(await row(key)).toEqual({ stored_at: null, size_bytes: null });
  });

  it('keeps a complete GIF without what was appended after its end', async () => {
    const { fields, key } = await form(clinic, { contentType: 'image/gif' });
    const stored = await post(
      fields,
      Buffer.concat([imageBytes.gif(), Buffer.from('<html>hi</html>')]),
      'image/gif',
    );
    expect(stored.statusCode).toBe(204);
    expect((await serve(key)).rawPayload.equals(imageBytes.gif())).toBe(true);
    expect((await row(key))?.size_bytes).toBe(imageBytes.gif().length);
  });

  it('refuses a truncated PNG, a damaged one and one too large to show, with 415', async () => {
    const png = imageBytes.png(4096);
    const damaged = Buffer.from(png);
    damaged[100] = (damaged[100] ?? 0) ^ 0xff;
    const tooWide = imageBytes.png(4096, { width: 20_000, height: 1 });
    for (const [bytes, message] of [
      [png.subarray(0, 4000), uploadMessages.damaged],
      [damaged, uploadMessages.damaged],
      [tooWide, uploadMessages.tooManyPixels],
    ] as const) {
      const { fields, key } = await form(clinic);
      const refused = await post(fields, bytes);
      expect(refused.statusCode).toBe(415);
      expect(refused.json().message).toBe(message);
      expect((await row(key))?.stored_at).toBeNull();
    }
  });

  it('keeps each clinic within 500 MB: an upload past it is refused with 413 naming the limit, and so is a form once it is full', async () => {
    const nearlyFull = await createSignedInPartner(t);
    await alreadyStored(nearlyFull, defaultUsageLimits.uploadQuotaBytes - 1000);
    const { fields, key } = await form(nearlyFull);
    const refused = await post(fields, imageBytes.png(4096));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(
      'Your clinic’s images may take up at most 500 MB of storage, and this one does not fit. Please contact us to raise the limit.',
    );
    expect(await row(key)).toEqual({ stored_at: null, size_bytes: null });
    expect((await serve(key)).statusCode).toBe(404);

    const small = await form(nearlyFull);
    expect((await post(small.fields, imageBytes.png(1000))).statusCode).toBe(204);
    const full = await generate(nearlyFull);
    expect(full.statusCode).toBe(413);
    expect(full.json().message).toBe(uploadMessages.quotaReached(defaultUsageLimits.uploadQuotaBytes));
    // Another clinic's room is its own.
    expect((await generate(clinic)).statusCode).toBe(200);
  });

  it('checks a file stored before uploads were checked on first use: a good one keeps working, even past the quota, a bad one is removed', async () => {
    const earlier = await createSignedInPartner(t);
    const good = await form(earlier);
    const bytes = imageBytes.png(5000);
    expect((await post(good.fields, bytes)).statusCode).toBe(204);
    expect((await addProfileImage(earlier, good.key)).statusCode).toBe(200);
    const alsoGood = await form(earlier, { purpose: 'location-image' });
    expect((await post(alsoGood.fields, imageBytes.png(600))).statusCode).toBe(204);
    // As the rows of files uploaded before stored_at existed, on a clinic already at its quota.
    for (const key of [good.key, alsoGood.key]) {
      await t.database.db
        .update(uploads)
        .set({ stored_at: null, size_bytes: null })
        .where(eq(uploads.key, key));
    }
    await alreadyStored(earlier, defaultUsageLimits.uploadQuotaBytes);
    const served = await serve(good.key);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(await row(good.key)).toEqual({ stored_at: t.clock.now(), size_bytes: 5000 });

    const addedLater = await t.app.inject({
      method: 'POST',
      url: '/api/v2/add-location-image',
      headers: earlier.headers,
      payload: { locationId: earlier.locationId, locationImage: alsoGood.key },
    });
    expect(addedLater.statusCode).toBe(200);
    expect((await row(alsoGood.key))?.size_bytes).toBe(600);

    const bad = await form(clinic, { contentType: 'image/gif' });
    const path = join(t.uploadsDir, bad.key);
    writeFileSync(path, gifHeaderThenHtml, { flag: 'w' });
    expect((await serve(bad.key)).statusCode).toBe(404);
    expect(existsSync(path)).toBe(false);
    expect((await addProfileImage(clinic, bad.key)).statusCode).toBe(422);
  });
  it('hands a clinic at most 100 upload forms a day: the 101st is refused with 429 until the next day', async () => {
    const busy = await createSignedInPartner(t);
    for (let upload = 1; upload <= 100; upload += 1) {
      expect((await generate(busy)).statusCode).toBe(200);
    }
    const refused = await generate(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Your clinic can upload at most 100 images a day. Please try again tomorrow.',
    );
    expect((await generate(clinic)).statusCode).toBe(200);
    // The next day, with an id token issued then (they last an hour).
    t.clock.advance(24 * 60 * 60 * 1000);
    const { idToken } = await t.tokens.issue({ ...busy, authTime: t.clock.now() });
    expect((await generate({ ...busy, headers: { authorization: `Bearer ${idToken}` } })).statusCode).toBe(
      200,
    );
  });
});

describe('uploads to S3: the server checks the posted object on first use', () => {
  let t: TestApp;
  let s3: FakeS3;
  let clinic: SignedInPartner;
  const { form, addProfileImage, serve, row, alreadyStored } = uploadCalls(() => t);
  beforeAll(async () => {
    // Both read the test app's clock, which a test may move.
    const now = () => t.clock.now();
    s3 = await startFakeS3(now);
    t = await createTestApp({
      storage: createS3FileStorage({ ...fakeS3Bucket, endpoint: s3.endpoint, clock: now }),
    });
    clinic = await createSignedInPartner(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  /** Posts the form to the fake S3 as a browser does. */
  const postToS3 = async (clinicForm: { url: string; fields: Record<string, string> }, bytes: Buffer) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(clinicForm.fields)) body.append(name, value);
    body.append('file', new Blob([new Uint8Array(bytes)]), 'photo');
    const response = await fetch(clinicForm.url, { method: 'POST', body });
    expect(response.status).toBe(204);
  };

  it('has no upload endpoint of its own, and its forms last 5 minutes', async () => {
    const { fields } = await form(clinic);
    const policy = JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString()) as {
      expiration: string;
    };
    expect(Date.parse(policy.expiration) - t.clock.now().getTime()).toBe(5 * 60 * 1000);
    const local = await t.app.inject({ method: 'POST', url: '/api/public/uploads', payload: {} });
    expect(local.statusCode).toBe(404);
  });

  it('an image call fetches the posted object, checks it, keeps it under its key and records its size; the form used again changes nothing served', async () => {
    const clinicForm = await form(clinic);
    const bytes = imageBytes.png(3000);
    await postToS3(clinicForm, bytes);
    expect((await addProfileImage(clinic, clinicForm.key)).statusCode).toBe(200);
    expect(await row(clinicForm.key)).toEqual({ stored_at: t.clock.now(), size_bytes: 3000 });
    expect(s3.objects.has(`incoming/${clinicForm.key}`)).toBe(false);
    expect(s3.objects.get(clinicForm.key)?.bytes.equals(bytes)).toBe(true);

    await postToS3(clinicForm, gifHeaderThenHtml);
    const served = await serve(clinicForm.key);
    expect(served.statusCode).toBe(302);
    const fetched = await fetch(served.headers.location as string);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await row(clinicForm.key))?.size_bytes).toBe(3000);
  });

  it('deletes a bad object and answers 415; the key is then not usable', async () => {
    const clinicForm = await form(clinic, { contentType: 'image/gif' });
    await postToS3(clinicForm, gifHeaderThenHtml);
    const refused = await addProfileImage(clinic, clinicForm.key);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(uploadMessages.damaged);
    expect(s3.objects.has(`incoming/${clinicForm.key}`)).toBe(false);
    expect(s3.objects.has(clinicForm.key)).toBe(false);
    expect(await row(clinicForm.key)).toEqual({ stored_at: null, size_bytes: null });
    expect((await addProfileImage(clinic, clinicForm.key)).statusCode).toBe(422);
    expect((await serve(clinicForm.key)).statusCode).toBe(404);
  });

  it('counts the quota when the object is accepted, and deletes one that does not fit', async () => {
    const nearlyFull = await createSignedInPartner(t);
    await alreadyStored(nearlyFull, defaultUsageLimits.uploadQuotaBytes - 1000);
    const clinicForm = await form(nearlyFull);
    await postToS3(clinicForm, imageBytes.png(2000));
    const refused = await addProfileImage(nearlyFull, clinicForm.key);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(uploadMessages.quotaReached(megabyte * 500));
    expect(s3.objects.has(`incoming/${clinicForm.key}`)).toBe(false);
  });

  it('checks an object stored under its key before uploads were checked, on first use', async () => {
    const clinicForm = await form(clinic);
    const bytes = imageBytes.jpeg(1500);
    s3.objects.set(clinicForm.key, { bytes: imageBytes.png(800), contentType: 'image/png' });
    const served = await serve(clinicForm.key);
    expect(served.statusCode).toBe(302);
    expect((await row(clinicForm.key))?.size_bytes).toBe(800);

    const declaredPng = await form(clinic);
    s3.objects.set(declaredPng.key, { bytes, contentType: 'image/png' });
    const refused = await addProfileImage(clinic, declaredPng.key);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(uploadMessages.notTheDeclaredType);
    expect(s3.objects.has(declaredPng.key)).toBe(false);
  });
});
