import { toPaise } from '@vaidya/contract/bill-arithmetic';
import { bookingRefusals } from '@vaidya/contract/booking-refusals';
import { bookingMessages } from '@vaidya/contract/bookings';
import { messages } from '@vaidya/contract/messages';
import { patientMessages } from '@vaidya/contract/patients';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { addOffDay, createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { slots } from '../../db/schema';
import { moveWallet, walletBalanceAndLedgerSum } from '../wallet/wallet.repository';

// The test clock starts at 2026-11-02T04:30Z: Monday 2 November, 10:00 in India.
const today = '2026-11-02';
const tomorrow = '2026-11-03';
const yesterday = '2026-11-01';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Clinic extends SignedInPartner {
  queueId: string;
}

async function createClinic(values: Parameters<typeof createSignedInPartner>[1] = {}): Promise<Clinic> {
  const partner = await createSignedInPartner(t, values);
  const queueId = await createQueueWithTimings(t.database.db, {
    partnerId: partner.partnerId,
    locationId: partner.locationId,
  });
  return { ...partner, queueId };
}

/** A wallet partner whose money came in through the ledger, so balance and ledger agree from the start. */
async function createWalletClinic(balance: string, charge: string): Promise<Clinic> {
  const clinic = await createClinic({ subscription_type: 'wallet', charge_per_booking: charge });
  await moveWallet(t.database.db, {
    kind: 'opening',
    partnerId: clinic.partnerId,
    amountPaise: toPaise(Number(balance)),
  });
  return clinic;
}

const call = (clinic: SignedInPartner | undefined, request: InjectOptions) =>
  t.app.inject({ ...request, headers: clinic?.headers });

let mobileSeed = 0;
/** A different valid mobile for each booking, so per-number limits never interfere. */
const nextMobile = () => `98${String(10_000_000 + (mobileSeed++ % 89_999_999)).padStart(8, '0')}`;

function book(
  clinic: Clinic,
  slot: {
    date?: string;
    startTime: string;
    name?: string;
    mobile?: string;
    queueId?: string;
    patientId?: string;
  },
  by: SignedInPartner = clinic,
) {
  return call(by, {
    method: 'POST',
    url: '/api/book-slot',
    payload: {
      queueId: slot.queueId ?? clinic.queueId,
      date: slot.date ?? tomorrow,
      startTime: slot.startTime,
      customerName: slot.name ?? 'Ramesh Kumar',
      customerMobile: slot.mobile ?? nextMobile(),
      patientId: slot.patientId,
    },
  });
}

let addressSeed = 0;
function bookOnline(
  clinic: Clinic,
  slot: { date?: string; startTime: string; name?: string; mobile?: string },
) {
  addressSeed += 1;
  return call(undefined, {
    method: 'POST',
    url: '/api/public/book-slot',
    // A visitor of their own each time: the limit per address is online-bookings.test.ts's.
    remoteAddress: `10.66.${addressSeed >> 8}.${addressSeed & 255}`,
    payload: {
      queueId: clinic.queueId,
      date: slot.date ?? tomorrow,
      startTime: slot.startTime,
      customerName: slot.name ?? 'Online Patient',
      customerMobile: slot.mobile ?? nextMobile(),
    },
  });
}

const listDay = (clinic: Clinic, date = tomorrow, extra = '') =>
  call(clinic, {
    method: 'GET',
    url: `/api/get-bookings-admin?date=${date}&queue_id=${clinic.queueId}${extra}`,
  });

const cancel = (clinic: SignedInPartner, slotId: string) =>
  call(clinic, { method: 'DELETE', url: `/api/cancel-token-by-admin?slot_id=${slotId}` });

const move = (clinic: SignedInPartner, slotId: string, startTime: string) =>
  call(clinic, { method: 'PUT', url: '/api/edit-time-for-ind-patient', payload: { slotId, startTime } });

/** The queue's per-token moves (issue 19). */
const queueMoves = ['call-token', 'complete-token', 'mark-no-show', 'return-to-waiting'] as const;
const moveInQueue = (clinic: SignedInPartner, path: (typeof queueMoves)[number], slotId: string) =>
  call(clinic, { method: 'PUT', url: `/api/${path}`, payload: { slotId } });

const unseenCount = (clinic: SignedInPartner, locationId = clinic.locationId) =>
  call(clinic, { method: 'GET', url: `/api/get-unclaimed-page-bookings-count?client_id=${locationId}` });

async function ledgerAgrees(partnerId: string) {
  const wallet = await walletBalanceAndLedgerSum(t.database.db, partnerId);
  expect(wallet?.balance).toBe(wallet?.ledgerSum);
  return wallet?.balance;
}

describe('POST /api/book-slot', () => {
  it('books a free slot with the next token and the patient found or created by mobile and name', async () => {
    const clinic = await createClinic();
    const response = await book(clinic, {
      startTime: '10:30',
      name: 'Ramesh Kumar',
      mobile: '+91 98765-43210',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: {
        id: expect.any(String),
        queue_id: clinic.queueId,
        date: tomorrow,
        start_time: '10:30',
        end_time: '10:45',
        token_number: 1,
        status: 'booked',
        source: 'front_desk',
        customer: {
          id: expect.any(String),
          name: 'Ramesh Kumar',
          mobile: '9876543210',
          age: null,
          gender: null,
        },
        showed_up_at: null,
        called_at: null,
        completed_at: null,
        no_show_at: null,
      },
      message: bookingMessages.booked,
    });
    // The same name in another case is the same patient, written as the desk typed it.
    const again = await book(clinic, { startTime: '17:00', name: 'RAMESH kumar', mobile: '9876543210' });
    expect(again.json().data.customer).toMatchObject({
      id: response.json().data.customer.id,
      name: 'RAMESH kumar',
    });
    // Another name on the phone is another of the family; Ramesh stays as he is.
    const son = await book(clinic, { startTime: '17:15', name: 'Rahul Kumar', mobile: '9876543210' });
    expect(son.json().data.customer).toMatchObject({ name: 'Rahul Kumar', mobile: '9876543210' });
    expect(son.json().data.customer.id).not.toBe(response.json().data.customer.id);
  });

  it('books for the patient the desk picked, whose name and mobile the booking must carry', async () => {
    const clinic = await createClinic();
    const mobile = '9822044001';
    const mother = (await book(clinic, { startTime: '10:00', name: 'Meera Shah', mobile })).json().data
      .customer;
    const child = (await book(clinic, { startTime: '10:15', name: 'Anya Shah', mobile })).json().data
      .customer;
    const picked = await book(clinic, { startTime: '10:30', name: 'anya shah', mobile, patientId: child.id });
    expect(picked.statusCode).toBe(201);
    expect(picked.json().data.customer).toMatchObject({ id: child.id, name: 'anya shah' });
    // Picked the mother but typed the child's name: refused, nothing booked.
    const differs = await book(clinic, {
      startTime: '10:45',
      name: 'Anya Shah',
      mobile,
      patientId: mother.id,
    });
    expect(differs.statusCode).toBe(400);
    expect(differs.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: patientMessages.pickedPatientDiffers,
    });
    // Another clinic's patient is not found.
    const other = await createClinic();
    const foreign = await book(other, { startTime: '10:00', name: 'Anya Shah', mobile, patientId: child.id });
    expect(foreign.statusCode).toBe(404);
    expect((await listDay(clinic)).json().data).toHaveLength(3);
    // The booking website takes no patient id: the visitor's mobile and name decide.
    const online = await call(undefined, {
      method: 'POST',
      url: '/api/public/book-slot',
      remoteAddress: '10.66.250.1',
      payload: {
        queueId: clinic.queueId,
        date: tomorrow,
        startTime: '11:00',
        customerName: 'Kabir Shah',
        customerMobile: mobile,
        patientId: mother.id,
      },
    });
    expect(online.statusCode).toBe(201);
    expect(JSON.stringify(online.json())).not.toContain(mother.id);
    const day = (await listDay(clinic)).json().data;
    expect(day.at(-1).customer).toMatchObject({ name: 'Kabir Shah', mobile });
    expect([mother.id, child.id]).not.toContain(day.at(-1).customer.id);
  });

  it('numbers tokens 1, 2, 3 in the order booked, never giving a cancelled token again', async () => {
    const clinic = await createClinic();
    const first = (await book(clinic, { startTime: '17:00' })).json().data;
    const second = (await book(clinic, { startTime: '10:00' })).json().data;
    expect([first.token_number, second.token_number]).toEqual([1, 2]);
    expect((await cancel(clinic, second.id)).statusCode).toBe(200);
    const third = (await book(clinic, { startTime: '10:00' })).json().data;
    expect(third.token_number).toBe(3);
    const otherDay = (await book(clinic, { startTime: '10:00', date: '2026-11-04' })).json().data;
    expect(otherDay.token_number).toBe(1);
    const list = (await listDay(clinic)).json().data;
    expect(list.map((slot: { token_number: number }) => slot.token_number)).toEqual([1, 3]);
  });

  it('answers 409 for a time already booked, and books it again once it is cancelled', async () => {
    const clinic = await createClinic();
    const first = await book(clinic, { startTime: '11:00' });
    const second = await book(clinic, { startTime: '11:00' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: bookingMessages.slotTaken, code: 'CONFLICT' });
    await cancel(clinic, first.json().data.id);
    expect((await book(clinic, { startTime: '11:00' })).statusCode).toBe(201);
  });

  it('refuses past days and times already begun today, and accepts the slot starting right now', async () => {
    const clinic = await createClinic();
    for (const slot of [
      { date: yesterday, startTime: '17:00' },
      { date: today, startTime: '09:45' },
    ]) {
      const response = await book(clinic, slot);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(bookingRefusals.slotInPast);
    }
    expect((await book(clinic, { date: today, startTime: '10:00' })).statusCode).toBe(201);
  });

  it('refuses times outside the sessions, off the slot grid, and in off time', async () => {
    const clinic = await createClinic();
    await addOffDay(t.database.db, {
      partnerId: clinic.partnerId,
      queueId: clinic.queueId,
      date: '2026-11-05',
    });
    await addOffDay(t.database.db, {
      partnerId: clinic.partnerId,
      queueId: clinic.queueId,
      date: tomorrow,
      start: '11:10',
      end: '11:40',
    });
    for (const slot of [
      { startTime: '14:00' },
      { startTime: '12:55' },
      { startTime: '10:07' },
      { startTime: '11:00' },
      { startTime: '11:30' },
      { date: '2026-11-05', startTime: '10:00' },
    ]) {
      const response = await book(clinic, slot);
      expect(response.statusCode, slot.startTime).toBe(422);
      expect(response.json().message).toBe(bookingRefusals.slotNotOpen);
    }
    expect((await book(clinic, { startTime: '11:45' })).statusCode).toBe(201);
  });

  it('follows the partner’s time zone for what is past', async () => {
    // 04:30Z is 23:30 the day before in New York: all of 2 November is still ahead there.
    const clinic = await createClinic({ time_zone: 'America/New_York' });
    expect((await book(clinic, { date: yesterday, startTime: '19:45' })).statusCode).toBe(422);
    expect((await book(clinic, { date: today, startTime: '10:00' })).statusCode).toBe(201);
  });

  it('validates the body with the contract’s sentences', async () => {
    const clinic = await createClinic();
    const response = await call(clinic, {
      method: 'POST',
      url: '/api/book-slot',
      payload: {
        queueId: clinic.queueId,
        date: tomorrow,
        startTime: '10:00',
        customerName: ' ',
        customerMobile: '12345',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Name is required|valid 10-digit mobile/);
  });
});

describe('ownership', () => {
  it('answers 404 to another partner for every booking call on ids that are not its own', async () => {
    const a = await createClinic();
    const b = await createClinic();
    const slotId = (await book(a, { startTime: '10:00' })).json().data.id;
    const responses = [
      await book(a, { startTime: '10:15' }, b),
      await call(b, { method: 'GET', url: `/api/get-bookings-admin?date=${tomorrow}&queue_id=${a.queueId}` }),
      await call(b, {
        method: 'PUT',
        url: '/api/update-showed-up',
        payload: { slot_id: slotId, showed_up: true },
      }),
      await cancel(b, slotId),
      await call(b, { method: 'PUT', url: '/api/edit-name', payload: { slotId, customerName: 'Someone' } }),
      await move(b, slotId, '10:30'),
      await unseenCount(b, a.locationId),
      ...(await Promise.all(queueMoves.map((path) => moveInQueue(b, path, slotId)))),
      await call(b, {
        method: 'PUT',
        url: '/api/call-next-token',
        payload: { queueId: a.queueId, date: tomorrow },
      }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(404));
    const untouched = (await listDay(a)).json().data;
    expect(untouched).toEqual([
      expect.objectContaining({ id: slotId, status: 'booked', start_time: '10:00' }),
    ]);
    expect(untouched[0].customer.name).toBe('Ramesh Kumar');
  });
});

describe('the day’s bookings', () => {
  it('marks showed up and back, hides completed ones unless asked, and refuses a cancelled booking', async () => {
    const clinic = await createClinic();
    const arrived = (await book(clinic, { startTime: '10:00' })).json().data;
    const done = (await book(clinic, { startTime: '10:15' })).json().data;
    const showedUp = (id: string, value: boolean) =>
      call(clinic, {
        method: 'PUT',
        url: '/api/update-showed-up',
        payload: { slot_id: id, showed_up: value },
      });
    const marked = await showedUp(arrived.id, true);
    expect(marked.json()).toMatchObject({
      data: { status: 'showed_up' },
      message: bookingMessages.showedUpMarked,
    });
    expect((await showedUp(arrived.id, false)).json().data.status).toBe('booked');
    await t.database.db.update(slots).set({ status: 'completed' }).where(eq(slots.id, done.id));
    expect((await listDay(clinic)).json().data.map((slot: { id: string }) => slot.id)).toEqual([arrived.id]);
    const withCompleted = (await listDay(clinic, tomorrow, '&showCompleteBookings=true')).json().data;
    expect(withCompleted.map((slot: { id: string }) => slot.id)).toEqual([arrived.id, done.id]);
    expect((await showedUp(done.id, true)).json().message).toBe(bookingRefusals.bookingCompleted);
    await cancel(clinic, arrived.id);
    const refused = await showedUp(arrived.id, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(bookingRefusals.bookingCancelled);
  });

  it('keeps the times of arrival, call, completion and no-show, and lists finished tokens only when asked', async () => {
    const clinic = await createClinic();
    const now = t.clock.now().toISOString();
    // One after another, so the tokens are 1, 2 and 3 in this order.
    const ids: string[] = [];
    for (const startTime of ['10:00', '10:15', '10:30']) {
      ids.push((await book(clinic, { startTime })).json().data.id);
    }
    const [first, second, third] = ids as [string, string, string];
    const arrived = await call(clinic, {
      method: 'PUT',
      url: '/api/update-showed-up',
      payload: { slot_id: first, showed_up: true },
    });
    expect(arrived.json().data).toMatchObject({ showed_up_at: now, called_at: null, completed_at: null });
    expect((await moveInQueue(clinic, 'call-token', first)).json().data).toMatchObject({
      status: 'called',
      showed_up_at: now,
      called_at: now,
    });
    expect((await moveInQueue(clinic, 'complete-token', first)).json().data).toMatchObject({
      status: 'completed',
      completed_at: now,
    });
    const absent = await moveInQueue(clinic, 'mark-no-show', second);
    expect(absent.json()).toMatchObject({
      message: bookingMessages.tokenMarkedNoShow(2),
      data: { status: 'no_show', no_show_at: now, showed_up_at: null },
    });
    await moveInQueue(clinic, 'call-token', third);

    const open = (await listDay(clinic)).json().data;
    expect(
      open.map((slot: { token_number: number; status: string }) => [slot.token_number, slot.status]),
    ).toEqual([[3, 'called']]);
    const all = (await listDay(clinic, tomorrow, '&showCompleteBookings=true')).json().data;
    expect(all.map((slot: { status: string }) => slot.status)).toEqual(['completed', 'no_show', 'called']);
  });

  it('puts a booking on the family’s patient of the corrected name, never renaming a patient', async () => {
    const clinic = await createClinic();
    const mobile = '9822033001';
    const slot = (await book(clinic, { startTime: '10:00', name: 'Asha Patil', mobile })).json().data;
    const later = (await book(clinic, { startTime: '10:15', name: 'Asha Patil', mobile })).json().data;
    const editName = (slotId: string, customerName: string) =>
      call(clinic, { method: 'PUT', url: '/api/edit-name', payload: { slotId, customerName } });
    // The desk booked the mother where her son came: the booking moves to him, added as new.
    const moved = await editName(slot.id, '  Rohan Patil ');
    expect(moved.json()).toMatchObject({
      data: { id: slot.id, customer: { name: 'Rohan Patil', mobile } },
      message: bookingMessages.nameUpdated,
    });
    const rohan = moved.json().data.customer;
    expect(rohan.id).not.toBe(slot.customer.id);
    const family = (await call(clinic, { method: 'GET', url: `/api/get-patient-by-mobile?mobile=${mobile}` }))
      .json()
      .data.map((patient: { name: string }) => patient.name);
    expect(family).toEqual(['Asha Patil', 'Rohan Patil']);
    // The mother's other booking is hers still, under her own name.
    const day = (await listDay(clinic)).json().data;
    expect(day.find((booking: { id: string }) => booking.id === later.id).customer).toMatchObject({
      id: slot.customer.id,
      name: 'Asha Patil',
    });
    // Back to her, typed in another case: the same patient as she is.
    const back = await editName(slot.id, 'asha patil');
    expect(back.json().data.customer).toEqual(slot.customer);
    // Another clinic's booking is not found.
    const other = await createClinic();
    expect(
      (
        await call(other, {
          method: 'PUT',
          url: '/api/edit-name',
          payload: { slotId: slot.id, customerName: 'X Y' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('moves a booking to a free time of its day, keeping its token, and refuses a taken or closed time', async () => {
    const clinic = await createClinic();
    const first = (await book(clinic, { startTime: '10:00' })).json().data;
    const second = (await book(clinic, { startTime: '10:15' })).json().data;
    const moved = await move(clinic, first.id, '18:30');
    expect(moved.json()).toMatchObject({
      data: { id: first.id, token_number: 1, start_time: '18:30', end_time: '18:45' },
      message: bookingMessages.timeUpdated,
    });
    expect((await move(clinic, first.id, '10:15')).statusCode).toBe(409);
    expect((await move(clinic, first.id, '14:00')).statusCode).toBe(422);
    // The time it left is free again.
    expect((await book(clinic, { startTime: '10:00' })).json().data.token_number).toBe(3);
    await cancel(clinic, second.id);
    expect((await move(clinic, second.id, '11:00')).statusCode).toBe(409);
  });
});

describe('cancel-token-by-admin', () => {
  it('cancels once, frees the time, and answers 409 the second time', async () => {
    const clinic = await createClinic();
    const slot = (await book(clinic, { startTime: '10:00' })).json().data;
    const cancelled = await cancel(clinic, slot.id);
    expect(cancelled.json()).toMatchObject({
      data: { id: slot.id, status: 'cancelled' },
      message: bookingMessages.cancelled,
    });
    const again = await cancel(clinic, slot.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(bookingRefusals.alreadyCancelled);
    expect((await listDay(clinic)).json().data).toEqual([]);
  });
});

describe('the wallet', () => {
  it('takes the charge with each booking and refunds it on cancellation, the balance always the ledger’s sum', async () => {
    const clinic = await createWalletClinic('25.00', '10.00');
    const first = (await book(clinic, { startTime: '10:00' })).json().data;
    expect(await ledgerAgrees(clinic.partnerId)).toBe('15.00');
    await book(clinic, { startTime: '10:15' });
    expect(await ledgerAgrees(clinic.partnerId)).toBe('5.00');
    // Below one booking's charge: the wallet guard blocks the front desk.
    const blocked = await book(clinic, { startTime: '10:30' });
    expect(blocked.statusCode).toBe(402);
    expect(blocked.json().message).toBe(messages.insufficientBalance);
    // The website takes no booking either while the balance is below one charge (decision 027).
    const online = await bookOnline(clinic, { startTime: '10:30' });
    expect(online.statusCode).toBe(402);
    expect(online.json().message).toBe(messages.insufficientBalance);
    expect((await listDay(clinic)).json().data).toHaveLength(2);
    // Cancelling is a booking mutation too: behind the guard until the clinic recharges.
    expect((await cancel(clinic, first.id)).statusCode).toBe(402);
    // Money comes in (written straight to the ledger here; wallet.test.ts pays real recharges).
    await moveWallet(t.database.db, { kind: 'opening', partnerId: clinic.partnerId, amountPaise: 1000 });
    expect((await cancel(clinic, first.id)).statusCode).toBe(200);
    expect(await ledgerAgrees(clinic.partnerId)).toBe('25.00');
    expect((await cancel(clinic, first.id)).statusCode).toBe(409);
    expect(await ledgerAgrees(clinic.partnerId)).toBe('25.00');
  });

  it('charges an online booking when its patient is called or comes back, never when marked not come', async () => {
    const clinic = await createWalletClinic('25.00', '10.00');
    const called = (await bookOnline(clinic, { startTime: '10:00' })).json().data.token_number;
    await bookOnline(clinic, { startTime: '10:15' });
    await bookOnline(clinic, { startTime: '10:30' });
    const [first, absent, late] = (await listDay(clinic)).json().data.map((slot: { id: string }) => slot.id);
    expect(called).toBe(1);
    expect(await ledgerAgrees(clinic.partnerId)).toBe('25.00');

    expect((await moveInQueue(clinic, 'call-token', first)).statusCode).toBe(200);
    expect(await ledgerAgrees(clinic.partnerId)).toBe('15.00');
    expect((await moveInQueue(clinic, 'complete-token', first)).statusCode).toBe(200);
    expect((await moveInQueue(clinic, 'mark-no-show', absent)).statusCode).toBe(200);
    expect((await moveInQueue(clinic, 'mark-no-show', late)).statusCode).toBe(200);
    expect(await ledgerAgrees(clinic.partnerId)).toBe('15.00');
    // The late one turns up after all: waiting again is having come.
    expect((await moveInQueue(clinic, 'return-to-waiting', late)).json().data.status).toBe('showed_up');
    expect(await ledgerAgrees(clinic.partnerId)).toBe('5.00');
    const charged = await t.database.db
      .select({ id: slots.id, charged_at: slots.charged_at })
      .from(slots)
      .where(eq(slots.id, absent));
    expect(charged).toEqual([{ id: absent, charged_at: null }]);
  });

  it('charges a standard partner nothing', async () => {
    const clinic = await createClinic({ charge_per_booking: '10.00' });
    await book(clinic, { startTime: '10:00' });
    expect(await ledgerAgrees(clinic.partnerId)).toBe('0.00');
  });
});

describe('online bookings', () => {
  it('books from the website without a sign-in, showing the visitor only what they typed', async () => {
    const clinic = await createClinic();
    const stored = (
      await book(clinic, { startTime: '10:00', name: 'Stored Name', mobile: '9123456780' })
    ).json().data.customer;
    // A new name on a known mobile is another of the family: a patient of their own.
    const response = await bookOnline(clinic, {
      startTime: '10:15',
      name: 'Typed Name',
      mobile: '9123456780',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ token_number: 2, customer_name: 'Typed Name' });
    // The same name in another case is the known patient, whom an anonymous visitor does not rename.
    const again = await bookOnline(clinic, {
      startTime: '10:30',
      name: 'stored  name',
      mobile: '9123456780',
    });
    expect(again.statusCode).toBe(201);
    const list = (await listDay(clinic)).json().data;
    expect(list[1]).toMatchObject({ source: 'online', customer: { name: 'Typed Name' } });
    expect(list[1].customer.id).not.toBe(stored.id);
    expect(list[2]).toMatchObject({ source: 'online', customer: { id: stored.id, name: 'Stored Name' } });
  });

  it('counts unseen online bookings of a location until staff list that day', async () => {
    const clinic = await createClinic();
    await bookOnline(clinic, { startTime: '10:00' });
    await bookOnline(clinic, { startTime: '10:15' });
    await bookOnline(clinic, { startTime: '10:00', date: '2026-11-04' });
    await book(clinic, { startTime: '10:30' });
    expect((await unseenCount(clinic)).json()).toEqual({ data: { count: 3 } });
    const [cancelledOne] = await t.database.db
      .select({ id: slots.id })
      .from(slots)
      .where(and(eq(slots.queue_id, clinic.queueId), eq(slots.start_time, '10:15')));
    await cancel(clinic, cancelledOne?.id as string);
    expect((await unseenCount(clinic)).json()).toEqual({ data: { count: 2 } });
    await listDay(clinic);
    expect((await unseenCount(clinic)).json().data.count).toBe(1);
    await listDay(clinic, '2026-11-04');
    expect((await unseenCount(clinic)).json().data.count).toBe(0);
  });

  it('answers 404 for a queue that does not exist', async () => {
    const response = await call(undefined, {
      method: 'POST',
      url: '/api/public/book-slot',
      payload: {
        queueId: crypto.randomUUID(),
        date: tomorrow,
        startTime: '10:00',
        customerName: 'Someone',
        customerMobile: nextMobile(),
      },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/create-user', () => {
  it('creates a patient, returns the one known by that mobile and name unchanged, and adds a family’s other', async () => {
    const clinic = await createClinic();
    const create = (payload: object) => call(clinic, { method: 'POST', url: '/api/create-user', payload });
    const created = await create({ name: 'Sita Devi', mobile: '9988776655', age: 34, gender: 'female' });
    expect(created.json()).toEqual({
      data: { id: expect.any(String), name: 'Sita Devi', mobile: '9988776655', age: 34, gender: 'female' },
      message: bookingMessages.patientSaved,
    });
    const again = await create({ name: ' sita   DEVI ', mobile: '+919988776655' });
    expect(again.json().data).toEqual(created.json().data);
    const daughter = await create({ name: 'Gauri Devi', mobile: '9988776655', age: 6 });
    expect(daughter.json().data).toEqual({
      id: expect.any(String),
      name: 'Gauri Devi',
      mobile: '9988776655',
      age: 6,
      gender: null,
    });
    expect(daughter.json().data.id).not.toBe(created.json().data.id);
    expect((await create({ name: 'Sita', mobile: '9988776655', age: 200 })).statusCode).toBe(400);
  });
});

describe('GET /api/get-patient-by-mobile', () => {
  const lookUp = (clinic: SignedInPartner, mobile: string) =>
    call(clinic, { method: 'GET', url: `/api/get-patient-by-mobile?mobile=${encodeURIComponent(mobile)}` });

  it('finds every patient on a normalised mobile, a family’s, by name, and answers none for an unknown number', async () => {
    const clinic = await createClinic();
    const mother = { name: 'Gita Rao', mobile: '9876501234', age: 52, gender: 'female' };
    const son = { name: 'Arjun Rao', mobile: '9876501234', age: 12, gender: 'male' };
    await call(clinic, { method: 'POST', url: '/api/create-user', payload: mother });
    await call(clinic, { method: 'POST', url: '/api/create-user', payload: son });
    const found = await lookUp(clinic, '+91 98765-01234');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      data: [
        { id: expect.any(String), ...son },
        { id: expect.any(String), ...mother },
      ],
    });
    const unknown = await lookUp(clinic, '9876501235');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ data: [] });
  });

  it('never shows another partner’s patient', async () => {
    const a = await createClinic();
    const b = await createClinic();
    await call(a, {
      method: 'POST',
      url: '/api/create-user',
      payload: { name: 'Mohan Lal', mobile: '9876502345' },
    });
    expect((await lookUp(a, '9876502345')).json().data).toMatchObject([{ name: 'Mohan Lal' }]);
    expect((await lookUp(b, '9876502345')).json()).toEqual({ data: [] });
  });

  it('answers 400 with the contract’s sentence for a bad mobile', async () => {
    const clinic = await createClinic();
    const response = await lookUp(clinic, '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/valid 10-digit mobile/);
  });
});
