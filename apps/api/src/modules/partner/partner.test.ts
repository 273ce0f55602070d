import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInDoctor } from '../../../test/clinic-doctors';
import { createSignedInPartner, createTwoPartners, type SignedInPartner } from '../../../test/partners';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { locations, userLocations } from '../../db/schema';

describe('GET /api/get-partner-details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the clinic’s info fields, its locations in the order they were added, and who is signed in', async () => {
    const clinic = await createSignedInPartner(t, {
      name: 'Smile Dental Studio',
      speciality_type: 'DENTIST',
      subscription_type: 'wallet',
      wallet_balance: '1250.50',
      charge_per_booking: '15.00',
      qr_code_domain: 'smile-dental.vaidya.clinic',
      domain_url: 'https://smile-dental.vaidya.clinic',
    });
    await t.database.db.insert(locations).values({
      partner_id: clinic.partnerId,
      location_name: 'Aundh branch',
      address: 'ITI Road, Aundh, Pune',
      contact_no: '9822012345',
      created_at: new Date(Date.now() + 60_000),
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/get-partner-details',
      headers: clinic.headers,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: clinic.partnerId,
      name: 'Smile Dental Studio',
      wallet_balance: 1250.5,
      charge_per_booking: 15,
      subscription_type: 'wallet',
      profile_images: [],
      qr_code_domain: 'smile-dental.vaidya.clinic',
      domain_url: 'https://smile-dental.vaidya.clinic',
      speciality_type: 'DENTIST',
      user: {
        id: clinic.userId,
        email: clinic.email,
        role: 'owner',
        qualification: null,
        registration_council: null,
        registration_number: null,
        signature_url: null,
      },
      doctors: [{ id: clinic.userId, name: expect.any(String) }],
    });
    expect(data.locations.map((l: { location_name: string }) => l.location_name)).toEqual([
      expect.stringMatching(/^Test Clinic \d+ main$/),
      'Aundh branch',
    ]);
    expect(data.locations[1]).toEqual({
      id: expect.any(String),
      location_name: 'Aundh branch',
      address: 'ITI Road, Aundh, Pune',
      contact_no: '9822012345',
      location_images: [],
    });
  });

  it('lists the clinic’s doctors and owners who are not disabled, and shows staff only their locations', async () => {
    const clinic = await createSignedInPartner(t);
    const [branch] = await t.database.db
      .insert(locations)
      .values({ partner_id: clinic.partnerId, location_name: 'Baner branch', contact_no: '9822012345' })
      .returning({ id: locations.id });
    const doctor = await createSignedInDoctor(t, clinic, {
      name: 'Dr. Asha Kulkarni',
      qualification: 'MBBS',
    });
    const desk = await createSignedInDoctor(t, clinic, { name: 'Sunita Pawar', role: 'front_desk' });
    await createSignedInDoctor(t, clinic, { name: 'Dr. Gone', disabled_at: new Date() });
    await t.database.db
      .update(userLocations)
      .set({ location_id: branch?.id as string })
      .where(eq(userLocations.user_id, desk.userId));
    const details = async (who: SignedInPartner) =>
      (await t.app.inject({ method: 'GET', url: '/api/get-partner-details', headers: who.headers })).json()
        .data;

    const forOwner = await details(clinic);
    expect(forOwner.doctors).toEqual([
      { id: doctor.userId, name: 'Dr. Asha Kulkarni' },
      { id: clinic.userId, name: expect.stringMatching(/^Dr\. Test/) },
    ]);
    expect(forOwner.locations.map((l: { id: string }) => l.id)).toEqual([clinic.locationId, branch?.id]);
    const forDoctor = await details(doctor);
    expect(forDoctor.user).toMatchObject({ id: doctor.userId, role: 'doctor', qualification: 'MBBS' });
    expect(forDoctor.locations.map((l: { id: string }) => l.id)).toEqual([clinic.locationId]);
    expect(forDoctor.doctors).toEqual(forOwner.doctors);
    const forDesk = await details(desk);
    expect(forDesk.user.role).toBe('front_desk');
    expect(forDesk.locations.map((l: { id: string }) => l.id)).toEqual([branch?.id]);
  });

  it('shows each partner only its own clinic and locations', async () => {
    const { a, b } = await createTwoPartners(t);
    const forB = (
      await t.app.inject({ method: 'GET', url: '/api/get-partner-details', headers: b.headers })
    ).json();
    expect(forB.data.id).toBe(b.partnerId);
    expect(forB.data.locations.map((l: { id: string }) => l.id)).toEqual([b.locationId]);
    expect(JSON.stringify(forB)).not.toContain(a.locationId);
  });
});

describe('GET /api/public/app-config', () => {
  it('tells the web app where to sign in, without a token', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/public/app-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: { identity: { endpoint: '/api/identity', clientId: 'vaidya-web' } },
      });
    } finally {
      await t.close();
    }
  });
});
