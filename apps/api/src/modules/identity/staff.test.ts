import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityMessages } from '@vaidya/contract/identity';
import { messages } from '@vaidya/contract/messages';
import { permissions } from '@vaidya/contract/roles';
import { staffMessages, temporaryPasswordDays } from '@vaidya/contract/staff';
import { fileUrl, type UploadPurpose } from '@vaidya/contract/uploads';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInDoctor } from '../../../test/clinic-doctors';
import { type FakeIssuer, startFakeIssuer } from '../../../test/fake-issuer';
import { createSignedInPartner, type SignedInPartner, signIn } from '../../../test/partners';
import { createTestApp, type TestApp, testClientId, testIssuer } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database';
import { uploadedImage } from '../../../test/uploaded-images';
import { createOutboxMessenger } from '../../adapters/messaging/outbox-messenger';
import { createLocalFileStorage } from '../../adapters/storage/local-file-storage';
import { type App, buildApp } from '../../app';
import { auditEvents, locations, users } from '../../db/schema';
import { createIdentityLinkService } from '../access/access.identity-links.service';
import { connectCognitoPool } from '../access/cognito-token-verifier';
import { newDevice } from './identity-test-client';
import { loadTokenService } from './tokens';

type Headers = { authorization: string };
type Inject = App['inject'];

/** Calls of the staff endpoints as `headers`' holder, on `inject`'s app. */
function staffCalls(inject: () => Inject) {
  const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    inject()({ method, url: `/api/${path}`, headers, ...(payload ? { payload } : {}) });
  return {
    call,
    list: (headers: Headers) => call(headers, 'GET', 'staff/get-staff'),
    add: (headers: Headers, body: object) => call(headers, 'POST', 'staff/add-staff', body),
    update: (headers: Headers, body: object) => call(headers, 'PUT', 'staff/update-staff', body),
    reset: (headers: Headers, userId: string) => call(headers, 'PUT', 'staff/reset-password', { userId }),
    disable: (headers: Headers, userId: string) => call(headers, 'PUT', 'staff/disable-staff', { userId }),
    enable: (headers: Headers, userId: string) => call(headers, 'PUT', 'staff/enable-staff', { userId }),
    profile: (headers: Headers, body: object) => call(headers, 'PUT', 'staff/update-doctor-profile', body),
    details: (headers: Headers) => call(headers, 'GET', 'get-partner-details'),
  };
}

let people = 0;
const newEmail = (who: string) => {
  people += 1;
  return `${who}${people}.${crypto.randomUUID().slice(0, 6)}@clinic.test`;
};

