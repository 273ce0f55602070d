import { type Endpoint, pathOf } from '@vaidya/contract/endpoint';
import { contractEndpoints } from '@vaidya/contract/endpoints';
import { permissions, type UserRole, userRoles } from '@vaidya/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSignedInMember, createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bills, locations, queues, users } from '../../db/schema';

/**
 * The table of who may do what (issue 23), written out here on its own rather than read
 * from the contract, so a permission left off an endpoint, or put on the wrong one, fails.
 * Everything not named may be called by every role.
 */
const ownerOnly = [
  // Settings, the prescription layout, locations and queues.
  'PUT /v2/edit-partner-details',
  'POST /v2/add-profile-image',
  'PUT /v2/delete-profile-image',
  'POST /v2/add-location-image',
  'PUT /v2/delete-location-image',
  'PUT /consultation-form/upload-header',
  'PUT /consultation-form/upload-authorised-signature',
  'PUT /consultation-form/upload-footer',
  'DELETE /consultation-form/delete-layout-elements',
  'POST /add-location',
  'PUT /update-location',
  'POST /add-queue',
  // Staff.
  'GET /staff/get-staff',
  'POST /staff/add-staff',
  'PUT /staff/update-staff',
  'PUT /staff/reset-password',
  'PUT /staff/disable-staff',
  'PUT /staff/enable-staff',
  // Wallet and payments, referrals, TVs, the patient list as a file.
  'POST /payment/create-rpy-order',
  'PUT /payment/update-payment-status',
  'GET /payment/get-partner-credits-details',
  'POST /payment/test-gateway/pay',
  'POST /new-client-request',
  'GET /referrals',
  'GET /referral-link',
  'POST /tv/pair',
  'GET /tv/list',
  'DELETE /tv/unpair',
  'GET /patient/export-patients',
  'POST /patient/import-patients',
  // Deleting a bill, reopening a closed day.
  'DELETE /bill/delete-bill',
  'POST /reports/reopen-day',
];

const ownerAndDoctor = [
  // Prescriptions, the dental chart and plans.
  'POST /consultation-form/add-consultation-form',
  'PUT /consultation-form/update-consultation-form',
  'DELETE /consultation-form/delete-consultation-form',
  'POST /dental/add-findings',
  'PUT /dental/void-finding',
  'PUT /dental/update-chart',
  'POST /dental/add-plan',
  'PUT /dental/update-plan',
  'PUT /dental/accept-plan',
  'PUT /dental/complete-plan-items',
  // The schedule.
  'PUT /update-queue',
  'PUT /update-slot-size',
  'POST /add-queue-timings',
  'PUT /edit-timings',
  'DELETE /delete-queue-timing',
  'POST /add-off-day',
  'DELETE /delete-off-day',
  // The audit trail.
  'GET /audit/get-events',
  'GET /audit/export-events',
  // The lists behind prescriptions and bills.
  'POST /masters/add-starter-lists',
  // The reports (issue 24); closing a day and its summary are every role's.
  'GET /reports/get-collections',
  'GET /reports/get-dues-ageing',
  'POST /reports/send-dues-reminder',
  'GET /reports/get-visits',
  'GET /reports/get-treatments',
];

/** Every master's changes: add, update and delete of each list. */
const isMasterChange = (call: string) => /^(POST|PUT|DELETE) \/masters\/(add|update|delete)-/.test(call);

function rolesAllowed(call: string): readonly UserRole[] {
  if (ownerOnly.includes(call)) return ['owner'];
  if (ownerAndDoctor.includes(call) || isMasterChange(call)) return ['owner', 'doctor'];
  return userRoles;
}

const signedInCalls = Object.entries(contractEndpoints)
  .filter(
    ([, definition]) => definition.access === 'signed-in' || definition.access === 'public-or-signed-in',
  )
  .map(([name, definition]) => ({ name, call: `${definition.method} ${definition.path}`, definition }));

/** A call of the endpoint with no input: a role it refuses is refused before the input is read. */
const bare = (definition: Endpoint) => ({
  method: definition.method,
  url: `/api${pathOf(definition, Object.fromEntries((definition.path.match(/:\w+/g) ?? []).map((p) => [p.slice(1), crypto.randomUUID()])))}`,
  ...(definition.body ? { payload: {} } : {}),
});

