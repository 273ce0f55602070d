import { z } from 'zod';
import { publicDocumentPaths } from './document-paths';
import {
  documentDoctorSchema,
  documentLocationSchema,
  documentPartnerSchema,
  outboxMessageResponse,
  outboxMessageSchema,
} from './documents';
import { endpoint } from './endpoint';
import { dataEnvelope } from './envelope';
import { indianMobileSchema } from './mobile';
import { hasAtMostTwoDecimals, rupees } from './money';
import { masterNameMaxLength, patientNameMaxLength } from './name-lengths';
import { paymentModes } from './record-states';
import { calendarDateSchema } from './schedule';
import { requiredText, text } from './text';

/**
 * Bills (spec §7 "Bills", §3 "Bill", §5 "Bills"): what a patient is charged for a visit,
 * paid at once or later in parts. Money on the wire is rupees with at most two decimals
 * (money.ts); the arithmetic is bill-arithmetic.ts, in integer paise.
 */

/** An amount as a sentence writes it: 1234.5 → "₹1,234.50". */
export const rupeesText = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

export const billMessages = {
  added: 'Bill saved successfully',
  updated: 'Bill updated successfully',
  deleted: 'Bill deleted successfully',
  paymentRecorded: 'Payment recorded successfully',
  /** Spec §5. */
  searchTooShort: 'Please enter at least 3 characters',
  startAfterEnd: 'Start date cannot be after end date',
  endBeforeStart: 'End date cannot be before start date',
  selectLocation: 'Please select a location',
  invalidQuantity: 'Quantity must be a whole number from 1 to 1000',
  invalidTax: 'Tax must be a percentage from 0 to 28 with at most two decimals',
  noItems:
    'Add at least one item to the bill. To take only an earlier balance, use Record payment on the bills list.',
  oneSourcePerLine: 'A line is either a treatment or a medicine, not both',
  discountTooLarge: 'Discount cannot be more than the bill’s amount',
  paidTooMuch: 'Amount paid cannot be more than the bill’s total and the patient’s earlier balance',
  paymentTooLarge: 'Payment cannot be more than the bill’s balance',
  /** Spec §8: a send WhatsApp refused (the answers of a send that ended are whatsAppSendMessages). */
  messageFailed: 'Some error occured',
  slotHasBill: 'This booking already has a bill. Please open it to make changes.',
  /** Issue 22: a completed dental plan item is billed once, on one line of one live bill. */
  planItemBilled: (treatment: string) => `${treatment} of the treatment plan is already billed`,
  planItemNotCompleted: (treatment: string) =>
    `${treatment} of the treatment plan is not completed yet: mark it done before billing it`,
  planItemRecordLabel: 'Plan item',
  paidBelowPayments: 'Amount paid cannot be less than the payments already recorded',
  /** Record payment (issue 19): money against a patient's dues at a location. */
  duesPaymentRecorded: 'Payment recorded; the receipt is ready to print',
  nothingDue: 'This patient has nothing due at this location',
  /** Families on one phone (issue 21): a receipt is one patient's, so the desk says whose bills it pays. */
  choosePatient:
    'Patient: choose whose bills this payment is for; more than one patient on this mobile owes at this location',
  duesPaymentTooLarge: (totalDueRupees: number) =>
    `Amount cannot be more than the patient’s total due at this location (${rupeesText.format(totalDueRupees)})`,
  /** The outbox's readable copy of a bill message (the template's words with its link). */
  billMessage: (message: { patientName: string; partnerName: string; date: string; link: string }) =>
    `Bill for ${message.patientName} from ${message.partnerName}, ${message.date}: ${message.link}`,
} as const;

export const billRecordLabel = 'Bill';
/** What a bill's `doctorUserId` that is no active doctor or owner of the clinic is called in its 404. */
export const billDoctorLabel = 'Doctor';
export const receiptRecordLabel = 'Receipt';

export { type PaymentMode, paymentModes } from './record-states';
export const paymentModeSchema = z.enum(paymentModes, { error: 'Payment mode must be cash, upi or card' });

