/**
 * What the day-close screen says (issue 24): the day's status, the tokens still open, the
 * money by payment mode against the cash counted, the bills and payments of the day, and the
 * printed day sheet. The sentences the API answers are in day-close.ts. No zod here.
 */

import { pageTitles } from './app-screens';

export const dayCloseScreenWords = {
  /** The page's heading: the navigation item's and the browser tab's words. */
  title: pageTitles.dayClose,
  description: (locationName: string) =>
    `Settle ${locationName}'s day: finish the open tokens, count the cash and close the day.`,
  date: 'Date',
  /** The location's name and the day on the page, above the figures. */
  dayOf: (locationName: string, date: string) => `${locationName} · ${date}`,
  loading: 'Loading the day…',
  fetchFailed: 'Could not load the day. Check your connection and retry.',
  noLocation: 'Add a location in Settings first: a day is closed per location.',

  /** The day's status. */
  status: {
    open: 'Open',
    closed: 'Closed',
    /** The record of the closing: who and when, in the clinic's time. */
    closedBy: (name: string, when: string) => `Closed by ${name} on ${when}`,
    reopenedBy: (name: string, when: string) => `Reopened by ${name} on ${when}`,
    openHint: 'Bills and payments of this day can still be added and changed.',
    closedHint:
      'Bills and payments of this day cannot be added, changed or deleted until the owner reopens it.',
  },

  /** The tokens not yet completed, marked no-show or cancelled. */
  tokens: {
    title: 'Open tokens',
    description: 'Every token must be completed, marked no-show or cancelled before the day is closed.',
    none: 'No open tokens: every patient of the day is settled.',
    token: (tokenNumber: number) => `Token ${tokenNumber}`,
    /** Where each open token stands, as the desk says it at the day's end. */
    statuses: { booked: 'Booked, not arrived', showed_up: 'Arrived, waiting', called: 'Called in' },
    complete: 'Completed',
    noShow: 'No-show',
    cancel: 'Cancel',
    /** The buttons' accessible names, with the patient's name, as the list has several. */
    completeNamed: (patient: string) => `Mark ${patient} completed`,
    noShowNamed: (patient: string) => `Mark ${patient} as no-show`,
    cancelNamed: (patient: string) => `Cancel ${patient}'s booking`,
    listName: 'Open tokens of the day',
    moveFailed: 'Could not change the token. Retry.',
    cancelTitle: 'Cancel this booking?',
    cancelText: (patient: string, tokenNumber: number, time: string) =>
      `${patient}'s token ${tokenNumber} at ${time} will be cancelled.`,
    keepBooking: 'Keep booking',
    confirmCancel: 'Cancel booking',
    cancelFailed: 'Could not cancel the booking. Retry.',
  },

  /** The money received, by payment mode. */
  collections: {
    title: 'Money received',
    description: 'Payments received on this day, against its bills and older ones.',
    total: 'Total',
    listName: 'Money received by payment mode',
  },

  /** Counting the drawer and closing the day. */
  close: {
    title: 'Close the day',
    description: 'Count the cash in the drawer: a difference from the cash received needs a note.',
    cashExpected: 'Cash received',
    cashCounted: 'Cash counted',
    cashCountedHelp: 'The cash in the drawer for this day, in rupees.',
    difference: 'Difference',
    noDifference: 'Matches the cash received',
    /** The drawer has more or less than the cash received: the amount is the difference. */
    over: (amount: string) => `${amount} more than received`,
    short: (amount: string) => `${amount} less than received`,
    note: 'Note',
    noteHelp: 'Why the cash counted differs, for the owner.',
    submit: 'Close day',
    /** Why the button cannot be used yet. */
    blockedByTokens: (count: number) =>
      count === 1
        ? 'Settle the open token above before closing the day.'
        : `Settle the ${count} open tokens above before closing the day.`,
    futureDay: 'This day has not begun yet.',
    closed: 'Day closed. The owner is sent the summary.',
    closeFailed: 'Could not close the day. Retry.',
    /** The record kept at closing. */
    counted: 'Cash counted',
    expectedAtClose: 'Cash received at closing',
  },

  reopen: {
    action: 'Reopen day',
    title: 'Reopen this day?',
    text: (date: string, locationName: string) =>
      `${date} at ${locationName} will be open again: its bills and payments can be changed, and it must be closed again.`,
    confirm: 'Reopen day',
    reopened: 'Day reopened',
    failed: 'Could not reopen the day. Retry.',
  },

  bills: {
    title: 'Bills made',
    description: 'Bills dated this day, with what was paid on them that day and what is still owed.',
    none: 'No bills were made on this day.',
    listName: 'Bills made on the day',
    headers: {
      billNumber: 'Bill No.',
      patient: 'Patient',
      amount: 'Amount',
      paidOnDay: 'Paid on the day',
      balance: 'Still owed',
    },
    total: 'Total billed',
  },

  payments: {
    title: 'Payments received',
    description: 'Each payment of the day; an older bill shows its own date.',
    none: 'No payments were received on this day.',
    listName: 'Payments received on the day',
    headers: {
      time: 'Time',
      billNumber: 'Bill No.',
      patient: 'Patient',
      mode: 'Mode',
      amount: 'Amount',
    },
    /** A payment against a bill of an earlier day. */
    olderBill: (date: string) => `Bill of ${date}`,
  },

  /** The printed sheet. */
  sheet: {
    print: 'Print day sheet',
    title: 'Day sheet',
    cash: 'Cash in the drawer',
    heading: (clinic: string, location: string) => `${clinic} — ${location}`,
    date: (date: string) => `Date: ${date}`,
    status: (status: string) => `Status: ${status}`,
    openTokens: (count: number) => `Open tokens: ${count}`,
    printedAt: (when: string) => `Printed ${when}`,
    signature: 'Signature',
  },
} as const;