describe('the clinic’s staff, with our own identity service', () => {
  let t: TestApp;
  let owner: SignedInPartner;
  let branchId: string;
  const api = staffCalls(() => t.app.inject.bind(t.app));
  const ownPassword = 'Jasmine-at-the-front-desk';

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInPartner(t);
    const [branch] = await t.database.db
      .insert(locations)
      .values({ partner_id: owner.partnerId, location_name: 'Aundh branch', contact_no: '9822012345' })
      .returning({ id: locations.id });
    branchId = branch?.id as string;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The audit trail's acts on a member, as the owner's clinic recorded them. */
  const auditOf = (userId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.record_id, userId), eq(auditEvents.record_type, 'staff')));

  const addStaff = async (body: Partial<Record<string, unknown>> = {}) => {
    const response = await api.add(owner.headers, {
      name: 'Kavita Shinde',
      email: newEmail('staff'),
      role: 'doctor',
      locationIds: [owner.locationId],
      ...body,
    });
    expect(response.statusCode).toBe(201);
    return response.json().data as {
      member: { user_id: string; email: string } & Record<string, unknown>;
      temporary_password: string;
    };
  };

  /** The first sign-in with a one-time password: the challenge, then a password of their own. */
  const firstSignIn = async (email: string, temporaryPassword: string) => {
    const device = newDevice(t);
    const challenge = await device.signIn(email, temporaryPassword);
    expect(challenge.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answered = await device.call('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: testClientId,
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: ownPassword },
    });
    expect(answered.status).toBe(200);
    const result = answered.body.AuthenticationResult as { IdToken: string; RefreshToken: string };
    return {
      device,
      refreshToken: result.RefreshToken,
      headers: { authorization: `Bearer ${result.IdToken}` },
    };
  };

  it('an owner adds a doctor, who signs in with the one-time password and sets their own', async () => {
    const email = newEmail('asha');
    const response = await api.add(owner.headers, {
      name: 'Dr. Asha Kulkarni',
      email: email.toUpperCase(),
      mobile: '98123 45678',
      role: 'doctor',
      locationIds: [branchId],
    });
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(staffMessages.added);
    const expiresAt = new Date(t.clock.now().getTime() + temporaryPasswordDays * 24 * 60 * 60 * 1000);
    expect(data).toEqual({
      member: {
        user_id: expect.any(String),
        name: 'Dr. Asha Kulkarni',
        email,
        mobile: '9812345678',
        role: 'doctor',
        location_ids: [branchId],
        status: 'invited',
        last_signed_in_at: null,
        temporary_password_expires_at: expiresAt.toISOString(),
        qualification: null,
        registration_council: null,
        registration_number: null,
        signature_url: null,
      },
      temporary_password: expect.stringMatching(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/),
    });
    const userId = data.member.user_id as string;
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored?.password_hash).not.toContain(data.temporary_password);
    expect(await auditOf(userId)).toEqual([
      expect.objectContaining({
        action: 'created',
        user_id: owner.userId,
        partner_id: owner.partnerId,
        changes: { after: { name: 'Dr. Asha Kulkarni', email, role: 'doctor', location_ids: [branchId] } },
      }),
    ]);

    const asha = await firstSignIn(email, data.temporary_password);
    const listed = (await api.list(owner.headers)).json().data as { user_id: string }[];
    expect(listed.find((member) => member.user_id === userId)).toMatchObject({
      status: 'active',
      last_signed_in_at: t.clock.now().toISOString(),
      temporary_password_expires_at: null,
    });
    // The doctor works at her branch only: her clinic's details list that one.
    const details = (await api.details(asha.headers)).json().data;
    expect(details.user).toMatchObject({ id: userId, role: 'doctor', name: 'Dr. Asha Kulkarni' });
    expect(details.locations.map((location: { id: string }) => location.id)).toEqual([branchId]);
    expect(details.doctors).toContainEqual({ id: userId, name: 'Dr. Asha Kulkarni' });
  });

  it('an owner works everywhere: none are stored, all are listed; non-owners need one of the clinic’s', async () => {
    const { member } = await addStaff({ role: 'owner', locationIds: [] });
    expect(member.location_ids).toEqual([owner.locationId, branchId]);
    const refused = async (body: object) => {
      const response = await api.add(owner.headers, {
        name: 'Sunita',
        email: newEmail('sunita'),
        role: 'front_desk',
        ...body,
      });
      return { status: response.statusCode, message: response.json().message };
    };
    expect(await refused({ locationIds: [] })).toEqual({ status: 422, message: staffMessages.noLocations });
    const elsewhere = await createSignedInPartner(t);
    expect(await refused({ locationIds: [owner.locationId, elsewhere.locationId] })).toEqual({
      status: 404,
      message: staffMessages.unknownLocation,
    });
    expect(await refused({ locationIds: [owner.locationId], email: member.email.toUpperCase() })).toEqual({
      status: 409,
      message: staffMessages.emailTaken,
    });
    expect(await refused({ locationIds: [owner.locationId], email: elsewhere.email })).toEqual({
      status: 409,
      message: staffMessages.emailTaken,
    });
  });

  it('a one-time password past its days is refused, and a reset issues one that signs in', async () => {
    const { member, temporary_password } = await addStaff();
    t.clock.advance(temporaryPasswordDays * 24 * 60 * 60 * 1000 + 1000);
    try {
      const device = newDevice(t);
      const expired = await device.signIn(member.email, temporary_password);
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({
        __type: 'NotAuthorizedException',
        message: identityMessages.temporaryPasswordExpired,
      });
      owner = await signIn(t, owner);
      const reset = await api.reset(owner.headers, member.user_id);
      expect(reset.statusCode).toBe(200);
      expect(reset.json().message).toBe(staffMessages.passwordReset);
      const issued = reset.json().data.temporary_password as string;
      expect(issued).not.toBe(temporary_password);
      expect((await device.signIn(member.email, temporary_password)).body.message).toBe(
        identityMessages.incorrectCredentials,
      );
      await firstSignIn(member.email, issued);
      expect((await auditOf(member.user_id)).map((event) => event.action)).toEqual([
        'created',
        'password_reset',
      ]);
    } finally {
      owner = await signIn(t, owner);
    }
  });

  it('a reset ends the member’s sessions and asks for a password of their own again', async () => {
    const { member, temporary_password } = await addStaff();
    const signedIn = await firstSignIn(member.email, temporary_password);
    const reset = await api.reset(owner.headers, member.user_id);
    expect(reset.json().data.member).toMatchObject({ status: 'invited' });
    expect((await api.details(signedIn.headers)).statusCode).toBe(401);
    expect((await signedIn.device.refresh(signedIn.refreshToken)).body.__type).toBe('NotAuthorizedException');
    expect((await signedIn.device.signIn(member.email, ownPassword)).body.message).toBe(
      identityMessages.incorrectCredentials,
    );
    await firstSignIn(member.email, reset.json().data.temporary_password);
  });

  it('a role change applies on the next call, with the same token', async () => {
    const doctor = await createSignedInDoctor(t, owner);
    const addComplaint = (complaintName: string) =>
      api.call(doctor.headers, 'POST', 'masters/add-complaint', { complaintName });
    expect((await addComplaint('Toothache')).statusCode).toBe(201);
    const changed = await api.update(owner.headers, { userId: doctor.userId, role: 'front_desk' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: staffMessages.updated,
      data: { role: 'front_desk', location_ids: [owner.locationId] },
    });
    const refused = await addComplaint('Sensitivity');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'ROLE_FORBIDDEN', message: permissions.masters.refusal });
    expect((await api.details(doctor.headers)).statusCode).toBe(200);

    const moved = await api.update(owner.headers, {
      userId: doctor.userId,
      locationIds: [branchId],
      name: 'Reena Desai',
    });
    expect(moved.json().data).toMatchObject({ name: 'Reena Desai', location_ids: [branchId] });
    const details = (await api.details(doctor.headers)).json().data;
    expect(details.locations.map((location: { id: string }) => location.id)).toEqual([branchId]);
    expect((await auditOf(doctor.userId)).map((event) => event.changes)).toEqual([
      { before: { role: 'doctor' }, after: { role: 'front_desk' } },
      {
        before: { name: expect.any(String), location_ids: [owner.locationId] },
        after: { name: 'Reena Desai', location_ids: [branchId] },
      },
    ]);
    // Made an owner, she works everywhere; made staff again, she must be given a location.
    await api.update(owner.headers, { userId: doctor.userId, role: 'owner' });
    const noLocation = await api.update(owner.headers, { userId: doctor.userId, role: 'doctor' });
    expect(noLocation.statusCode).toBe(422);
    expect(noLocation.json().message).toBe(staffMessages.noLocations);
    await api.update(owner.headers, { userId: doctor.userId, role: 'doctor', locationIds: [branchId] });
  });

  it('only owners manage staff', async () => {
    const doctor = await createSignedInDoctor(t, owner);
    for (const response of [
      await api.list(doctor.headers),
      await api.add(doctor.headers, { name: 'X', email: newEmail('x'), role: 'owner', locationIds: [] }),
      await api.update(doctor.headers, { userId: doctor.userId, role: 'owner' }),
      await api.disable(doctor.headers, owner.userId),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'ROLE_FORBIDDEN',
        message: permissions.clinicAdministration.refusal,
      });
    }
  });

  it('a disabled member’s sessions end at once: no call, no refresh, no sign-in; enabled, they sign in again', async () => {
    const { member, temporary_password } = await addStaff({ role: 'front_desk' });
    const signedIn = await firstSignIn(member.email, temporary_password);
    expect((await api.details(signedIn.headers)).statusCode).toBe(200);

    const disabled = await api.disable(owner.headers, member.user_id);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ message: staffMessages.disabled, data: { status: 'disabled' } });
    const refused = await api.details(signedIn.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: messages.accountDisabled });
    expect((await signedIn.device.refresh(signedIn.refreshToken)).body.message).toBe(
      identityMessages.refreshTokenRevoked,
    );
    expect((await signedIn.device.signIn(member.email, ownPassword)).body.message).toBe(
      identityMessages.userDisabled,
    );
    // Disabled twice, it stays as it was.
    expect((await api.disable(owner.headers, member.user_id)).statusCode).toBe(200);

    const enabled = await api.enable(owner.headers, member.user_id);
    expect(enabled.json()).toMatchObject({ message: staffMessages.enabled, data: { status: 'active' } });
    expect((await signedIn.device.refresh(signedIn.refreshToken)).status).toBe(400);
    expect((await signedIn.device.signIn(member.email, ownPassword)).body.AuthenticationResult).toBeDefined();
    expect((await auditOf(member.user_id)).map((event) => event.action)).toEqual([
      'created',
      'disabled',
      'enabled',
    ]);
  });

  it('the clinic keeps an active owner: the last one can neither be demoted nor disable themselves', async () => {
    const clinic = await createSignedInPartner(t);
    const demote = () =>
      api.update(clinic.headers, { userId: clinic.userId, role: 'doctor', locationIds: [clinic.locationId] });
    const lastOwner = await demote();
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toEqual({ code: 'CONFLICT', message: staffMessages.lastOwner });
    const self = await api.disable(clinic.headers, clinic.userId);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(staffMessages.ownSelf);

    // An owner who has not yet signed in with a password of their own does not count.
    const added = await api.add(clinic.headers, {
      name: 'Dr. Second Owner',
      email: newEmail('second'),
      role: 'owner',
      locationIds: [],
    });
    expect((await demote()).statusCode).toBe(409);
    const second = await firstSignIn(added.json().data.member.email, added.json().data.temporary_password);
    expect((await demote()).statusCode).toBe(200);
    expect((await api.list(clinic.headers)).json().code).toBe('ROLE_FORBIDDEN');
    const secondId = added.json().data.member.user_id as string;
    const secondDemoted = await api.update(second.headers, {
      userId: secondId,
      role: 'front_desk',
      locationIds: [clinic.locationId],
    });
    expect(secondDemoted.json().message).toBe(staffMessages.lastOwner);
    expect((await api.disable(second.headers, clinic.userId)).json().data.status).toBe('disabled');
  });

  it('another clinic’s people are not found, and not listed', async () => {
    const other = await createSignedInPartner(t);
    const theirs = other.userId;
    for (const response of [
      await api.update(owner.headers, { userId: theirs, name: 'Taken over' }),
      await api.reset(owner.headers, theirs),
      await api.disable(owner.headers, theirs),
      await api.enable(owner.headers, theirs),
      await api.profile(owner.headers, {
        userId: theirs,
        qualification: 'MBBS',
        registrationCouncil: '',
        registrationNumber: '',
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Staff member not found' });
    }
    const listed = (await api.list(owner.headers)).json().data as { user_id: string }[];
    expect(listed.map((member) => member.user_id)).not.toContain(theirs);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, theirs));
    expect(row).toMatchObject({ role: 'owner', disabled_at: null, password_hash: '!' });
  });

  describe('a doctor’s profile', () => {
    const upload = (clinic: SignedInPartner, purpose: UploadPurpose) => uploadedImage(t, clinic, purpose);
    const profile = {
      qualification: 'BDS, MDS (Orthodontics)',
      registrationCouncil: 'Maharashtra State Dental Council',
      registrationNumber: 'A-12345',
    };

    it('each keeps their own, signature included; blank clears a field', async () => {
      const doctor = await createSignedInDoctor(t, owner);
      const signature = await upload(doctor, 'consultation-signature');
      const saved = await api.profile(doctor.headers, { ...profile, signature });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        message: staffMessages.profileUpdated,
        data: {
          user_id: doctor.userId,
          qualification: profile.qualification,
          registration_council: profile.registrationCouncil,
          registration_number: 'A-12345',
          signature_url: fileUrl(signature),
        },
      });
      const details = (await api.details(doctor.headers)).json().data;
      expect(details.user).toMatchObject({
        registration_number: 'A-12345',
        signature_url: fileUrl(signature),
      });

      const own = await api.profile(doctor.headers, {
        ...profile,
        userId: doctor.userId,
        registrationNumber: ' ',
      });
      expect(own.json().data).toMatchObject({ registration_number: null, signature_url: fileUrl(signature) });
      const removed = await api.profile(doctor.headers, { ...profile, signature: null });
      expect(removed.json().data.signature_url).toBeNull();
      expect((await auditOf(doctor.userId)).map((event) => event.changes)).toEqual([
        {
          before: {
            qualification: null,
            registration_council: null,
            registration_number: null,
            signature_url: null,
          },
          after: {
            qualification: profile.qualification,
            registration_council: profile.registrationCouncil,
            registration_number: 'A-12345',
            signature_url: signature,
          },
        },
        { before: { registration_number: 'A-12345' }, after: { registration_number: null } },
        {
          before: { registration_number: null, signature_url: signature },
          after: { registration_number: 'A-12345', signature_url: null },
        },
      ]);
    });

    it('an owner may change anyone’s of the clinic; nobody else another’s', async () => {
      const doctor = await createSignedInDoctor(t, owner);
      const colleague = await createSignedInDoctor(t, owner);
      const refused = await api.profile(doctor.headers, { ...profile, userId: colleague.userId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'ROLE_FORBIDDEN', message: staffMessages.notOwnProfile });
      const byOwner = await api.profile(owner.headers, { ...profile, userId: colleague.userId });
      expect(byOwner.json().data).toMatchObject({
        user_id: colleague.userId,
        registration_number: 'A-12345',
      });
      const ownersOwn = await api.profile(owner.headers, profile);
      expect(ownersOwn.json().data.user_id).toBe(owner.userId);
    });

    it('the signature must be an image of the clinic’s, uploaded for a signature', async () => {
      const doctor = await createSignedInDoctor(t, owner);
      const header = await upload(doctor, 'consultation-header');
      const wrongUse = await api.profile(doctor.headers, { ...profile, signature: header });
      expect(wrongUse.statusCode).toBe(422);
      const other = await createSignedInPartner(t);
      const theirs = await upload(other, 'consultation-signature');
      expect((await api.profile(doctor.headers, { ...profile, signature: theirs })).statusCode).toBe(404);
    });
  });
});

