import { toPaise } from '@vaidya/contract/bill-arithmetic';
import { messages } from '@vaidya/contract/messages';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInPartner, type SignedInPartner } from '../../../test/partners';
import { createQueueWithTimings } from '../../../test/schedule-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { partners, slots, walletMovements } from '../../db/schema';
import { moveWallet, walletBalanceAndLedgerSum } from './wallet.repository';

// The test clock starts on Monday 2 November 2026, 10:00 in India.
const tomorrow = '2026-11-03';

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

/** A wallet clinic charging `charge` rupees a booking, its opening balance written through the ledger. */
async function createWalletClinic(balance: string, charge: string): Promise<Clinic> {
  const partner = await createSignedInPartner(t, { subscription_type: 'wallet', charge_per_booking: charge });
  const queueId = await createQueueWithTimings(t.database.db, {
    partnerId: partner.partnerId,
    locationId: partner.locationId,
  });
  if (Number(balance) > 0) {
    await moveWallet(t.database.db, {
      kind: 'opening',
      partnerId: partner.partnerId,
      amountPaise: toPaise(Number(balance)),
    });
  }
  return { ...partner, queueId };
}

const call = (clinic: SignedInPartner, request: InjectOptions) =>
  t.app.inject({ ...request, headers: clinic.headers });

let visitors = 0;
/** Each visitor their own number and address, so the website's per-visitor limits never interfere. */
function bookOnline(clinic: Clinic, startTime: string) {
  visitors += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/public/book-slot',
    remoteAddress: `10.27.${Math.floor(visitors / 250)}.${visitors % 250}`,
    payload: {
      queueId: clinic.queueId,
      date: tomorrow,
      startTime,
      customerName: `Visitor ${visitors}`,
      customerMobile: `97${String(10_000_000 + visitors).padStart(8, '0')}`,
    },
  });
}

function bookAtFrontDesk(clinic: Clinic, startTime: string) {
  visitors += 1;
  return call(clinic, {
    method: 'POST',
    url: '/api/book-slot',
    payload: {
      queueId: clinic.queueId,
      date: tomorrow,
      startTime,
      customerName: `Walk-in ${visitors}`,
      customerMobile: `96${String(10_000_000 + visitors).padStart(8, '0')}`,
    },
  });
}

/** An online booking made now; the visitor's answer carries no id, so staff find it by its time. */
async function onlineBooking(clinic: Clinic, startTime: string): Promise<string> {
  expect((await bookOnline(clinic, startTime)).statusCode).toBe(201);
  const [row] = await t.database.db
    .select({ id: slots.id })
    .from(slots)
    .where(
      and(eq(slots.queue_id, clinic.queueId), eq(slots.date, tomorrow), eq(slots.start_time, startTime)),
    );
  return row?.id as string;
}

const markShowedUp = (clinic: Clinic, slotId: string, showedUp = true) =>
  call(clinic, {
    method: 'PUT',
    url: '/api/update-showed-up',
    payload: { slot_id: slotId, showed_up: showedUp },
  });

const callNext = (clinic: Clinic) =>
  call(clinic, {
    method: 'PUT',
    url: '/api/call-next-token',
    payload: { queueId: clinic.queueId, date: tomorrow },
  });

const cancel = (clinic: Clinic, slotId: string) =>
  call(clinic, { method: 'DELETE', url: `/api/cancel-token-by-admin?slot_id=${slotId}` });

/** The balance and the amount owed in paise; the ledger must sum to the balance, never below zero. */
async function walletOf(clinic: Clinic) {
  const wallet = await walletBalanceAndLedgerSum(t.database.db, clinic.partnerId);
  expect(wallet.balance).toBe(wallet.ledgerSum);
  expect(Number(wallet.balance)).toBeGreaterThanOrEqual(0);
  return { balance: wallet.balance, owedPaise: wallet.owedPaise };
}

/** The ledger oldest first, as kind and rupees. */
async function ledgerOf(clinic: Clinic) {
  const rows = await t.database.db
    .select({ kind: walletMovements.kind, amount: walletMovements.amount, slotId: walletMovements.slot_id })
    .from(walletMovements)
    .where(eq(walletMovements.partner_id, clinic.partnerId))
    .orderBy(asc(walletMovements.created_at), asc(walletMovements.seq));
  return rows;
}

async function chargedAt(slotId: string) {
  const [row] = await t.database.db
    .select({ chargedAt: slots.charged_at })
    .from(slots)
    .where(eq(slots.id, slotId));
  return row?.chargedAt ?? null;
}