/** A line's GST rate: a percentage from 0 to 28 with at most two decimals (a dental plan's items take it too). */
export const billTaxPercentage = z
  .number({ error: billMessages.invalidTax })
  .min(0, billMessages.invalidTax)
  .max(28, billMessages.invalidTax)
  .refine(hasAtMostTwoDecimals, billMessages.invalidTax);

export const billLineInput = z
  .object({
    treatmentId: z.uuid().nullable().optional(),
    productId: z.uuid().nullable().optional(),
    /** A completed item of the patient's dental plan this line bills (issue 22): one live bill at most bills it. */
    planItemId: z.uuid().nullable().optional(),
    name: requiredText({ label: 'Item name', max: masterNameMaxLength }),
    quantity: z
      .number({ error: billMessages.invalidQuantity })
      .int(billMessages.invalidQuantity)
      .min(1, billMessages.invalidQuantity)
      .max(1000, billMessages.invalidQuantity),
    unitPrice: rupees({ label: 'Unit price' }),
    taxPercentage: billTaxPercentage.default(0),
  })
  .refine((line) => !(line.treatmentId && line.productId), {
    message: billMessages.oneSourcePerLine,
    path: ['productId'],
  });
export type BillLineInput = z.input<typeof billLineInput>;

/**
 * add-bill; edit-bill takes the same plus `id`. `amountPaid` may be more than this bill's
 * total when the patient also pays an earlier balance: the rest settles the patient's
 * older bills at this location, oldest first.
 */
export const billBody = z.object({
  locationId: z.uuid({ error: billMessages.selectLocation }),
  slotId: z.uuid().nullable().optional(),
  customerName: requiredText({ label: 'Patient name', max: patientNameMaxLength }),
  customerMobile: indianMobileSchema,
  items: z
    .array(billLineInput, { error: billMessages.noItems })
    .min(1, billMessages.noItems)
    .max(100, 'A bill may hold at most 100 items'),
  discount: rupees({ label: 'Discount' }).default(0),
  amountPaid: rupees({ label: 'Amount paid' }).default(0),
  paymentMode: paymentModeSchema.default('cash'),
  /**
   * The bill's doctor (issue 23): an active doctor or owner of the clinic, or null for none.
   * Absent, a new bill takes its booking's queue doctor, else the user making it when they are
   * a doctor; an edited bill keeps its own.
   */
  doctorUserId: z.uuid().nullable().optional(),
});
export type BillBody = z.input<typeof billBody>;
export type BillPayload = z.output<typeof billBody>;
export const editBillBody = billBody.extend({ id: z.uuid() });
export type EditBillPayload = z.output<typeof editBillBody>;

/** A later payment against one bill (partial payments). */
export const addBillPaymentBody = z.object({
  billId: z.uuid(),
  amount: rupees({ label: 'Amount', positive: true }),
  paymentMode: paymentModeSchema.default('cash'),
});
export type AddBillPaymentPayload = z.output<typeof addBillPaymentBody>;

/**
 * The patient of the mobile whose dues are meant (a family shares one phone, issue 21): one of
 * the clinic's live patients on that mobile, else 404.
 */
const duesPatientId = z.uuid().optional();

/**
 * record-dues-payment: money against one patient's unpaid bills at the location, settled
 * oldest bill first, each allocation a payment of its bill, all under one receipt. Without
 * `patientId` it is the one patient on the mobile who owes; when several do, 400.
 */
export const duesPaymentBody = z.object({
  locationId: z.uuid({ error: billMessages.selectLocation }),
  customerMobile: indianMobileSchema,
  patientId: duesPatientId,
  amount: rupees({ label: 'Amount', positive: true }),
  paymentMode: paymentModeSchema.default('cash'),
  note: text({ label: 'Note', max: 200 }).optional(),
});
export type DuesPaymentBody = z.input<typeof duesPaymentBody>;
export type DuesPaymentPayload = z.output<typeof duesPaymentBody>;

/** get-dues: what the Record payment dialog shows: the family's dues on the mobile, or one patient's with `patientId`. */
export const duesQuery = z.object({
  locationId: z.uuid({ error: billMessages.selectLocation }),
  customerMobile: indianMobileSchema,
  patientId: duesPatientId,
});
export type DuesQuery = z.output<typeof duesQuery>;