describe('roles: who may call what (issue 23)', () => {
  let t: TestApp;
  let owner: SignedInPartner;
  let members: Record<UserRole, SignedInPartner>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createSignedInPartner(t);
    members = {
      owner,
      doctor: await addSignedInMember(t, owner, { role: 'doctor' }),
      front_desk: await addSignedInMember(t, owner, { role: 'front_desk' }),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks every operation of the served document that a signed-in member calls', async () => {
    const document: { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> } = (
      await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    ).json();
    const walked = new Set(
      signedInCalls.map(
        ({ definition }) => `${definition.method} /api${definition.path.replace(/:(\w+)/g, '{$1}')}`,
      ),
    );
    const bearerOperations = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.some((scheme) => 'bearerAuth' in scheme))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // The live bookings stream only reads, for every role; each other signed-in operation is walked below.
    const notWalked = bearerOperations.filter((operation) => !walked.has(operation));
    expect(notWalked).toEqual(['GET /api/booking-events']);
  });

  it('names in this table only calls the contract has', () => {
    const calls = new Set(signedInCalls.map(({ call }) => call));
    for (const call of [...ownerOnly, ...ownerAndDoctor]) expect(calls, call).toContain(call);
  });

  it.each(signedInCalls)('$call answers each role as the table says', async ({ call, definition }) => {
    for (const role of userRoles) {
      const response = await t.app.inject({ ...bare(definition), headers: members[role].headers });
      const allowed = rolesAllowed(call).includes(role);
      if (allowed) {
        // A file (the CSV exports) is no error body.
        const answer = String(response.headers['content-type']).startsWith('application/json')
          ? response.json()
          : {};
        expect(answer.code, `${role} may ${call}`).not.toBe('ROLE_FORBIDDEN');
      } else {
        expect(response.statusCode, `${role} may not ${call}`).toBe(403);
        expect(response.json()).toEqual({
          code: 'ROLE_FORBIDDEN',
          message: permissions[definition.permission ?? 'clinicAdministration'].refusal,
        });
      }
    }
  });

  it('keeps the session after a role refusal, and applies a role change on the next call', async () => {
    const frontDesk = members.front_desk;
    const refused = await t.app.inject({ method: 'GET', url: '/api/tv/list', headers: frontDesk.headers });
    expect(refused.statusCode).toBe(403);
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/get-partner-details',
      headers: frontDesk.headers,
    });
    expect(still.statusCode).toBe(200);
    expect(still.json().data.user.role).toBe('front_desk');

    await t.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, frontDesk.userId));
    const promoted = await t.app.inject({ method: 'GET', url: '/api/tv/list', headers: frontDesk.headers });
    expect(promoted.statusCode).toBe(200);
    await t.database.db.update(users).set({ role: 'front_desk' }).where(eq(users.id, frontDesk.userId));
    const demoted = await t.app.inject({ method: 'GET', url: '/api/tv/list', headers: frontDesk.headers });
    expect(demoted.json().code).toBe('ROLE_FORBIDDEN');
  });

  describe('a doctor changes the schedule of their own queues only', () => {
    let ownQueue: string;
    let othersQueue: string;
    beforeAll(async () => {
      const { db } = t.database;
      ownQueue = await createQueueWithTimings(db, {
        partnerId: owner.partnerId,
        locationId: owner.locationId,
      });
      othersQueue = await createQueueWithTimings(db, {
        partnerId: owner.partnerId,
        locationId: owner.locationId,
      });
      await db.update(queues).set({ doctor_user_id: members.doctor.userId }).where(eq(queues.id, ownQueue));
    });

    const addOffDay = (member: SignedInPartner, queueId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/add-off-day',
        headers: member.headers,
        payload: { queueId, date: '2026-12-24' },
      });

    it('adds an off-day to their queue, and is refused on another doctor’s', async () => {
      expect((await addOffDay(members.doctor, ownQueue)).statusCode).toBe(201);
      const refused = await addOffDay(members.doctor, othersQueue);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ROLE_FORBIDDEN');
      expect((await addOffDay(owner, othersQueue)).statusCode).toBe(201);
    });

    it('renames their queue but may not give it another doctor; the owner may', async () => {
      const rename = (member: SignedInPartner, payload: object) =>
        t.app.inject({ method: 'PUT', url: '/api/update-queue', headers: member.headers, payload });
      expect((await rename(members.doctor, { id: ownQueue, queueName: 'Dr Own — OPD' })).statusCode).toBe(
        200,
      );
      const moved = await rename(members.doctor, {
        id: ownQueue,
        queueName: 'Dr Own — OPD',
        doctorUserId: null,
      });
      expect(moved.json().code).toBe('ROLE_FORBIDDEN');
      const given = await rename(owner, {
        id: othersQueue,
        queueName: 'Second',
        doctorUserId: members.doctor.userId,
      });
      expect(given.statusCode).toBe(200);
      expect(given.json().data.doctor_user_id).toBe(members.doctor.userId);
      const notADoctor = await rename(owner, {
        id: othersQueue,
        queueName: 'Second',
        doctorUserId: members.front_desk.userId,
      });
      expect(notADoctor.statusCode).toBe(404);
    });
  });

  describe('a member of staff works at their own locations', () => {
    let branch: string;
    let branchQueue: string;
    beforeAll(async () => {
      const { db } = t.database;
      const [row] = await db
        .insert(locations)
        .values({ partner_id: owner.partnerId, location_name: 'Branch', contact_no: '' })
        .returning({ id: locations.id });
      branch = row?.id as string;
      branchQueue = await createQueueWithTimings(db, { partnerId: owner.partnerId, locationId: branch });
    });

    it('sees only their locations in the clinic’s details; the owner sees all', async () => {
      const details = async (member: SignedInPartner) =>
        (await t.app.inject({ method: 'GET', url: '/api/get-partner-details', headers: member.headers }))
          .json()
          .data.locations.map((location: { id: string }) => location.id);
      expect(await details(members.front_desk)).toEqual([owner.locationId]);
      expect(await details(owner)).toEqual(expect.arrayContaining([owner.locationId, branch]));
    });

    it('is refused the bookings, queues and bills of a location they do not work at', async () => {
      const frontDesk = members.front_desk;
      const asked = [
        { method: 'GET' as const, url: `/api/get-bookings-admin?queue_id=${branchQueue}&date=2026-11-03` },
        { method: 'GET' as const, url: `/api/get-queues?location_id=${branch}` },
        { method: 'GET' as const, url: `/api/bill/get-bills?location_id=${branch}` },
      ];
      for (const request of asked) {
        const refused = await t.app.inject({ ...request, headers: frontDesk.headers });
        expect(refused.statusCode, request.url).toBe(403);
        expect(refused.json().code).toBe('ROLE_FORBIDDEN');
        const asOwner = await t.app.inject({ ...request, headers: owner.headers });
        expect(asOwner.statusCode, request.url).toBe(200);
      }
    });
  });

  describe('bills', () => {
    const billBody = (locationId: string) => ({
      locationId,
      customerName: 'Asha Verma',
      customerMobile: '98220 11001',
      items: [{ name: 'Consultation', quantity: 1, unitPrice: 500 }],
      amountPaid: 0,
      paymentMode: 'cash',
    });
    const addBill = async (member: SignedInPartner, locationId = owner.locationId) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bill/add-bill',
        headers: member.headers,
        payload: billBody(locationId),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    const editBill = (member: SignedInPartner, id: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/bill/edit-bill',
        headers: member.headers,
        payload: {
          ...billBody(owner.locationId),
          id,
          items: [{ name: 'X-ray', quantity: 1, unitPrice: 300 }],
        },
      });

    it('the desk and a doctor edit a bill on its day; after that day only the owner', async () => {
      const id = await addBill(members.front_desk);
      expect((await editBill(members.front_desk, id)).statusCode).toBe(200);
      expect((await editBill(members.doctor, id)).statusCode).toBe(200);
      // Made the day before: the test clock's today is 2 November.
      await t.database.db.update(bills).set({ generated_date: '2026-11-01' }).where(eq(bills.id, id));
      for (const role of ['front_desk', 'doctor'] as const) {
        const late = await editBill(members[role], id);
        expect(late.statusCode, role).toBe(403);
        expect(late.json()).toEqual({ code: 'ROLE_FORBIDDEN', message: permissions.billCorrections.refusal });
      }
      expect((await editBill(owner, id)).statusCode).toBe(200);
    });

    it('a member of staff does not open a bill of a location they do not work at', async () => {
      const { db } = t.database;
      const [row] = await db
        .insert(locations)
        .values({ partner_id: owner.partnerId, location_name: 'Camp', contact_no: '' })
        .returning({ id: locations.id });
      const id = await addBill(owner, row?.id as string);
      const asked = await t.app.inject({
        method: 'GET',
        url: `/api/bill/get-by-id?id=${id}`,
        headers: members.front_desk.headers,
      });
      expect(asked.statusCode).toBe(403);
      expect(asked.json().code).toBe('ROLE_FORBIDDEN');

      // The patient is the clinic's, seen by all; what they owe and their timeline, by location.
      const patientId = (
        await t.app.inject({ method: 'GET', url: `/api/bill/get-by-id?id=${id}`, headers: owner.headers })
      ).json().data.patient_id as string;
      const seenBy = async (member: SignedInPartner) => {
        const record = await t.app.inject({
          method: 'GET',
          url: `/api/patient/get-by-id?patient_id=${patientId}`,
          headers: member.headers,
        });
        const timeline = await t.app.inject({
          method: 'GET',
          url: `/api/patient/get-timeline?patient_id=${patientId}`,
          headers: member.headers,
        });
        const bills = timeline.json().data.results.filter((item: { type: string }) => item.type === 'bill');
        return {
          balance: record.json().data.balance as number,
          bills: bills.map((bill: { id: string }) => bill.id),
        };
      };
      const asOwner = await seenBy(owner);
      const atTheDesk = await seenBy(members.front_desk);
      expect(asOwner.balance - atTheDesk.balance).toBe(500);
      expect(asOwner.bills).toContain(id);
      expect(atTheDesk.bills).not.toContain(id);
      expect(atTheDesk.bills.length).toBe(asOwner.bills.length - 1);
    });
  });
});
