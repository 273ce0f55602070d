import { type IdentityRequest, identityMessages } from '@vaidya/contract/identity';
import { specialities } from '@vaidya/contract/specialities';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClientId } from '../../../test/test-app';
import {
  complaints,
  dentalTreatmentTypes,
  locations,
  partners,
  products,
  productTemplates,
  treatments,
  users,
} from '../../db/schema';
import { type Device, emailsTo, latestCode, minutes, newDevice } from './identity-test-client';

describe('signing up a clinic', () => {
  let t: TestApp;
  let device: Device;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    device = newDevice(t);
  });

  let signUps = 0;
  const password = 'Molar-and-canine-2026';
  /** A sign-up as the web form sends it; `email` is unique per call unless given. */
  const signUpRequest = (overrides: Partial<IdentityRequest<'SignUp'>> = {}): IdentityRequest<'SignUp'> => {
    signUps += 1;
    return {
      ClientId: testClientId,
      Username: `anjali${signUps}@smile-dental.in`,
      Password: password,
      UserAttributes: [
        { Name: 'name', Value: 'Dr. Anjali Deshpande' },
        { Name: 'phone_number', Value: '+919822012345' },
        { Name: 'custom:clinic_name', Value: 'Smile Dental, Aundh' },
        { Name: 'custom:speciality', Value: 'DENTIST' },
      ],
      ...overrides,
    };
  };
  const signUp = (overrides: Partial<IdentityRequest<'SignUp'>> = {}) =>
    device.call('SignUp', signUpRequest(overrides));
  const confirm = (email: string, code: string) =>
    device.call('ConfirmSignUp', { ClientId: testClientId, Username: email, ConfirmationCode: code });
  const resend = (email: string) =>
    device.call('ResendConfirmationCode', { ClientId: testClientId, Username: email });
  const partnerCount = async () => (await t.database.db.select({ n: count() }).from(partners))[0]?.n;

  it('a dentist signs up her clinic, confirms the emailed code and signs in', async () => {
    const request = signUpRequest();
    const email = request.Username;
    const { status, body, headers } = await device.call('SignUp', request);
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/x-amz-json-1\.1/);
    expect(body).toEqual({
      UserConfirmed: false,
      UserSub: expect.any(String),
      CodeDeliveryDetails: { Destination: 'a***@s***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });

    const [user] = await t.database.db.select().from(users).where(eq(users.id, body.UserSub));
    expect(user).toMatchObject({
      email,
      name: 'Dr. Anjali Deshpande',
      phone_number: '+919822012345',
      role: 'owner',
      status: 'UNCONFIRMED',
    });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    const [partner] = await t.database.db
      .select()
      .from(partners)
      .where(eq(partners.id, user?.partner_id as string));
    expect(partner).toMatchObject({ name: 'Smile Dental, Aundh', speciality_type: 'DENTIST' });
    const clinicLocations = await t.database.db
      .select()
      .from(locations)
      .where(eq(locations.partner_id, partner?.id as string));
    expect(clinicLocations).toEqual([
      expect.objectContaining({ location_name: 'Smile Dental, Aundh', contact_no: '+919822012345' }),
    ]);

    const [mail] = await emailsTo(t, email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your Vaidya confirmation code' });
    expect(mail?.body).toMatch(/\b\d{6}\b/);

    expect((await device.signIn(email, password)).body.__type).toBe('UserNotConfirmedException');
    const confirmed = await confirm(email, await latestCode(t, email));
    expect(confirmed).toMatchObject({ status: 200, body: {} });
    expect((await device.signIn(email, password)).body.AuthenticationResult.RefreshToken).toEqual(
      expect.any(String),
    );
  });

  it('the email is stored lower-case, and the same email in capitals cannot sign up again', async () => {
    const { body } = await signUp({ Username: 'Ravi.Kulkarni@Example.COM' });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, body.UserSub));
    expect(user?.email).toBe('ravi.kulkarni@example.com');
    expect((await signUp({ Username: 'RAVI.KULKARNI@example.com' })).body).toEqual({
      __type: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
  });

  it('two sign-ups with one email at the same moment create one clinic', async () => {
    const before = await partnerCount();
    const request = signUpRequest();
    const answers = await Promise.all([device.call('SignUp', request), device.call('SignUp', request)]);
    expect(answers.map((answer) => answer.body.__type ?? 'created').sort()).toEqual([
      'UsernameExistsException',
      'created',
    ]);
    expect(await partnerCount()).toBe((before ?? 0) + 1);
  });

  it('every speciality of the contract is accepted', async () => {
    for (const speciality of specialities) {
      const request = signUpRequest();
      const attributes = request.UserAttributes?.map((attribute) =>
        attribute.Name === 'custom:speciality' ? { ...attribute, Value: speciality } : attribute,
      );
      expect((await device.call('SignUp', { ...request, UserAttributes: attributes })).status).toBe(200);
    }
  });

  it('a username that is not an email is refused', async () => {
    expect((await signUp({ Username: 'anjali' })).body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Username should be an email.',
    });
  });

  it.each(['name', 'phone_number', 'custom:clinic_name', 'custom:speciality'])(
    'a sign-up without %s is refused, naming it, and creates nothing',
    async (missing) => {
      const before = await partnerCount();
      const request = signUpRequest();
      const { status, body } = await device.call('SignUp', {
        ...request,
        UserAttributes: request.UserAttributes?.filter((attribute) => attribute.Name !== missing),
      });
      expect(status).toBe(400);
      expect(body).toEqual({
        __type: 'InvalidParameterException',
        message: `Attributes did not conform to the schema: ${missing}: The attribute is required`,
      });
      expect(await partnerCount()).toBe(before);
    },
  );

  it('a speciality outside the list, a phone number not in +91… form, or an unknown attribute is refused', async () => {
    const withAttribute = (Name: string, Value: string) => {
      const request = signUpRequest();
      const others = request.UserAttributes?.filter((attribute) => attribute.Name !== Name) ?? [];
      return device.call('SignUp', { ...request, UserAttributes: [...others, { Name, Value }] });
    };
    const speciality = await withAttribute('custom:speciality', 'ASTROLOGER');
    expect(speciality.body.__type).toBe('InvalidParameterException');
    expect(speciality.body.message).toContain('custom:speciality');
    expect((await withAttribute('phone_number', '98220 12345')).body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Invalid phone number format.',
    });
    expect((await withAttribute('custom:wallet_balance', '100000')).body.message).toBe(
      'Attributes did not conform to the schema: Type for attribute {custom:wallet_balance} could not be determined',
    );
  });

  describe('starter lists', () => {
    /** Signs up a clinic of this speciality, with the starter-lists attribute as given (undefined: left out). */
    const signUpClinic = async (speciality: string, starterLists: string | undefined) => {
      const request = signUpRequest();
      const attributes = [
        ...(request.UserAttributes ?? []).map((attribute) =>
          attribute.Name === 'custom:speciality' ? { ...attribute, Value: speciality } : attribute,
        ),
        ...(starterLists === undefined ? [] : [{ Name: 'custom:starter_lists', Value: starterLists }]),
      ];
      const { body } = await device.call('SignUp', { ...request, UserAttributes: attributes });
      const [user] = await t.database.db.select().from(users).where(eq(users.id, body.UserSub));
      return user?.partner_id as string;
    };
    const listsOf = async (partnerId: string) => ({
      complaints: await t.database.db
        .select({ name: complaints.complaint_name })
        .from(complaints)
        .where(eq(complaints.partner_id, partnerId)),
      medicines: await t.database.db
        .select({
          name: products.product_name,
          composition: products.composition,
          dosage: products.dosage_qty,
        })
        .from(products)
        .where(eq(products.partner_id, partnerId)),
      templates: await t.database.db
        .select({ id: productTemplates.id })
        .from(productTemplates)
        .where(eq(productTemplates.partner_id, partnerId)),
      treatments: await t.database.db
        .select({ name: treatments.treatment_name, chart: dentalTreatmentTypes.treatment_name })
        .from(treatments)
        .leftJoin(dentalTreatmentTypes, eq(dentalTreatmentTypes.id, treatments.dental_treatment_id))
        .where(eq(treatments.partner_id, partnerId)),
    });

    it('a doctor who ticks the box starts with the general lists, none of them charted', async () => {
      const lists = await listsOf(await signUpClinic('DOCTOR', '1'));
      expect(lists.complaints).toContainEqual({ name: 'Fever' });
      expect(lists.complaints).not.toContainEqual({ name: 'Toothache' });
      expect(lists.medicines).toContainEqual({
        name: 'Paracetamol 650',
        composition: 'Paracetamol 650 mg',
        dosage: '1 tablet',
      });
      expect(lists.templates.length).toBeGreaterThan(0);
      expect(lists.treatments).toContainEqual({ name: 'Consultation', chart: null });
      expect(lists.treatments.filter((treatment) => treatment.chart !== null)).toEqual([]);
    });

    it('a dentist starts with dental treatments, charted only where a tooth is involved', async () => {
      const lists = await listsOf(await signUpClinic('DENTIST', '1'));
      expect(lists.complaints).toContainEqual({ name: 'Toothache' });
      expect(lists.medicines).toContainEqual(
        expect.objectContaining({
          name: 'Chlorhexidine Mouthwash',
          composition: 'Chlorhexidine gluconate 0.2% w/v',
        }),
      );
      expect(lists.treatments).toContainEqual({ name: 'Consultation', chart: null });
      expect(lists.treatments).toContainEqual({
        name: 'Root canal treatment (molar)',
        chart: 'Root Canal Treatment',
      });
      expect(lists.treatments).toContainEqual({ name: 'Simple extraction', chart: 'Extraction' });
    });

    it('a clinic that unticks the box, or whose client never asks, starts with every list empty', async () => {
      for (const choice of ['0', undefined]) {
        expect(await listsOf(await signUpClinic('DENTIST', choice))).toEqual({
          complaints: [],
          medicines: [],
          templates: [],
          treatments: [],
        });
      }
    });

    it('a value other than 1 or 0 is refused, and no clinic is created', async () => {
      const before = await partnerCount();
      const request = signUpRequest();
      const { body } = await device.call('SignUp', {
        ...request,
        UserAttributes: [...(request.UserAttributes ?? []), { Name: 'custom:starter_lists', Value: 'yes' }],
      });
      expect(body).toEqual({
        __type: 'InvalidParameterException',
        message: identityMessages.attributeNotOneOf('custom:starter_lists', ['1', '0']),
      });
      expect(await partnerCount()).toBe(before);
    });
  });

  const tooShort = 'Password did not conform with policy: Password not long enough';
  it.each([
    ['eleven characters', 'Short-pass1', tooShort],
    ['eleven emoji (twenty-two UTF-16 units)', '🦷🪥😁🩺💊🌿🍵📅🏥🧴🪷', tooShort],
    ['a well-known password', 'iloveyou1234', identityMessages.passwordEasyToGuess],
    ['a well-known password in capitals', 'PasswordPassword', identityMessages.passwordEasyToGuess],
    ['a keyboard walk', 'qwertyuiopasdf', identityMessages.passwordEasyToGuess],
    ['twelve of one emoji', '🦷'.repeat(12), identityMessages.passwordEasyToGuess],
    ['her surname and digits', 'Deshpande12345', identityMessages.passwordEasyToGuess],
  ])('a password of %s is refused', async (_case, weak, message) => {
    expect((await signUp({ Password: weak })).body).toEqual({ __type: 'InvalidPasswordException', message });
  });

  it('twelve emoji make a long enough password, and no composition rules apply', async () => {
    expect((await signUp({ Password: '🦷🪥😁🩺💊🌿🍵📅🏥🧴🪷🌧' })).status).toBe(200);
    expect((await signUp({ Password: 'only lower case words here' })).status).toBe(200);
  });

  it('a surname is a fine password for someone of another name', async () => {
    const request = signUpRequest({ Password: 'Deshpande12345' });
    const attributes = request.UserAttributes?.map((attribute) =>
      attribute.Name === 'name' ? { ...attribute, Value: 'Dr. Anjali Kulkarni' } : attribute,
    );
    expect((await device.call('SignUp', { ...request, UserAttributes: attributes })).status).toBe(200);
  });

  it('the password cannot be the email', async () => {
    const request = signUpRequest();
    expect(
      (await device.call('SignUp', { ...request, Password: request.Username.toUpperCase() })).body.__type,
    ).toBe('InvalidPasswordException');
  });

  describe('confirmation codes', () => {
    const signedUp = async () => {
      const request = signUpRequest();
      expect((await device.call('SignUp', request)).status).toBe(200);
      return request.Username;
    };
    const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('a wrong code is refused; the right one still works', async () => {
      const email = await signedUp();
      const code = await latestCode(t, email);
      expect((await confirm(email, otherThan(code))).body).toEqual({
        __type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
      expect((await confirm(email, code)).status).toBe(200);
    });

    it('five wrong codes burn the code: even the right one is then refused', async () => {
      const email = await signedUp();
      const code = await latestCode(t, email);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await confirm(email, otherThan(code))).body.__type).toBe('CodeMismatchException');
      }
      expect((await confirm(email, code)).body).toEqual({
        __type: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
      });
      await resend(email);
      expect((await confirm(email, await latestCode(t, email))).status).toBe(200);
    });

    it('a code expires after 24 hours', async () => {
      const email = await signedUp();
      const code = await latestCode(t, email);
      t.clock.advance(minutes(24 * 60));
      expect((await confirm(email, code)).body.__type).toBe('ExpiredCodeException');
    });

    it('a new code replaces the one sent before', async () => {
      const email = await signedUp();
      const first = await latestCode(t, email);
      const resent = await resend(email);
      expect(resent.body).toEqual({
        CodeDeliveryDetails: { Destination: 'a***@s***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      });
      const second = await latestCode(t, email);
      if (first !== second) expect((await confirm(email, first)).body.__type).toBe('CodeMismatchException');
      expect((await confirm(email, second)).status).toBe(200);
    });

    it('a confirmed user cannot be confirmed again, nor be sent another code', async () => {
      const email = await signedUp();
      const code = await latestCode(t, email);
      await confirm(email, code);
      expect((await confirm(email, code)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'User cannot be confirmed. Current status is CONFIRMED',
      });
      expect((await resend(email)).body).toEqual({
        __type: 'InvalidParameterException',
        message: 'User is already confirmed.',
      });
    });

    it('at most five codes an hour are sent to one user', async () => {
      const email = await signedUp();
      for (let resent = 0; resent < 4; resent += 1) expect((await resend(email)).status).toBe(200);
      expect((await resend(email)).body).toEqual({
        __type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
      expect(await emailsTo(t, email)).toHaveLength(5);
      t.clock.advance(minutes(60));
      expect((await resend(email)).status).toBe(200);
    });

    it('an unknown email gets the same answer as a real one, and no email is sent', async () => {
      const stranger = 'asha@unknown-clinic.in';
      expect((await resend(stranger)).body).toEqual({
        CodeDeliveryDetails: { Destination: 'a***@u***.in', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      });
      expect(await emailsTo(t, stranger)).toHaveLength(0);
      expect((await confirm(stranger, '123456')).body.__type).toBe('CodeMismatchException');
    });
  });
});