/** Pays a recharge through the test gateway, as the payment page does. */
async function recharge(clinic: Clinic, rupees: number) {
  const order = await call(clinic, {
    method: 'POST',
    url: '/api/payment/create-rpy-order',
    payload: { amount: rupees },
  });
  expect(order.statusCode).toBe(200);
  const paid = await call(clinic, {
    method: 'POST',
    url: '/api/payment/test-gateway/pay',
    payload: { order_id: order.json().data.order_id, outcome: 'success' },
  });
  expect(paid.statusCode).toBe(200);
  const confirmed = await call(clinic, {
    method: 'PUT',
    url: '/api/payment/update-payment-status',
    payload: paid.json().data,
  });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json().data as { wallet_balance: number };
}

describe('an online booking is charged when its patient comes (decision 027)', () => {
  it('leaves the balance untouched when booked, charges once when marked showed up, and never again', async () => {
    const clinic = await createWalletClinic('25.00', '10.00');
    const slotId = await onlineBooking(clinic, '10:00');
    expect(await walletOf(clinic)).toEqual({ balance: '25.00', owedPaise: 0 });
    expect(await chargedAt(slotId)).toBeNull();

    expect((await markShowedUp(clinic, slotId)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '15.00', owedPaise: 0 });
    expect(await chargedAt(slotId)).toEqual(t.clock.now());

    // Un-marking gives nothing back, and marking again takes nothing more.
    expect((await markShowedUp(clinic, slotId, false)).statusCode).toBe(200);
    expect((await markShowedUp(clinic, slotId)).statusCode).toBe(200);
    expect((await markShowedUp(clinic, slotId)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '15.00', owedPaise: 0 });
    // Completing it from the TV's call-next takes nothing more either.
    expect((await callNext(clinic)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '15.00', owedPaise: 0 });
    expect(await ledgerOf(clinic)).toEqual([
      { kind: 'opening', amount: '25.00', slotId: null },
      { kind: 'show_up_charge', amount: '-10.00', slotId },
    ]);
  });

  it('charges an online booking not charged yet when call-next-token completes it', async () => {
    // Marked showed up while the clinic was on the standard plan, completed after it moved to the wallet.
    const clinic = await createWalletClinic('25.00', '10.00');
    await t.database.db
      .update(partners)
      .set({ subscription_type: 'standard' })
      .where(eq(partners.id, clinic.partnerId));
    const slotId = await onlineBooking(clinic, '10:00');
    expect((await markShowedUp(clinic, slotId)).statusCode).toBe(200);
    expect(await chargedAt(slotId)).toBeNull();
    await t.database.db
      .update(partners)
      .set({ subscription_type: 'wallet' })
      .where(eq(partners.id, clinic.partnerId));

    expect((await callNext(clinic)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '15.00', owedPaise: 0 });
    expect(await chargedAt(slotId)).toEqual(t.clock.now());
    expect((await ledgerOf(clinic)).at(-1)).toEqual({ kind: 'show_up_charge', amount: '-10.00', slotId });
  });

  it('never charges a booking that is cancelled or whose patient does not come', async () => {
    const clinic = await createWalletClinic('25.00', '10.00');
    const cancelled = await onlineBooking(clinic, '10:00');
    const noShow = await onlineBooking(clinic, '10:15');
    expect(await walletOf(clinic)).toEqual({ balance: '25.00', owedPaise: 0 });
    expect((await cancel(clinic, cancelled)).statusCode).toBe(200);
    // The other patient never comes: nobody is there to call, and nothing is charged.
    expect((await callNext(clinic)).statusCode).toBe(409);
    expect(await walletOf(clinic)).toEqual({ balance: '25.00', owedPaise: 0 });
    expect(await chargedAt(cancelled)).toBeNull();
    expect(await chargedAt(noShow)).toBeNull();
    expect(await ledgerOf(clinic)).toEqual([{ kind: 'opening', amount: '25.00', slotId: null }]);
  });

  it('does not charge again an online booking charged when it was made, under the old rule', async () => {
    const clinic = await createWalletClinic('25.00', '10.00');
    const slotId = await onlineBooking(clinic, '10:00');
    // What the booking-time rule wrote, and what migration 0014 marked from it.
    await moveWallet(t.database.db, {
      kind: 'booking',
      partnerId: clinic.partnerId,
      slotId,
      amountPaise: 1000,
    });
    await t.database.db.update(slots).set({ charged_at: t.clock.now() }).where(eq(slots.id, slotId));
    expect(await walletOf(clinic)).toEqual({ balance: '15.00', owedPaise: 0 });

    expect((await markShowedUp(clinic, slotId)).statusCode).toBe(200);
    expect((await callNext(clinic)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '15.00', owedPaise: 0 });
    // Cancelling it still gives back what was taken at booking, as it always did.
    expect((await cancel(clinic, slotId)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '25.00', owedPaise: 0 });
  });
});

