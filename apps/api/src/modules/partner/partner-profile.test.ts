import { maxImagesPerRecord, partnerMessages } from '@vaidya/contract/partner';
import { fileUrl, type UploadPurpose } from '@vaidya/contract/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { imageBytes, multipartBody } from '../../adapters/storage/upload-fixtures';
import { locations } from '../../db/schema';

/** The app's own address (PUBLIC_URL): no clinic's website address. */
const appAddress = 'https://app.vaidya.test';

describe('clinic profile and images: /api/v2/…', () => {
  let t: TestApp;
  let a: SignedInPartner;
  let b: SignedInPartner;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: appAddress });
    ({ a, b } = await createTwoPartners(t));
  });
  afterAll(async () => {
    await t.close();
  });

  /** A key of `clinic`'s, its image posted to the form unless `posted` is false. */
  const upload = async (clinic: SignedInPartner, purpose: UploadPurpose, posted = true) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/generate-file-upload-url',
      headers: clinic.headers,
      payload: { fileName: 'photo.jpg', contentType: 'image/jpeg', purpose },
    });
    const { fields, key } = response.json().data as { fields: Record<string, string>; key: string };
    if (posted) {
      const { payload, contentType } = multipartBody(fields, {
        fileName: 'photo.jpg',
        contentType: 'image/jpeg',
        bytes: imageBytes.jpeg(),
      });
      const stored = await t.app.inject({
        method: 'POST',
        url: '/api/public/uploads',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(stored.statusCode).toBe(204);
    }
    return key;
  };

  const call = (
    clinic: SignedInPartner,
    method: 'POST' | 'PUT',
    path: string,
    payload: Record<string, unknown>,
  ) => t.app.inject({ method, url: `/api/v2/${path}`, headers: clinic.headers, payload });

  describe('PUT edit-partner-details', () => {
    it('saves the name, speciality and website name, and answers the whole clinic', async () => {
      const response = await call(a, 'PUT', 'edit-partner-details', {
        name: '  Smile Dental Studio ',
        specialityType: 'DENTIST',
        qrCodeDomain: 'smile-dental',
        domainUrl: 'https://smile-dental.in',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        data: {
          id: a.partnerId,
          name: 'Smile Dental Studio',
          speciality_type: 'DENTIST',
          qr_code_domain: 'smile-dental',
          domain_url: 'https://smile-dental.in',
        },
        message: 'Clinic details updated successfully',
      });
    });

    it('keeps the website when the fields are absent and clears it with null', async () => {
      const kept = await call(a, 'PUT', 'edit-partner-details', { name: 'Smile', specialityType: 'DENTIST' });
      expect(kept.json().data.qr_code_domain).toBe('smile-dental');
      const cleared = await call(a, 'PUT', 'edit-partner-details', {
        name: 'Smile',
        specialityType: 'DENTIST',
        qrCodeDomain: null,
        domainUrl: null,
      });
      expect(cleared.json().data).toMatchObject({ qr_code_domain: null, domain_url: null });
      await call(a, 'PUT', 'edit-partner-details', {
        name: 'Smile',
        specialityType: 'DENTIST',
        qrCodeDomain: 'smile-dental',
        domainUrl: 'https://smile-dental.in',
      });
    });

    it('refuses a website name or address another clinic holds with 409', async () => {
      const name = await call(b, 'PUT', 'edit-partner-details', {
        name: 'Other',
        specialityType: 'DOCTOR',
        qrCodeDomain: 'smile-dental',
      });
      expect(name.statusCode).toBe(409);
      expect(name.json().message).toBe('This website name is already taken. Please choose another.');
      const address = await call(b, 'PUT', 'edit-partner-details', {
        name: 'Other',
        specialityType: 'DOCTOR',
        domainUrl: 'https://smile-dental.in',
      });
      expect(address.statusCode).toBe(409);
    });

    it.each([
      ['an upper-case website name', { qrCodeDomain: 'Smile-Dental' }],
      ['a website name with a slash', { qrCodeDomain: 'smile/dental' }],
      ['a website name ending in a dash', { qrCodeDomain: 'smile-' }],
      ['an address with a path', { domainUrl: 'https://smile.in/book' }],
      ['no name', { name: '   ' }],
      ['an unknown speciality', { specialityType: 'ASTROLOGER' }],
    ])('refuses %s with 400', async (_case, change) => {
      const response = await call(b, 'PUT', 'edit-partner-details', {
        name: 'Other',
        specialityType: 'DOCTOR',
        ...change,
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('the clinic’s own website address (decision 028)', () => {
    const edit = (clinic: SignedInPartner, domainUrl: string, name = 'Website Clinic') =>
      call(clinic, 'PUT', 'edit-partner-details', { name, specialityType: 'DOCTOR', domainUrl });
    const storedDetails = async (clinic: SignedInPartner) =>
      (await t.app.inject({ method: 'GET', url: '/api/get-partner-details', headers: clinic.headers })).json()
        .data as { name: string; domain_url: string | null };

    it('stores any spelling of a domain as https://<host>, keeping www. as typed', async () => {
      const clinic = await createSignedInPartner(t);
      for (const [typed, stored] of [
        ['HTTP://Kale-Physio.IN:443/', 'https://kale-physio.in'],
        ['kale-physio.in', 'https://kale-physio.in'],
        ['https://WWW.Kale-Physio.in:8443', 'https://www.kale-physio.in'],
        ['स्माइल.भारत', 'https://xn--n1b1fnv5a7f.xn--h2brj9c'],
      ] as const) {
        const response = await edit(clinic, typed);
        expect(response.statusCode).toBe(200);
        expect(response.json().data.domain_url).toBe(stored);
      }
    });

    const notOnTheInternet = partnerMessages.domainUrlNotPublic;
    const notADomain = partnerMessages.invalidDomainUrl;
    it.each([
      ['the app’s own host', appAddress, partnerMessages.domainUrlIsAppAddress],
      [
        'the app’s own host with www., case, port and slash',
        'HTTPS://WWW.App.Vaidya.test:443/',
        partnerMessages.domainUrlIsAppAddress,
      ],
      ['the app’s own host without a scheme', 'app.vaidya.test', partnerMessages.domainUrlIsAppAddress],
      ['localhost', 'localhost', notOnTheInternet],
      ['localhost with a scheme and port', 'https://localhost:3000', notOnTheInternet],
      ['a name under localhost', 'https://clinic.localhost', notOnTheInternet],
      ['an IPv4 address', 'https://203.0.113.9', notOnTheInternet],
      ['an IPv4 address in short form', 'https://127.1', notOnTheInternet],
      ['an IPv4 address in hex', 'http://0x7f.0.0.1', notOnTheInternet],
      ['an IPv4 address as one number', '2130706433', notOnTheInternet],
      ['an IPv4 address in octal', 'https://0177.0.0.1', notOnTheInternet],
      ['an IPv6 address', 'https://[::1]', notOnTheInternet],
      ['an IPv4-mapped IPv6 address', 'https://[::ffff:127.0.0.1]:443', notOnTheInternet],
      ['a single-label name', 'https://intranet', notOnTheInternet],
      ['an address with a path', 'https://smile.in/book', notADomain],
      ['an address with a query', 'https://smile.in/?ref=qr', notADomain],
      ['an address with a user name', 'https://app.vaidya.test@smile.in', notADomain],
      ['another scheme', 'ftp://smile.in', notADomain],
      ['a script', 'javascript:alert(1)', notADomain],
      ['a name with an underscore', 'https://smile_dental.in', notADomain],
      ['a name with a space', 'smile dental.in', notADomain],
      ['a name with a trailing dot', 'https://smile.in.', notADomain],
    ])('refuses %s with 400 naming the field, and stores nothing', async (_case, domainUrl, message) => {
      const clinic = await createSignedInPartner(t, { name: 'Before', domain_url: null });
      const response = await edit(clinic, domainUrl, 'After');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
      expect(message).toMatch(/^Website address /);
      expect(await storedDetails(clinic)).toMatchObject({ name: 'Before', domain_url: null });
    });

    it('answers 409 for another clinic’s host in any spelling, www. or not, and stores nothing', async () => {
      const holder = await createSignedInPartner(t);
      expect((await edit(holder, 'https://joshi-skin.in')).statusCode).toBe(200);
      const wwwHolder = await createSignedInPartner(t);
      expect((await edit(wwwHolder, 'https://www.deshpande-eye.in')).statusCode).toBe(200);
      // Stored before the contract required https://<host>.
      await createSignedInPartner(t, { domain_url: 'https://Book.Apte-Dental.in:8443/appointments' });

      const other = await createSignedInPartner(t, { name: 'Before', domain_url: 'https://other-clinic.in' });
      for (const taken of [
        'https://joshi-skin.in',
        'HTTPS://WWW.Joshi-Skin.IN:443/',
        'joshi-skin.in:8080',
        'www.joshi-skin.in',
        'https://deshpande-eye.in',
        'http://WWW.Deshpande-Eye.in',
        'book.apte-dental.in',
        'https://www.book.apte-dental.in',
      ]) {
        const response = await edit(other, taken, 'After');
        expect(response.statusCode, taken).toBe(409);
        expect(response.json()).toEqual({ message: partnerMessages.domainUrlTaken, code: 'CONFLICT' });
      }
      expect(await storedDetails(other)).toMatchObject({
        name: 'Before',
        domain_url: 'https://other-clinic.in',
      });

      // The holder itself may spell its own domain another way.
      expect((await edit(holder, 'https://www.joshi-skin.in')).json().data.domain_url).toBe(
        'https://www.joshi-skin.in',
      );
    });

    it('lets only one of two clinics claiming one domain at once, www. or not, have it', async () => {
      const first = await createSignedInPartner(t);
      const second = await createSignedInPartner(t);
      const answers = await Promise.all([edit(first, 'race-clinic.in'), edit(second, 'www.race-clinic.in')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });
  });

  describe('profile images', () => {
    it('adds an uploaded image of the clinic’s own, which is then served by its key', async () => {
      const key = await upload(a, 'profile-image');
      const added = await call(a, 'POST', 'add-profile-image', { profileImage: key });
      expect(added.statusCode).toBe(200);
      expect(added.json().data.profile_images).toContain(key);
      expect(added.json().message).toBe('Image added successfully');
      const served = await t.app.inject({ method: 'GET', url: fileUrl(key) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect((await call(a, 'POST', 'add-profile-image', { profileImage: key })).statusCode).toBe(409);

      const deleted = await call(a, 'PUT', 'delete-profile-image', { profileImage: key });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data.profile_images).not.toContain(key);
      expect((await call(a, 'PUT', 'delete-profile-image', { profileImage: key })).statusCode).toBe(404);
    });

    it('answers 404 for another clinic’s key and 422 for a key never uploaded or meant for another use', async () => {
      const theirs = await upload(b, 'profile-image');
      expect((await call(a, 'POST', 'add-profile-image', { profileImage: theirs })).statusCode).toBe(404);
      const unknown = `${a.partnerId}/profile-image/${'z'.repeat(22)}.png`;
      expect((await call(a, 'POST', 'add-profile-image', { profileImage: unknown })).statusCode).toBe(404);
      const notPosted = await upload(a, 'profile-image', false);
      const pending = await call(a, 'POST', 'add-profile-image', { profileImage: notPosted });
      expect(pending.statusCode).toBe(422);
      expect(pending.json().message).toBe('The image has not been uploaded yet. Please upload it again.');
      const header = await upload(a, 'consultation-header');
      expect((await call(a, 'POST', 'add-profile-image', { profileImage: header })).statusCode).toBe(422);
      const notAKey = await call(a, 'POST', 'add-profile-image', {
        profileImage: 'https://evil.example/x.png',
      });
      expect(notAKey.statusCode).toBe(400);
    });

    it(`keeps at most ${maxImagesPerRecord} images`, async () => {
      const clinic = await createSignedInPartner(t);
      for (let i = 0; i < maxImagesPerRecord; i += 1) {
        const key = await upload(clinic, 'profile-image');
        expect((await call(clinic, 'POST', 'add-profile-image', { profileImage: key })).statusCode).toBe(200);
      }
      const oneMore = await upload(clinic, 'profile-image');
      expect((await call(clinic, 'POST', 'add-profile-image', { profileImage: oneMore })).statusCode).toBe(
        422,
      );
    });
  });

  describe('location images', () => {
    it('adds and deletes an uploaded image of the clinic’s own location', async () => {
      const key = await upload(a, 'location-image');
      const added = await call(a, 'POST', 'add-location-image', {
        locationId: a.locationId,
        locationImage: key,
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().data).toMatchObject({ id: a.locationId, location_images: [key] });
      const deleted = await call(a, 'PUT', 'delete-location-image', {
        locationId: a.locationId,
        locationImage: key,
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data.location_images).toEqual([]);
    });

    it('answers 404 for another clinic’s location or key', async () => {
      const key = await upload(a, 'location-image');
      const otherLocation = await call(a, 'POST', 'add-location-image', {
        locationId: b.locationId,
        locationImage: key,
      });
      expect(otherLocation.statusCode).toBe(404);
      const theirs = await upload(b, 'location-image');
      const otherKey = await call(a, 'POST', 'add-location-image', {
        locationId: a.locationId,
        locationImage: theirs,
      });
      expect(otherKey.statusCode).toBe(404);
      await t.database.db
        .update(locations)
        .set({ location_images: [theirs] })
        .where(eq(locations.id, b.locationId));
      const deleteTheirs = await call(a, 'PUT', 'delete-location-image', {
        locationId: b.locationId,
        locationImage: theirs,
      });
      expect(deleteTheirs.statusCode).toBe(404);
    });
  });

  it('refuses every change of a wallet clinic below one booking’s charge with 402', async () => {
    const broke = await createSignedInPartner(t, {
      subscription_type: 'wallet',
      wallet_balance: '5.00',
      charge_per_booking: '10.00',
    });
    const key = await upload(broke, 'profile-image');
    for (const [method, path, payload] of [
      ['PUT', 'edit-partner-details', { name: 'Broke', specialityType: 'DOCTOR' }],
      ['POST', 'add-profile-image', { profileImage: key }],
      ['PUT', 'delete-profile-image', { profileImage: key }],
      ['POST', 'add-location-image', { locationId: broke.locationId, locationImage: key }],
      ['PUT', 'delete-location-image', { locationId: broke.locationId, locationImage: key }],
    ] as const) {
      const response = await call(broke, method, path, payload);
      expect(response.statusCode).toBe(402);
      expect(response.json().message).toBe('Insufficient balance. Please recharge.');
    }
  });
});
