import { toPaise, toRupees } from '@vaidya/contract/bill-arithmetic';
import { rupeesText } from '@vaidya/contract/bills';
import { bookingRecordLabels } from '@vaidya/contract/bookings';
import { calendarDateEnGb, localToday } from '@vaidya/contract/calendar-dates';
import {
  type closeDayBody,
  type DayCloseQuery,
  type DaySummary,
  dayCloseMessages,
  type reopenDayBody,
} from '@vaidya/contract/day-close';
import type { OutboxMessage } from '@vaidya/contract/documents';
import { indianMobileDigits } from '@vaidya/contract/phone-numbers';
import { paymentModes, paymentModeWords } from '@vaidya/contract/record-states';
import type { z } from 'zod';
import type { Messenger } from '../../adapters/messaging/messenger';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { recordAuditEvent } from '../audit/audit-trail';
import type { WhatsAppMessagesService } from '../whatsapp-messages/whatsapp-messages.service';
import {
  type DayAt,
  type DayCloseRow,
  findDayClose,
  findDayLocation,
  listActiveOwners,
  listDayBills,
  listDayPayments,
  listOpenTokens,
  lockDayExclusive,
  markDayReopened,
  saveDayClose,
} from './day-close.repository';

/** A day of the clinic's at one of its locations, with the location's name and the clinic's time zone. */
interface ClinicDay extends DayAt {
  partnerId: string;
  locationName: string;
  timeZone: string;
}

/** The day at the caller's clinic's location, or 404 when the location is another clinic's. */
async function requireDay(db: Db, caller: Pick<Caller, 'partnerId'>, day: DayAt): Promise<ClinicDay> {
  const location = await findDayLocation(db, { partnerId: caller.partnerId, locationId: day.locationId });
  if (!location) throw notFound(bookingRecordLabels.location);
  return {
    partnerId: caller.partnerId,
    locationId: location.id,
    date: day.date,
    locationName: location.name,
    timeZone: location.timeZone,
  };
}

/** Whether the day is closed now, by whom, and its last reopening while it is open again. */
function closeStateOf(row: DayCloseRow | undefined): Pick<DaySummary, 'status' | 'closed' | 'reopened'> {
  if (!row) return { status: 'open', closed: null, reopened: null };
  if (row.reopened_at) {
    const reopened = { reopened_at: row.reopened_at.toISOString(), reopened_by_name: row.reopened_by_name };
    return { status: 'open', closed: null, reopened };
  }
  return {
    status: 'closed',
    closed: {
      closed_at: row.closed_at.toISOString(),
      closed_by_name: row.closed_by_name,
      cash_counted: toRupees(row.cash_counted_paise),
      cash_expected: toRupees(row.cash_expected_paise),
      difference: toRupees(row.cash_counted_paise - row.cash_expected_paise),
      note: row.note,
    },
    reopened: null,
  };
}

/**
 * The day's figures as they stand in `db`'s transaction: its open tokens, the payments received
 * (each mode's and the whole added up in paise), and its bills with what the day paid of each.
 */
async function figuresOf(db: Db, day: ClinicDay) {
  const openTokens = await listOpenTokens(db, day);
  const payments = await listDayPayments(db, day);
  const dayBills = await listDayBills(db, day);
  const byMode = new Map(paymentModes.map((mode) => [mode, 0]));
  const paidOnDay = new Map<string, number>();
  for (const payment of payments) {
    byMode.set(payment.mode, (byMode.get(payment.mode) ?? 0) + payment.amount_paise);
    paidOnDay.set(payment.bill_id, (paidOnDay.get(payment.bill_id) ?? 0) + payment.amount_paise);
  }
  const receivedPaise = payments.reduce((all, payment) => all + payment.amount_paise, 0);
  const billedPaise = dayBills.reduce((all, bill) => all + bill.final_paise, 0);
  const figures: Omit<DaySummary, 'status' | 'closed' | 'reopened'> = {
    date: day.date,
    location_id: day.locationId,
    location_name: day.locationName,
    open_tokens: openTokens,
    collections: paymentModes.map((mode) => ({ mode, amount: toRupees(byMode.get(mode) ?? 0) })),
    total_received: toRupees(receivedPaise),
    bills: dayBills.map((bill) => ({
      id: bill.id,
      bill_number: bill.bill_number,
      patient_id: bill.patient_id,
      customer_name: bill.customer_name,
      final_amount: toRupees(bill.final_paise),
      paid_on_day: toRupees(paidOnDay.get(bill.id) ?? 0),
      balance: toRupees(bill.final_paise - bill.paid_paise),
    })),
    total_billed: toRupees(billedPaise),
    payments: payments.map((payment) => ({
      id: payment.id,
      bill_id: payment.bill_id,
      bill_number: payment.bill_number,
      bill_date: payment.bill_date,
      customer_name: payment.customer_name,
      amount: toRupees(payment.amount_paise),
      mode: payment.mode,
      paid_at: payment.paid_at.toISOString(),
      receipt_id: payment.receipt_id,
    })),
  };
  return { figures, cashPaise: byMode.get('cash') ?? 0 };
}

/**
 * What the owners are told of a day just closed: the day-summary WhatsApp template with the
 * outbox's copy of it, and the email.
 */