describe("a booking by the clinic's own staff", () => {
  it('is charged as it is made, 402 when the balance is short, and refunded when cancelled', async () => {
    const clinic = await createWalletClinic('25.00', '10.00');
    const first = await bookAtFrontDesk(clinic, '10:00');
    expect(first.statusCode).toBe(201);
    const slotId = first.json().data.id as string;
    expect(await walletOf(clinic)).toEqual({ balance: '15.00', owedPaise: 0 });
    expect(await chargedAt(slotId)).toEqual(t.clock.now());
    expect((await bookAtFrontDesk(clinic, '10:15')).statusCode).toBe(201);
    const short = await bookAtFrontDesk(clinic, '10:30');
    expect(short.statusCode).toBe(402);
    expect(short.json().message).toBe(messages.insufficientBalance);
    expect(await walletOf(clinic)).toEqual({ balance: '5.00', owedPaise: 0 });

    // Its patient coming is not charged again.
    expect((await markShowedUp(clinic, slotId)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '5.00', owedPaise: 0 });

    await recharge(clinic, 100);
    expect((await cancel(clinic, slotId)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '115.00', owedPaise: 0 });
    expect((await ledgerOf(clinic)).map((movement) => [movement.kind, movement.amount])).toEqual([
      ['opening', '25.00'],
      ['booking', '-10.00'],
      ['booking', '-10.00'],
      ['recharge', '100.00'],
      ['refund', '10.00'],
    ]);
  });
});

describe('the amount owed', () => {
  it('lets the queue actions go on when the wallet is short: the balance goes to zero and the rest is owed', async () => {
    const clinic = await createWalletClinic('25.00', '10.00');
    const bookings = [
      await onlineBooking(clinic, '10:00'),
      await onlineBooking(clinic, '10:15'),
      await onlineBooking(clinic, '10:30'),
      await onlineBooking(clinic, '10:45'),
    ];
    expect((await markShowedUp(clinic, bookings[0] as string)).statusCode).toBe(200);
    expect((await markShowedUp(clinic, bookings[1] as string)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '5.00', owedPaise: 0 });

    // Below one charge: the booking website pauses and the front desk cannot book…
    const paused = await bookOnline(clinic, '11:00');
    expect(paused.statusCode).toBe(402);
    expect((await bookAtFrontDesk(clinic, '11:00')).statusCode).toBe(402);
    // …but the patients already booked are still seen.
    expect((await markShowedUp(clinic, bookings[2] as string)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '0.00', owedPaise: 500 });
    expect((await markShowedUp(clinic, bookings[3] as string)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '0.00', owedPaise: 1500 });
    for (const _ of bookings) expect((await callNext(clinic)).statusCode).toBe(200);
    expect(await walletOf(clinic)).toEqual({ balance: '0.00', owedPaise: 1500 });
    expect((await ledgerOf(clinic)).map((movement) => [movement.kind, movement.amount])).toEqual([
      ['opening', '25.00'],
      ['show_up_charge', '-10.00'],
      ['show_up_charge', '-10.00'],
      ['show_up_charge', '-5.00'],
    ]);
    // Owing with nothing in the wallet keeps the website paused; the clinic sees what it owes.
    expect((await bookOnline(clinic, '11:15')).statusCode).toBe(402);
    const details = (await call(clinic, { method: 'GET', url: '/api/get-partner-details' })).json().data;
    expect(details).toMatchObject({ wallet_balance: 0, wallet_owed: 15 });
  });

  it('is paid by the next recharges first: recharge, then dues settled, partly when the recharge is smaller', async () => {
    const clinic = await createWalletClinic('300.00', '300.00');
    const first = await onlineBooking(clinic, '10:00');
    const second = await onlineBooking(clinic, '10:15');
    await markShowedUp(clinic, first);
    await markShowedUp(clinic, second);
    expect(await walletOf(clinic)).toEqual({ balance: '0.00', owedPaise: 30_000 });

    expect((await recharge(clinic, 100)).wallet_balance).toBe(0);
    expect(await walletOf(clinic)).toEqual({ balance: '0.00', owedPaise: 20_000 });
    expect((await recharge(clinic, 500)).wallet_balance).toBe(300);
    expect(await walletOf(clinic)).toEqual({ balance: '300.00', owedPaise: 0 });
    expect((await ledgerOf(clinic)).map((movement) => [movement.kind, movement.amount])).toEqual([
      ['opening', '300.00'],
      ['show_up_charge', '-300.00'],
      ['recharge', '100.00'],
      ['dues_settled', '-100.00'],
      ['recharge', '500.00'],
      ['dues_settled', '-200.00'],
    ]);
    // Paid up and one charge in the wallet: the website takes bookings again.
    expect((await bookOnline(clinic, '10:30')).statusCode).toBe(201);
  });
});
