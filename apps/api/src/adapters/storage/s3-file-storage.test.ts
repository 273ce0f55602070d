import { maxUploadBytes } from '@vaidya/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../test/test-clock';
import { type FakeS3, fakeS3Bucket, startFakeS3 } from './fake-s3';
import { createS3FileStorage } from './s3-file-storage';
import { imageBytes } from './upload-fixtures';

const { bucket, region, credentials } = fakeS3Bucket;

describe('S3 storage against a local fake of S3', () => {
  const clock = createTestClock(new Date());
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3(clock.now);
  });
  afterAll(async () => {
    await s3.close();
  });

  const storage = () => createS3FileStorage({ ...fakeS3Bucket, endpoint: s3.endpoint, clock: clock.now });
  const key = (name: string) =>
    `3f1c2a4e-0b6d-4c1e-9a7f-5d2b8e6c4a10/profile-image/${name.padEnd(22, 'x')}.png`;
  const grant = (name: string) => ({
    key: key(name),
    contentType: 'image/png' as const,
    maxBytes: maxUploadBytes,
    expiresAt: new Date(clock.now().getTime() + storage().formLifetimeSeconds * 1000),
  });

  /** Posts a form as a browser does: its fields in order, then the file. */
  const postForm = (url: string, fields: Record<string, string>, bytes: Buffer) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    return fetch(url, { method: 'POST', body });
  };

  it('signs a POST policy S3 accepts with 204 under incoming/, and keeps checked bytes where no form writes', async () => {
    const form = await storage().createUploadForm(grant('accepted'));
    expect(form.url).toBe(`${s3.endpoint}/${bucket}`);
    expect(form.fields.key).toBe(`incoming/${key('accepted')}`);
    const bytes = imageBytes.png(2048);
    expect((await postForm(form.url, form.fields, bytes)).status).toBe(204);

    const posted = await storage().readUnchecked(key('accepted'), maxUploadBytes);
    expect(posted?.legacy).toBe(false);
    expect(posted?.bytes.equals(bytes)).toBe(true);
    expect(await storage().readUnchecked(key('never-posted'), maxUploadBytes)).toBeUndefined();
    // At most the limit and one byte more is read.
    expect((await storage().readUnchecked(key('accepted'), 100))?.bytes.length).toBe(101);

    await storage().keep(key('accepted'), bytes, 'image/png');
    expect(s3.objects.has(`incoming/${key('accepted')}`)).toBe(false);
    expect(s3.objects.get(key('accepted'))?.contentType).toBe('image/png');
    const read = await storage().read(key('accepted'));
    expect(read?.kind).toBe('redirect');
    const fetched = await fetch(read?.kind === 'redirect' ? read.url : '');
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

    // The form used again writes under incoming/ only: the kept file stays as it was checked.
    expect((await postForm(form.url, form.fields, Buffer.from('GIF89a<html>'))).status).toBe(204);
    expect(s3.objects.get(key('accepted'))?.bytes.equals(bytes)).toBe(true);
  });

  it('finds a file stored under its key before uploads were checked, and discards what it read', async () => {
    s3.objects.set(key('legacy'), { bytes: imageBytes.png(), contentType: 'image/png' });
    const legacy = await storage().readUnchecked(key('legacy'), maxUploadBytes);
    expect(legacy?.legacy).toBe(true);
    await legacy?.discard();
    expect(s3.objects.has(key('legacy'))).toBe(false);
  });

  it('is refused by S3 when a signed field, the signature or the policy is changed', async () => {
    const form = await storage().createUploadForm(grant('tampered'));
    const bytes = imageBytes.png();
    const asHtml = await postForm(form.url, { ...form.fields, 'Content-Type': 'text/html' }, bytes);
    expect(asHtml.status).toBe(403);
    const otherKey = await postForm(form.url, { ...form.fields, key: key('somewhere-else') }, bytes);
    expect(otherKey.status).toBe(403);
    const signature = form.fields['X-Amz-Signature'] ?? '';
    const badSignature = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(
      (await postForm(form.url, { ...form.fields, 'X-Amz-Signature': badSignature }, bytes)).status,
    ).toBe(403);
    const extraField = await postForm(form.url, { ...form.fields, acl: 'public-read' }, bytes);
    expect(extraField.status).toBe(403);
    expect(await storage().readUnchecked(key('tampered'), maxUploadBytes)).toBeUndefined();
  });

  it('is refused by S3 past the form’s 5 minutes and over 5 MB', async () => {
    expect(storage().formLifetimeSeconds).toBe(5 * 60);
    const form = await storage().createUploadForm(grant('late'));
    expect((await postForm(form.url, form.fields, imageBytes.png(maxUploadBytes + 1))).status).toBe(400);
    clock.advance(5 * 60 * 1000 + 1000);
    try {
      expect((await postForm(form.url, form.fields, imageBytes.png())).status).toBe(403);
    } finally {
      clock.advance(-(5 * 60 * 1000 + 1000));
    }
  });

  it('addresses the bucket by host on AWS itself', async () => {
    const aws = createS3FileStorage({ bucket, region, credentials, clock: clock.now });
    expect((await aws.createUploadForm(grant('aws'))).url).toBe(
      `https://${bucket}.s3.${region}.amazonaws.com`,
    );
  });
});