export const receiptIdQuery = z.object({ receiptId: z.uuid() });

export const billIdQuery = z.object({ id: z.uuid() });
export const billBySlotQuery = z.object({ slot_id: z.uuid() });

/** Spec §5: a search of 1 or 2 characters, and dates in the wrong order, are refused. */
export const billsQuery = z
  .object({
    location_id: z.uuid({ error: billMessages.selectLocation }),
    query: text({ label: 'Search', max: 100 }).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    start_date: calendarDateSchema.optional(),
    end_date: calendarDateSchema.optional(),
  })
  .refine((query) => !query.query || query.query.length >= 3, {
    message: billMessages.searchTooShort,
    path: ['query'],
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: billMessages.startAfterEnd,
    path: ['start_date'],
  });
export type BillsQuery = z.output<typeof billsQuery>;

export const pendingAmountBody = z.object({
  customer_mobile: indianMobileSchema,
  location_id: z.uuid({ error: billMessages.selectLocation }),
});
export type PendingAmountBody = z.output<typeof pendingAmountBody>;

// ── Records ──────────────────────────────────────────────────────────────────

export const billItemSchema = z.object({
  id: z.uuid(),
  treatment_id: z.uuid().nullable(),
  product_id: z.uuid().nullable(),
  /** The dental plan item the line bills (issue 22), or null. */
  plan_item_id: z.uuid().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  tax_percentage: z.number(),
  /** quantity × unit price, before the discount's share and the tax. */
  amount: z.number(),
  discount: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type BillItem = z.infer<typeof billItemSchema>;

export const billPaymentSchema = z.object({
  id: z.uuid(),
  amount: z.number(),
  payment_mode: paymentModeSchema,
  /** ISO instant. */
  paid_at: z.string(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

/** Spec §3 "Bill", with its lines and payments. */
export const billSchema = z.object({
  id: z.uuid(),
  bill_number: z.string(),
  location_id: z.uuid(),
  slot_id: z.uuid().nullable(),
  /** The registry's patient the bill is for: the clinic's screens link the name to their page. */
  patient_id: z.uuid(),
  customer_name: z.string(),
  customer_mobile: z.string(),
  /** The clinic's date of the bill, 'YYYY-MM-DD'. */
  generated_date: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  final_amount: z.number(),
  amount_paid: z.number(),
  balance: z.number(),
  items: z.array(billItemSchema),
  payments: z.array(billPaymentSchema),
  /** The bill's doctor (issue 23), printed with their registration number; null when none was chosen. */
  doctor_user_id: z.uuid().nullable(),
  doctor: documentDoctorSchema.nullable(),
  /** The name of the member of staff who made the bill, null when unknown. */
  created_by_name: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;
export const billResponse = dataEnvelope(billSchema);
export const billOrNullResponse = dataEnvelope(billSchema.nullable());

/** A row of the bills list: the bill without its lines and payments. */
export const billSummarySchema = billSchema.omit({
  items: true,
  payments: true,
  doctor: true,
  created_by_name: true,
});
export type BillSummary = z.infer<typeof billSummarySchema>;
export const billsResponse = dataEnvelope(
  z.object({ bills: z.array(billSummarySchema), pagination: z.object({ total: z.number().int() }) }),
);

/**
 * A bill of a family's (the patients on one mobile, issue 21) with its patient's name as the
 * registry now has it; `customer_name` stays the name the bill was issued to.
 */
export const familyBillSchema = billSummarySchema.extend({ patient_name: z.string() });
export type FamilyBill = z.infer<typeof familyBillSchema>;

/**
 * Spec §3 "Bill history response": the bills at the location of every patient on the mobile
 * (a family's), each naming its patient, and the balance the family still owes.
 */
export const pendingAmountResponse = dataEnvelope(
  z.object({ totalBalance: z.number(), bills: z.array(familyBillSchema) }),
);

/**
 * Unpaid bills at the location, oldest first (the order a payment settles them), and their
 * sum: the family's on the mobile, each naming its patient, or one patient's.
 */
export const duesSchema = z.object({ totalDue: z.number(), bills: z.array(familyBillSchema) });
export type Dues = z.infer<typeof duesSchema>;
export const duesResponse = dataEnvelope(duesSchema);

/** One bill's share of a receipt's money. */
export const receiptAllocationSchema = z.object({
  bill_id: z.uuid(),
  bill_number: z.string(),
  /** The bill's date, 'YYYY-MM-DD'. */
  generated_date: z.string(),
  amount: z.number(),
  /** The bill's doctor, printed beside it. */
  doctor: documentDoctorSchema.nullable(),
});
export type ReceiptAllocation = z.infer<typeof receiptAllocationSchema>;

/** What a bill and a receipt show of their clinic: the head image, no footer or signature. */
const billPartnerSchema = documentPartnerSchema.pick({
  name: true,
  speciality: true,
  consultation_form_header_url: true,
  time_zone: true,
});

/** A payment against dues, as printed: what was paid against which bills, and what was still due after it. */
export const receiptSchema = z.object({
  id: z.uuid(),
  location_id: z.uuid(),
  customer_name: z.string(),
  customer_mobile: z.string(),
  amount: z.number(),
  payment_mode: paymentModeSchema,
  note: z.string().nullable(),
  /** ISO instant. */
  paid_at: z.string(),
  allocations: z.array(receiptAllocationSchema),
  /** The patient's total due at the location right after this payment. */
  remaining_due: z.number(),
  location: documentLocationSchema,
  partner: billPartnerSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponse = dataEnvelope(receiptSchema);

// ── The public bill (GET /api/public/bill/{id}) ──────────────────────────────

export const publicBillParams = z.object({ id: z.uuid() });
export const publicBillSchema = z.object({
  bill: billSchema.omit({
    location_id: true,
    slot_id: true,
    patient_id: true,
    doctor_user_id: true,
    created_by_name: true,
  }),
  location: documentLocationSchema,
  partner: billPartnerSchema,
});
export type PublicBill = z.infer<typeof publicBillSchema>;
export const publicBillResponse = dataEnvelope(publicBillSchema);

/** As the prescription's: the spec's fields are accepted and ignored; the bill's records say to whom and what. */
export const sendBillMessageBody = z.object({
  mobileNumber: indianMobileSchema.optional(),
  patientName: requiredText({ label: 'Patient name', max: patientNameMaxLength }).optional(),
  partnerName: requiredText({ label: 'Clinic name', max: 200 }).optional(),
  date: z
    .string({ error: 'Date must be written like 23/11/2026' })
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Date must be written like 23/11/2026')
    .optional(),
  billId: z.uuid(),
});
export type SendBillMessageBody = z.infer<typeof sendBillMessageBody>;
/** get-messages?id: the WhatsApp messages of one bill, newest first. */
export const billMessagesResponse = dataEnvelope(z.array(outboxMessageSchema));

/** What add-bill, edit-bill and add-payment answer: the bill as it now stands, and what was done. */
export const billSavedResponse = billResponse.extend({ message: z.string() });
export const billDeletedResponse = z.object({ data: z.object({ id: z.uuid() }), message: z.string() });
export const duesPaymentRecordedResponse = receiptResponse.extend({ message: z.string() });

/** The bill calls (decision 039): the signed-in ones under /api/bill, not behind the wallet guard (spec §2), and the bill page. */
export const billEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/bill/add-bill',
    summary:
      'Bills a visit: numbered in the financial year, dated the clinic’s today; what is paid beyond it settles older balances',
    tags: ['bills'],
    access: 'signed-in',
    body: billBody,
    response: billSavedResponse,
    status: 201,
    refusals: [404, 409],
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/bill/edit-bill',
    summary: 'Replaces a bill’s lines and figures; its number and date stay, its payments too',
    tags: ['bills'],
    access: 'signed-in',
    body: editBillBody,
    response: billSavedResponse,
    refusals: [404, 409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/bill/delete-bill',
    summary: 'Deletes a bill; its audit trail stays',
    tags: ['bills'],
    access: 'signed-in',
    permission: 'billCorrections',
    query: billIdQuery,
    response: billDeletedResponse,
    refusals: [404, 409],
  }),
  addPayment: endpoint({
    method: 'POST',
    path: '/bill/add-payment',
    summary: 'Records a part payment of a bill, up to its balance',
    tags: ['bills'],
    access: 'signed-in',
    body: addBillPaymentBody,
    response: billSavedResponse,
    refusals: [404, 409],
  }),
  dues: endpoint({
    method: 'GET',
    path: '/bill/get-dues',
    summary:
      'The unpaid bills at a location of the patients on a mobile (a family’s, each bill naming its patient), or of one patient with patientId, oldest first, and what they owe in all',
    tags: ['bills'],
    access: 'signed-in',
    query: duesQuery,
    response: duesResponse,
    refusals: [404],
  }),
  recordDuesPayment: endpoint({
    method: 'POST',
    path: '/bill/record-dues-payment',
    summary:
      'Records money against one patient’s dues at a location: settled oldest bill first, one payment per bill, under one receipt; patientId names the patient when several on the mobile owe (400 without it); 422 above what is owed',
    tags: ['bills'],
    access: 'signed-in',
    body: duesPaymentBody,
    response: duesPaymentRecordedResponse,
    status: 201,
    refusals: [404, 409, 422],
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/bill/get-receipt',
    summary: 'A receipt of a payment against dues, as printed: the bills it paid and what was still due',
    tags: ['bills'],
    access: 'signed-in',
    query: receiptIdQuery,
    response: receiptResponse,
    refusals: [404],
  }),
  list: endpoint({
    method: 'GET',
    path: '/bill/get-bills',
    summary: 'A location’s bills, newest first: by name or mobile prefix and a date range',
    tags: ['bills'],
    access: 'signed-in',
    query: billsQuery,
    response: billsResponse,
    refusals: [404],
  }),
  byId: endpoint({
    method: 'GET',
    path: '/bill/get-by-id',
    summary: 'One bill of the clinic with its lines and payments',
    tags: ['bills'],
    access: 'signed-in',
    query: billIdQuery,
    response: billResponse,
    refusals: [404],
  }),
  bySlot: endpoint({
    method: 'GET',
    path: '/bill/get-by-slot-id',
    summary: "A booking's bill, or null when it has none yet",
    tags: ['bills'],
    access: 'signed-in',
    query: billBySlotQuery,
    response: billOrNullResponse,
    refusals: [404],
  }),
  pendingAmount: endpoint({
    method: 'POST',
    path: '/bill/get-pending-amount',
    summary:
      'The bills at a location of every patient on a mobile (a family’s), newest first, each naming its patient, and the balance still owed on them',
    tags: ['bills'],
    access: 'signed-in',
    body: pendingAmountBody,
    response: pendingAmountResponse,
    refusals: [404],
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/bill/send-message',
    summary:
      'Sends the bill link on WhatsApp to the mobile number on the bill, with the names on record (the body’s number and names are ignored); 429 past 5 sends of one bill a day or the location’s hourly limit; every attempt is kept in the outbox with how it ended',
    tags: ['bills'],
    access: 'signed-in',
    body: sendBillMessageBody,
    response: outboxMessageResponse,
    refusals: [404, 429, 502],
  }),
  messages: endpoint({
    method: 'GET',
    path: '/bill/get-messages',
    summary: "A bill's WhatsApp messages, newest first",
    tags: ['bills'],
    access: 'signed-in',
    query: billIdQuery,
    response: billMessagesResponse,
    refusals: [404],
  }),
  /** The bill page (spec §2): no sign-in, the bill's unguessable id is the permission. */
  publicBill: endpoint({
    method: 'GET',
    path: publicDocumentPaths.bill,
    summary: 'A bill as printed: its lines and payments, its location and the clinic’s name',
    tags: [],
    access: 'public',
    params: publicBillParams,
    response: publicBillResponse,
    // A patient opening their bill a few times stays far below this; a scraper stops here.
    rateLimit: { max: 60, per: 'minute' },
  }),
};