function closedDayMessages(summary: DaySummary) {
  const { closed } = summary;
  if (!closed) throw new Error(`the day ${summary.date} just closed reads as open`);
  const words = {
    location: summary.location_name,
    date: calendarDateEnGb(summary.date),
    received: rupeesText.format(summary.total_received),
    difference: rupeesText.format(closed.difference),
  };
  return {
    template: {
      template: 'day_summary' as const,
      bodyParameters: [words.location, words.date, words.received, words.difference],
    },
    body: dayCloseMessages.summaryMessage(words),
    subject: dayCloseMessages.summaryEmail.subject(words),
    text: dayCloseMessages.summaryEmail.text({
      ...words,
      closedBy: closed.closed_by_name,
      byMode: summary.collections.map(({ mode, amount }) => ({
        mode: paymentModeWords[mode],
        amount: rupeesText.format(amount),
      })),
      bills: summary.bills.length,
      billed: rupeesText.format(summary.total_billed),
      cashExpected: rupeesText.format(closed.cash_expected),
      cashCounted: rupeesText.format(closed.cash_counted),
      note: closed.note,
    }),
  };
}

/** The day's summary as it stands in `db`'s transaction. */
async function summaryOf(db: Db, day: ClinicDay): Promise<DaySummary> {
  const { figures } = await figuresOf(db, day);
  return { ...figures, ...closeStateOf(await findDayClose(db, day)) };
}

/**
 * Closing a location's day (issue 24, decision 048), the one writer of `day_closes`: the day's
 * summary, its close with the cash counted (and the owners told), and an owner's reopening.
 * Bill and payment writes check the day through `assertDaysOpen` (day-close.guard.ts).
 */
export function createDayCloseService({
  db,
  clock,
  whatsappMessages,
  messenger,
}: {
  db: Db;
  clock: Clock;
  whatsappMessages: Pick<WhatsAppMessagesService, 'queueBySystem'>;
  /** Where each owner's summary email goes, once the close has committed. */
  messenger: Messenger;
}) {
  return {
    /** A location's day: open tokens, money received by mode, bills made and payments received, closed or not. */
    async summary({ caller, query }: { caller: Caller; query: DayCloseQuery }): Promise<DaySummary> {
      const day = await requireDay(db, caller, { locationId: query.location_id, date: query.date });
      return summaryOf(db, day);
    },

    /**
     * Closes the day with the cash counted: refused for a day not yet begun (422), a closed day
     * or one with tokens still open (409), and a cash difference without a note (400). Its
     * summary is read under the day's exclusive lock, so no bill or payment write of the day runs
     * meanwhile. Each active owner is sent the summary: on WhatsApp when their profile has a
     * mobile (queued in the outbox with the close), and by email after it commits.
     */
    async closeDay({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: z.output<typeof closeDayBody>;
    }): Promise<DaySummary & { notifications: OutboxMessage[] }> {
      const closing = await db.transaction(async (tx) => {
        const day = await requireDay(tx, caller, payload);
        if (payload.date > localToday(day.timeZone, clock()).date)
          throw new AppError('BUSINESS_RULE', dayCloseMessages.futureDay);
        await lockDayExclusive(tx, day);
        if (closeStateOf(await findDayClose(tx, day)).status === 'closed')
          throw new AppError('CONFLICT', dayCloseMessages.alreadyClosed);
        const { figures, cashPaise } = await figuresOf(tx, day);
        if (figures.open_tokens.length > 0)
          throw new AppError('CONFLICT', dayCloseMessages.openTokens(figures.open_tokens.length));
        const countedPaise = toPaise(payload.cashCounted);
        const note = payload.note?.trim() || null;
        if (countedPaise !== cashPaise && !note)
          throw new AppError('VALIDATION_FAILED', dayCloseMessages.noteRequired);

        const id = await saveDayClose(tx, {
          ...day,
          closedBy: caller.userId,
          closedAt: clock(),
          cashCountedPaise: countedPaise,
          cashExpectedPaise: cashPaise,
          note,
        });
        await recordAuditEvent(tx, caller, {
          action: 'closed',
          recordType: 'day',
          recordId: id,
          locationId: day.locationId,
          changes: {
            after: { date: day.date, cash_counted_paise: countedPaise, cash_expected_paise: cashPaise, note },
          },
        });
        const summary: DaySummary = { ...figures, ...closeStateOf(await findDayClose(tx, day)) };
        const messages = closedDayMessages(summary);
        const owners = await listActiveOwners(tx, caller.partnerId);
        const notifications: OutboxMessage[] = [];
        for (const owner of owners) {
          const mobile = owner.phoneNumber && indianMobileDigits(owner.phoneNumber);
          if (!mobile) continue;
          notifications.push(
            await whatsappMessages.queueBySystem(tx, {
              partnerId: caller.partnerId,
              locationId: day.locationId,
              referenceId: id,
              to: mobile,
              template: messages.template,
              body: messages.body,
            }),
          );
        }
        return { summary, notifications, owners, email: { subject: messages.subject, text: messages.text } };
      });
      for (const owner of closing.owners) {
        await messenger.send({
          channel: 'email',
          to: owner.email,
          partnerId: caller.partnerId,
          ...closing.email,
        });
      }
      return { ...closing.summary, notifications: closing.notifications };
    },

    /** Reopens a closed day so its bills and payments may change again (an owner's, by the endpoint's permission). */
    async reopenDay({
      caller,
      payload,
    }: {
      caller: Caller;
      payload: z.output<typeof reopenDayBody>;
    }): Promise<DaySummary> {
      return db.transaction(async (tx) => {
        const day = await requireDay(tx, caller, payload);
        await lockDayExclusive(tx, day);
        const close = await findDayClose(tx, day);
        if (!close || close.reopened_at) throw new AppError('CONFLICT', dayCloseMessages.notClosed);
        await markDayReopened(tx, { id: close.id, reopenedBy: caller.userId, reopenedAt: clock() });
        await recordAuditEvent(tx, caller, {
          action: 'reopened',
          recordType: 'day',
          recordId: close.id,
          locationId: day.locationId,
          changes: { after: { date: day.date } },
        });
        return summaryOf(tx, day);
      });
    },
  };
}

export type DayCloseService = ReturnType<typeof createDayCloseService>;