describe('the clinic’s staff, with an external user pool (IDENTITY_ISSUER)', () => {
  const clock = createTestClock();
  let pool: FakeIssuer;
  let database: TestDatabase;
  let app: App;
  let owner: SignedInPartner;
  let ownerHeaders: Headers;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'vaidya-staff-pool-uploads-'));
  const api = staffCalls(() => app.inject.bind(app));
  const bearer = async (sub: string) => ({ authorization: `Bearer ${await pool.idToken(sub)}` });

  beforeAll(async () => {
    pool = await startFakeIssuer({ clientId: testClientId, clock: clock.now });
    database = await openTestDatabase();
    app = await buildApp({
      database,
      cognito: connectCognitoPool({ issuer: pool.issuer, clientId: testClientId, clock: clock.now }),
      clock: clock.now,
      messenger: createOutboxMessenger({ db: database.db }),
      storage: createLocalFileStorage({ db: database.db, root: uploadsDir, clock: clock.now }),
      paymentGateway: null,
    });
    await app.ready();
    const builtIn = await loadTokenService({
      db: database.db,
      issuer: testIssuer,
      clientId: testClientId,
      clock: clock.now,
    });
    owner = await createSignedInPartner({ database, tokens: builtIn, clock });
    const ownerSub = crypto.randomUUID();
    await createIdentityLinkService({ db: database.db, clock: clock.now }).linkIdentity({
      email: owner.email,
      subject: ownerSub,
    });
    ownerHeaders = await bearer(ownerSub);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await pool?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('add-staff links the pool user by sub and keeps no password; that user then calls as their role', async () => {
    const body = { name: 'Sunita Pawar', role: 'front_desk', locationIds: [owner.locationId] };
    const noSubject = await api.add(ownerHeaders, { ...body, email: newEmail('sunita') });
    expect(noSubject.statusCode).toBe(422);
    expect(noSubject.json().message).toBe(staffMessages.identitySubjectNeeded);

    const sub = crypto.randomUUID();
    const added = await api.add(ownerHeaders, {
      ...body,
      email: newEmail('sunita'),
      identitySubject: sub.toUpperCase(),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      member: { status: 'active', temporary_password_expires_at: null, role: 'front_desk' },
      temporary_password: null,
    });
    const userId = added.json().data.member.user_id as string;
    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ identity_subject: sub, password_hash: '!' });

    const taken = await api.add(ownerHeaders, { ...body, email: newEmail('again'), identitySubject: sub });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(staffMessages.identitySubjectTaken);

    const theirs = await bearer(sub);
    const details = await api.details(theirs);
    expect(details.json().data.user).toMatchObject({ id: userId, role: 'front_desk' });
    expect((await api.list(theirs)).json().code).toBe('ROLE_FORBIDDEN');

    const reset = await api.reset(ownerHeaders, userId);
    expect(reset.statusCode).toBe(409);
    expect(reset.json().message).toBe(staffMessages.noPasswordsHere);

    expect((await api.disable(ownerHeaders, userId)).statusCode).toBe(200);
    const refused = await api.details(theirs);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await api.enable(ownerHeaders, userId)).statusCode).toBe(200);
    expect((await api.details(theirs)).statusCode).toBe(200);
  });
});
