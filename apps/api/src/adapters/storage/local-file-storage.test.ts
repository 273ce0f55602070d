import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxUploadBytes, uploadFormLifetimeSeconds } from '@vaidya/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createLocalFileStorage } from './local-file-storage';
import { imageBytes, multipartBody } from './upload-fixtures';

/** The default storage end to end: a signed form from the API, posted back to our own endpoint. */
describe('local uploads: POST /api/generate-file-upload-url, POST /api/public/uploads, GET /api/public/files', () => {
  let t: TestApp;
  let clinic: SignedInPartner;
  beforeAll(async () => {
    t = await createTestApp();
    clinic = await createSignedInPartner(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const generate = async (body: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/generate-file-upload-url',
      headers: clinic.headers,
      payload: { fileName: 'front desk.png', contentType: 'image/png', purpose: 'profile-image', ...body },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { url: string; fields: Record<string, string>; key: string };
  };

  const post = (
    fields: Record<string, string>,
    file: { fileName?: string; contentType?: string; bytes: Buffer } | undefined,
  ) => {
    const { payload, contentType } = multipartBody(
      fields,
      file && { fileName: 'photo.png', contentType: 'image/png', ...file },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/public/uploads',
      headers: { 'content-type': contentType },
      payload,
    });
  };

  it('hands out a form for the caller’s own folder and stores a real image with 204, served without a token', async () => {
    const form = await generate();
    expect(form.url).toBe('/api/public/uploads');
    expect(form.key).toMatch(new RegExp(`^${clinic.partnerId}/profile-image/[A-Za-z0-9_-]{22}\\.png$`));
    expect(form.fields.key).toBe(form.key);
    const bytes = imageBytes.png(4096);
    const upload = await post(form.fields, { bytes });
    expect(upload.statusCode).toBe(204);

    const served = await t.app.inject({ method: 'GET', url: `/api/public/files/${form.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a form whose signature, policy or fields were changed', async () => {
    const form = await generate();
    const bytes = imageBytes.png();
    const signature = Buffer.from(form.fields.signature ?? '', 'base64url');
    signature[0] = (signature[0] ?? 0) ^ 0xff;
    const flipped = signature.toString('base64url');
    expect((await post({ ...form.fields, signature: flipped }, { bytes })).statusCode).toBe(403);

    const policy = JSON.parse(Buffer.from(form.fields.policy ?? '', 'base64url').toString());
    const bigger = Buffer.from(JSON.stringify({ ...policy, maxBytes: maxUploadBytes * 10 })).toString(
      'base64url',
    );
    expect((await post({ ...form.fields, policy: bigger }, { bytes })).statusCode).toBe(403);

    const elsewhere = form.key.replace('/profile-image/', '/location-image/');
    expect((await post({ ...form.fields, key: elsewhere }, { bytes })).statusCode).toBe(403);
    const { signature: _left, ...unsigned } = form.fields;
    expect((await post(unsigned, { bytes })).statusCode).toBe(403);

    const missing = await t.app.inject({ method: 'GET', url: `/api/public/files/${form.key}` });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a form after its 15 minutes', async () => {
    const form = await generate();
    t.clock.advance(uploadFormLifetimeSeconds * 1000 + 1000);
    try {
      const response = await post(form.fields, { bytes: imageBytes.png() });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('This upload form has expired. Please try uploading again.');
    } finally {
      t.clock.advance(-(uploadFormLifetimeSeconds * 1000 + 1000));
    }
  });

  it('refuses a file over 5 MB and an empty one', async () => {
    const form = await generate();
    const tooLarge = await post(form.fields, { bytes: imageBytes.png(maxUploadBytes + 1) });
    expect(tooLarge.statusCode).toBe(413);
    expect((await post(form.fields, { bytes: Buffer.alloc(0) })).statusCode).toBe(400);
    expect((await post(form.fields, { bytes: imageBytes.png(maxUploadBytes) })).statusCode).toBe(204);
  });

  it('sniffs the content: a .png name holding text, or a JPEG declared as PNG, is refused', async () => {
    const form = await generate();
    const text = await post(form.fields, {
      fileName: 'photo.png',
      bytes: Buffer.from('<script>alert(1)</script>'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('The file is not a PNG, JPEG, WebP or GIF image.');
    const jpeg = await post(form.fields, { bytes: imageBytes.jpeg() });
    expect(jpeg.statusCode).toBe(415);
    expect(jpeg.json().message).toBe(
      'The file’s content does not match its type. Please choose the image again.',
    );
  });

  it('answers bad bodies with 400: no file, no boundary, JSON', async () => {
    const form = await generate();
    expect((await post(form.fields, undefined)).statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/public/uploads',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/public/uploads',
      payload: { key: form.key },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('The upload must be sent as multipart/form-data with a boundary');
  });

  it('validates the request for a form and needs a signed-in caller', async () => {
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/generate-file-upload-url',
      headers: clinic.headers,
      payload: { fileName: 'x.svg', contentType: 'image/svg+xml', purpose: 'profile-image' },
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toBe('Please choose a PNG, JPEG, WebP or GIF image of at most 5 MB.');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/generate-file-upload-url',
      payload: { fileName: 'x.png', contentType: 'image/png', purpose: 'profile-image' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('serves nothing for a key that is not one of ours, a path outside the folder included', async () => {
    for (const url of [
      '/api/public/files/../../etc/passwd',
      '/api/public/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `/api/public/files/${clinic.partnerId}/profile-image/nothing-here-at-all-xxxx.png`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('accepts in one process a form another signed: the secret lives in the database', async () => {
    const storageOfAnotherProcess = () =>
      createLocalFileStorage({
        db: t.database.db,
        root: mkdtempSync(join(tmpdir(), 'vaidya-uploads-test-')),
        clock: t.clock.now,
      });
    const first = storageOfAnotherProcess();
    const second = storageOfAnotherProcess();
    const key = `${clinic.partnerId}/location-image/${'k'.repeat(22)}.png`;
    const expiresAt = new Date(t.clock.now().getTime() + 60_000);
    const form = await first.createUploadForm({ key, contentType: 'image/png', maxBytes: 1024, expiresAt });
    const bytes = imageBytes.png(512);
    const { payload, contentType } = multipartBody(form.fields, {
      fileName: 'a.png',
      contentType: 'image/png',
      bytes,
    });
    const posted = await second.openPostedForm?.({ contentType, body: payload });
    expect(posted).toEqual({ key, contentType: 'image/png', bytes });
    await second.keep(key, bytes, 'image/png');
    expect(await first.read(key)).toBeUndefined();
    const stored = await second.read(key);
    if (stored?.kind !== 'bytes') throw new Error('the local storage serves the bytes itself');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
