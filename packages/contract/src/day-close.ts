import { z } from 'zod';
import { outboxMessageSchema } from './documents';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { rupees } from './money';
import { paymentModes } from './record-states';
import { calendarDateSchema } from './schedule';
import { text } from './text';

/**
 * Closing a location's day (issue 24): the tokens still open, the day's money by payment mode
 * against what the desk counted, the bills made and the payments received. A closed day is
 * frozen: no bill or payment dated that day is added, edited or deleted until an owner reopens
 * it. Money on the wire is rupees with at most two decimals, computed in integer paise.
 */

export const dayCloseMessages = {
  selectLocation: 'Select a location',
  /** Closing with tokens still open: each must be completed, marked no-show or cancelled first. */
  openTokens: (count: number) =>
    count === 1
      ? '1 token is still open. Mark it completed, no-show or cancelled before closing the day.'
      : `${count} tokens are still open. Mark each completed, no-show or cancelled before closing the day.`,
  alreadyClosed: 'This day is already closed',
  notClosed: 'This day is not closed',
  futureDay: 'A day can be closed only once it has begun',
  /** A difference between the cash counted and the cash received must be explained. */
  noteRequired: 'Note is required when the cash counted differs from the cash received',
  /** A write that would change a closed day (bills.ts and payments call it). */
  dayClosed: (date: string, location: string) =>
    `${date} is closed at ${location}. Ask the clinic owner to reopen the day to change its bills or payments.`,
  /**
   * What each owner is sent on WhatsApp when a day is closed: the outbox's copy of the
   * day-summary template, whose body takes these four in this order.
   */
  summaryMessage: (day: ClosedDayWords) =>
    `${day.location} closed ${day.date}: ${day.received} received, cash difference ${day.difference}.`,
  /** The email each owner is sent when a day is closed. */
  summaryEmail: {
    subject: (day: Pick<ClosedDayWords, 'location' | 'date'>) => `${day.location}: ${day.date} closed`,
    text: (day: ClosedDayWords & ClosedDayDetails) =>
      [
        `${day.closedBy} closed ${day.date} at ${day.location}.`,
        '',
        `Money received: ${day.received}`,
        ...day.byMode.map(({ mode, amount }) => `  ${mode}: ${amount}`),
        `Bills made: ${day.bills} for ${day.billed}`,
        `Cash received: ${day.cashExpected}; cash counted: ${day.cashCounted}; difference: ${day.difference}`,
        ...(day.note ? [`Note: ${day.note}`] : []),
      ].join('\n'),
  },
} as const;

/** A closed day's figures as its summary message words them (amounts like ₹12,450.00, the date 26/11/2026). */
interface ClosedDayWords {
  location: string;
  date: string;
  received: string;
  /** Cash counted minus cash received, like -₹50.00. */
  difference: string;
}

/** What the summary email adds to the message's words. */
interface ClosedDayDetails {
  closedBy: string;
  byMode: { mode: string; amount: string }[];
  bills: number;
  billed: string;
  cashExpected: string;
  cashCounted: string;
  note: string | null;
}

export const dayCloseQuery = z.object({
  date: calendarDateSchema,
  location_id: z.uuid({ error: dayCloseMessages.selectLocation }),
});
export type DayCloseQuery = z.output<typeof dayCloseQuery>;

export const closeDayBody = z.object({
  date: calendarDateSchema,
  locationId: z.uuid({ error: dayCloseMessages.selectLocation }),
  /** The cash the desk counted in the drawer for the day. */
  cashCounted: rupees({ label: 'Cash counted' }),
  /** Why the cash counted differs from the cash received; required when it does. */
  note: text({ label: 'Note', max: 500 }).optional(),
});
export type CloseDayPayload = z.input<typeof closeDayBody>;

export const reopenDayBody = z.object({
  date: calendarDateSchema,
  locationId: z.uuid({ error: dayCloseMessages.selectLocation }),
});
export type ReopenDayPayload = z.input<typeof reopenDayBody>;

// ── Records ──────────────────────────────────────────────────────────────────

