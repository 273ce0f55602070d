import { localToday } from '@vaidya/contract/calendar-dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../../test/api-process';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { testClientId } from '../../../test/test-app';
import { openTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database';
import { systemClock } from '../../clock';
import { defaultTokenIssuer } from '../../config';
import { slots } from '../../db/schema';
import { loadTokenService, type TokenService } from '../identity/tokens';
import { moveWallet, walletBalanceAndLedgerSum } from '../wallet/wallet.repository';

/**
 * Many front desks booking (or marking arrivals) at the same instant through two API
 * processes on one database: the unique index on active slots, the wallet's row lock and
 * a booking's `charged_at` are what keep the answers right, since no process sees the
 * others' requests.
 */
describe.skipIf(testEngine() !== 'postgres')(
  'simultaneous bookings through two API processes (PostgreSQL only: the embedded database runs one query at a time)',
  () => {
    let database: TestDatabase;
    let tokens: TokenService;
    let processes: ApiProcess[] = [];
    // Two days ahead in the partner's zone, so no slot is in the past whatever the time now.
    const date = (() => {
      const today = new Date(`${localToday('Asia/Kolkata', systemClock()).date}T00:00:00Z`);
      return new Date(today.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    })();

    beforeAll(async () => {
      database = await openTestDatabase({ poolSize: 4 });
      // Creates the signing key both processes then load, so they accept these tokens.
      tokens = await loadTokenService({
        db: database.db,
        issuer: defaultTokenIssuer,
        clientId: testClientId,
        clock: systemClock,
      });
      const env = {
        DATABASE_URL: database.url as string,
        DATABASE_POOL_SIZE: '10',
        IDENTITY_CLIENT_ID: testClientId,
      };
      processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(processes.map((process) => process.stop()));
      await database?.dispose();
    });

    const createPartner = (values: Parameters<typeof createSignedInPartner>[1]) =>
      createSignedInPartner({ database, tokens, clock: { now: systemClock } }, values);

    /** All at once, spread over both processes; the statuses in the order sent. */
    async function bookAll(partner: SignedInPartner, queueId: string, startTimes: string[]) {
      const responses = await Promise.all(
        startTimes.map((startTime, index) =>
          fetch(`${processes[index % 2]?.url}/api/book-slot`, {
            method: 'POST',
            headers: { ...partner.headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              queueId,
              date,
              startTime,
              customerName: `Patient ${index}`,
              customerMobile: `9${String(100_000_000 + index)}`,
            }),
          }),
        ),
      );
      return responses.map((response) => response.status);
    }

    const tally = (statuses: number[]) =>
      statuses.reduce<Record<number, number>>((counts, status) => {
        counts[status] = (counts[status] ?? 0) + 1;
        return counts;
      }, {});

    it('gives the last free slot to exactly one of 20 simultaneous bookings; the others get 409', async () => {
      const partner = await createPartner({});
      const queueId = await createQueueWithTimings(database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
        sessions: [{ start: '10:00', end: '10:30' }],
      });
      expect(await bookAll(partner, queueId, ['10:00'])).toEqual([201]);
      const statuses = await bookAll(
        partner,
        queueId,
        Array.from({ length: 20 }, () => '10:15'),
      );
      expect(tally(statuses)).toEqual({ 201: 1, 409: 19 });
    }, 60_000);

    it('lets a wallet with room for 3 bookings pay for exactly 3 of 23 simultaneous ones', async () => {
      const partner = await createPartner({ subscription_type: 'wallet', charge_per_booking: '10.00' });
      await moveWallet(database.db, { kind: 'opening', partnerId: partner.partnerId, amountPaise: 3000 });
      const queueId = await createQueueWithTimings(database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
        sessions: [{ start: '10:00', end: '20:00' }],
      });
      const startTimes = Array.from({ length: 23 }, (_, index) => {
        const minutes = 10 * 60 + index * 15;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      });
      const statuses = await bookAll(partner, queueId, startTimes);
      expect(tally(statuses)).toEqual({ 201: 3, 402: 20 });
      expect(await walletBalanceAndLedgerSum(database.db, partner.partnerId)).toEqual({
        balance: '0.00',
        ledgerSum: '0.00',
        owedPaise: 0,
      });
    }, 60_000);

    /** Online bookings from the clinic's website, one after another; their slot ids. */
    async function bookOnline(queueId: string, startTimes: string[]) {
      const ids: string[] = [];
      for (const [index, startTime] of startTimes.entries()) {
        const response = await fetch(`${processes[0]?.url}/api/public/book-slot`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            queueId,
            date,
            startTime,
            customerName: `Visitor ${index}`,
            customerMobile: `8${String(100_000_000 + index)}`,
          }),
        });
        expect(response.status).toBe(201);
        const [row] = await database.db
          .select({ id: slots.id })
          .from(slots)
          .where(and(eq(slots.queue_id, queueId), eq(slots.date, date), eq(slots.start_time, startTime)));
        ids.push(row?.id as string);
      }
      return ids;
    }

    /** Marks each booking showed up `times` times, all at once, spread over both processes. */
    async function markAll(partner: SignedInPartner, slotIds: string[], times = 1) {
      const responses = await Promise.all(
        slotIds.flatMap((slotId, index) =>
          Array.from({ length: times }, (_, time) =>
            fetch(`${processes[(index + time) % 2]?.url}/api/update-showed-up`, {
              method: 'PUT',
              headers: { ...partner.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ slot_id: slotId, showed_up: true }),
            }),
          ),
        ),
      );
      return responses.map((response) => response.status);
    }

    it('charges an online booking once when 20 front desks mark its patient arrived at the same instant', async () => {
      const partner = await createPartner({ subscription_type: 'wallet', charge_per_booking: '10.00' });
      await moveWallet(database.db, { kind: 'opening', partnerId: partner.partnerId, amountPaise: 3000 });
      const queueId = await createQueueWithTimings(database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      const [slotId] = await bookOnline(queueId, ['10:00']);
      expect(tally(await markAll(partner, [slotId as string], 20))).toEqual({ 200: 20 });
      expect(await walletBalanceAndLedgerSum(database.db, partner.partnerId)).toEqual({
        balance: '20.00',
        ledgerSum: '20.00',
        owedPaise: 0,
      });
    }, 60_000);

    it('never loses a charge when ten arrivals meet a wallet with room for three: the rest is owed', async () => {
      const partner = await createPartner({ subscription_type: 'wallet', charge_per_booking: '10.00' });
      await moveWallet(database.db, { kind: 'opening', partnerId: partner.partnerId, amountPaise: 3000 });
      const queueId = await createQueueWithTimings(database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      const slotIds = await bookOnline(queueId, [
        '10:00',
        '10:15',
        '10:30',
        '10:45',
        '11:00',
        '11:15',
        '11:30',
        '11:45',
        '12:00',
        '12:15',
      ]);
      expect(tally(await markAll(partner, slotIds, 2))).toEqual({ 200: 20 });
      expect(await walletBalanceAndLedgerSum(database.db, partner.partnerId)).toEqual({
        balance: '0.00',
        ledgerSum: '0.00',
        owedPaise: 7000,
      });
    }, 60_000);

    /** Sends each request at once, spread over both processes; the statuses in the order sent. */
    async function sendAll(partner: SignedInPartner, requests: { path: string; body: object }[]) {
      const responses = await Promise.all(
        requests.map((request, index) =>
          fetch(`${processes[index % 2]?.url}${request.path}`, {
            method: 'PUT',
            headers: { ...partner.headers, 'content-type': 'application/json' },
            body: JSON.stringify(request.body),
          }),
        ),
      );
      return responses.map((response) => response.status);
    }

    /** The tokens' states in token order. */
    async function statesOf(queueId: string) {
      const rows = await database.db
        .select({ token: slots.token_number, status: slots.status })
        .from(slots)
        .where(and(eq(slots.queue_id, queueId), eq(slots.date, date)))
        .orderBy(slots.token_number);
      return rows.map((row) => row.status);
    }

    it('calls ten patients one after another when ten desks press call next at the same instant', async () => {
      const partner = await createPartner({});
      const queueId = await createQueueWithTimings(database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      const startTimes = [
        '10:00',
        '10:15',
        '10:30',
        '10:45',
        '11:00',
        '11:15',
        '11:30',
        '11:45',
        '12:00',
        '12:15',
      ];
      expect(tally(await bookAll(partner, queueId, startTimes))).toEqual({ 201: 10 });
      const slotIds = await database.db
        .select({ id: slots.id })
        .from(slots)
        .where(and(eq(slots.queue_id, queueId), eq(slots.date, date)));
      expect(
        tally(
          await markAll(
            partner,
            slotIds.map((row) => row.id),
          ),
        ),
      ).toEqual({ 200: 10 });

      const callNext = { path: '/api/call-next-token', body: { queueId, date } };
      expect(tally(await sendAll(partner, Array(10).fill(callNext)))).toEqual({ 200: 10 });
      expect(await statesOf(queueId)).toEqual([...Array(9).fill('completed'), 'called']);

      // Five desks each call a different patient at once: one of them is served, the others done.
      const urgent = await bookAll(partner, queueId, ['17:00', '17:15', '17:30', '17:45', '18:00']);
      expect(tally(urgent)).toEqual({ 201: 5 });
      const fresh = await database.db
        .select({ id: slots.id })
        .from(slots)
        .where(and(eq(slots.queue_id, queueId), eq(slots.date, date), eq(slots.status, 'booked')));
      const calls = fresh.map((row) => ({ path: '/api/call-token', body: { slotId: row.id } }));
      expect(tally(await sendAll(partner, calls))).toEqual({ 200: 5 });
      expect(tally((await statesOf(queueId)).map((state) => (state === 'called' ? 1 : 0)))).toEqual({
        0: 14,
        1: 1,
      });
    }, 60_000);
  },
);
