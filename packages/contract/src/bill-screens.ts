/**
 * What the bill's printable pages say (/bill-preview/:id and /bill/:id, spec §2 and
 * issue 11): the sheet, its amount in words and its WhatsApp messages. The shell they
 * share with the prescription is documentPageTexts in prescription-screens.ts; the
 * server's own sentences (sent, failed) live in bills.ts.
 */
import { prescriptionMessagesTexts, registrationNumberText } from './prescription-screens';
import { paymentModeWords } from './record-states';

export const billTexts = {
  fetchError: 'Error fetching bill',
  notFound: 'No bill found',
  /** The document's accessible name. */
  document: 'Bill',
  headerAlt: 'Bill header',
  patient: 'Patient',
  mobile: 'Mobile',
  billNumber: 'Bill No.',
  date: 'Date',
  /** A detail as printed: "Bill No.: 2026-27/1". */
  labelled: (label: string, value: string) => `${label}: ${value}`,
  items: 'Items',
  columns: {
    serial: 'S.No',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit Price',
    taxPercentage: 'Tax %',
    tax: 'Tax',
    amount: 'Amount',
  },
  percentage: (value: number) => `${value}%`,
  totals: 'Totals',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  total: 'Total',
  paid: 'Paid',
  balance: 'Balance',
  amountInWords: 'Amount in words',
  payments: 'Payments',
  paymentColumns: { date: 'Date', mode: 'Mode', amount: 'Amount' },
  paymentModes: paymentModeWords,
  doctor: 'Doctor',
  /** A bill's doctor as printed (issue 23): "Dr. Kiran Rao (Reg. No. A-12345)". */
  doctorLine: (doctor: { name: string; registration_number: string | null }) =>
    doctor.registration_number
      ? `${doctor.name} (${registrationNumberText(doctor.registration_number)})`
      : doctor.name,
} as const;

/** The printable receipt of a payment against dues (/dashboard/receipt/:id, issue 19). */
export const receiptTexts = {
  fetchError: 'Error fetching receipt',
  notFound: 'No receipt found',
  /** The document's accessible name. */
  document: 'Receipt',
  title: 'Payment Receipt',
  headerAlt: 'Receipt header',
  patient: 'Patient',
  mobile: 'Mobile',
  date: 'Date',
  mode: 'Mode',
  note: 'Note',
  labelled: billTexts.labelled,
  allocations: 'Paid against',
  allocationColumns: { billNumber: 'Bill No.', date: 'Bill Date', doctor: 'Doctor', amount: 'Amount' },
  doctorLine: billTexts.doctorLine,
  none: '-',
  totals: 'Totals',
  received: 'Amount received',
  remainingDue: 'Still due',
  amountInWords: 'Amount in words',
  paymentModes: billTexts.paymentModes,
} as const;

/** The preview's list of the bill's WhatsApp messages (never printed). */
export const billMessagesTexts = {
  ...prescriptionMessagesTexts,
  description: 'Each time this bill was sent, and where the message stands.',
} as const;

/**
 * An amount in words with Indian numbering (lakh, crore), as printed under a bill's
 * totals: "Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only".
 */
export const amountInWordsTexts = {
  units: [
    'Zero',
    'One',
    'Two',
    'Three',
    'Four',
    'Five',
    'Six',
    'Seven',
    'Eight',
    'Nine',
    'Ten',
    'Eleven',
    'Twelve',
    'Thirteen',
    'Fourteen',
    'Fifteen',
    'Sixteen',
    'Seventeen',
    'Eighteen',
    'Nineteen',
  ],
  tens: ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'],
  hundred: 'Hundred',
  thousand: 'Thousand',
  lakh: 'Lakh',
  crore: 'Crore',
  rupees: (words: string) => `Rupees ${words}`,
  andPaise: (words: string) => `and ${words} Paise`,
  only: 'Only',
} as const;