/** A token of the day not yet completed, no-show or cancelled. */
export const openTokenSchema = z.object({
  slot_id: z.uuid(),
  token_number: z.number().int(),
  queue_id: z.uuid(),
  queue_name: z.string(),
  patient_name: z.string(),
  mobile: z.string(),
  start_time: z.string(),
  status: z.enum(['booked', 'showed_up', 'called']),
});
export type OpenToken = z.infer<typeof openTokenSchema>;

/** The money received in one payment mode. */
export const modeAmountSchema = z.object({ mode: z.enum(paymentModes), amount: z.number() });

/** A bill made on the day (live bills only: a deleted bill leaves every figure). */
export const dayBillSchema = z.object({
  id: z.uuid(),
  bill_number: z.string(),
  patient_id: z.uuid(),
  customer_name: z.string(),
  final_amount: z.number(),
  /** What its payments dated the day add up to. */
  paid_on_day: z.number(),
  /** What is still owed on it now. */
  balance: z.number(),
});

/** A payment received on the day: against a bill of the day or an older one. */
export const dayPaymentSchema = z.object({
  id: z.uuid(),
  bill_id: z.uuid(),
  bill_number: z.string(),
  /** The bill's own date: earlier than the day when an older due was paid. */
  bill_date: z.string(),
  customer_name: z.string(),
  amount: z.number(),
  mode: z.enum(paymentModes),
  paid_at: z.string(),
  receipt_id: z.uuid().nullable(),
});

export const dayCloseRecordSchema = z.object({
  closed_at: z.string(),
  closed_by_name: z.string(),
  cash_counted: z.number(),
  /** The cash received as the day stood when it was closed. */
  cash_expected: z.number(),
  /** Counted minus expected: negative when the drawer was short. */
  difference: z.number(),
  note: z.string().nullable(),
});

export const daySummarySchema = z.object({
  date: z.string(),
  location_id: z.uuid(),
  location_name: z.string(),
  status: z.enum(['open', 'closed']),
  /** Who closed the day and what was counted; null while it is open. */
  closed: dayCloseRecordSchema.nullable(),
  /** The last reopening, when the day was closed once and reopened since. */
  reopened: z.object({ reopened_at: z.string(), reopened_by_name: z.string() }).nullable(),
  open_tokens: z.array(openTokenSchema),
  /** Cash, UPI and card, each always present, in that order. */
  collections: z.array(modeAmountSchema),
  total_received: z.number(),
  bills: z.array(dayBillSchema),
  /** The bills' final amounts added up. */
  total_billed: z.number(),
  payments: z.array(dayPaymentSchema),
});
export type DaySummary = z.infer<typeof daySummarySchema>;

export const daySummaryResponse = dataEnvelope(daySummarySchema);

/** What closing a day answers: its summary as closed, and the messages to the owners it queued. */
export const dayClosedResponse = dataEnvelope(
  daySummarySchema.extend({ notifications: z.array(outboxMessageSchema) }),
);

const dayCloseTags = ['reports'] as const;

export const dayCloseEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/reports/get-day-summary',
    summary:
      'A location’s day: tokens still open, money received by payment mode, bills made and payments received (older bills’ too), and whether it is closed',
    tags: dayCloseTags,
    access: 'signed-in',
    query: dayCloseQuery,
    response: daySummaryResponse,
    refusals: [404],
  }),
  close: endpoint({
    method: 'POST',
    path: '/reports/close-day',
    summary:
      'Closes a location’s day with the cash counted (a difference needs a note); 409 while tokens are open or when already closed. The day’s bills and payments are frozen until an owner reopens it; the owners get the summary',
    tags: dayCloseTags,
    access: 'signed-in',
    body: closeDayBody,
    response: dayClosedResponse,
    refusals: [404, 409, 422],
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/reports/reopen-day',
    summary: 'Reopens a closed day so its bills and payments may change again (owner only, audited)',
    tags: dayCloseTags,
    access: 'signed-in',
    permission: 'dayReopen',
    body: reopenDayBody,
    response: daySummaryResponse,
    refusals: [404, 409],
  }),
};
