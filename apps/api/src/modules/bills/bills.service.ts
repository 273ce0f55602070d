import {
  computeBillOfRupees,
  financialYearOf,
  toBasisPoints,
  toPaise,
  toRupees,
} from '@vaidya/contract/bill-arithmetic';
import {
  type AddBillPaymentPayload,
  type Bill,
  type BillPayload,
  type BillSummary,
  type BillsQuery,
  billMessages,
  billRecordLabel,
  type Dues,
  type DuesPaymentPayload,
  type DuesQuery,
  type EditBillPayload,
  type PaymentMode,
  type PendingAmountBody,
  type PublicBill,
  type Receipt,
  receiptRecordLabel,
} from '@vaidya/contract/bills';
import { bookingRecordLabels } from '@vaidya/contract/bookings';
import { localToday } from '@vaidya/contract/calendar-dates';
import { productContract, treatmentContract } from '@vaidya/contract/masters';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { products, treatments } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import type { Caller } from '../access/authenticate';
import { findSlotLocation } from '../bookings/bookings.repository';
import { toDocumentPartner } from '../documents/document-header';
import { createDocumentMessagesService } from '../documents/documents.messages.service';
import { findOwnMasterIds } from '../masters/masters.repository';
import { locationExists } from '../partner/partner.repository';
import type { PatientsService } from '../patients/patients.service';
import type { WhatsAppMessagesService } from '../whatsapp-messages/whatsapp-messages.service';
import { billNumberOf } from './bill-numbers';
import {
  addToPaid,
  type BillRow,
  countBills,
  findBill,
  findBillingPartner,
  findBillOfSlot,
  findPatientId,
  findPublicBill,
  findReceipt,
  insertBill,
  insertBillAudit,
  insertBillPayment,
  insertReceipt,
  listBillLines,
  listBillPayments,
  listBills,
  listOutstandingBills,
  listPatientBills,
  listReceiptAllocations,
  replaceBillLines,
  takeBillSequence,
  updateBill,
} from './bills.repository';

type Author = Pick<Caller, 'partnerId' | 'userId'>;

const oneBillPerSlot = 'bills_slot_key';
const refused = (message: string) => new AppError('VALIDATION_FAILED', message);

const dueOf = (rows: BillRow[]) => rows.reduce((all, row) => all + row.final_paise - row.paid_paise, 0);

const toBillSummary = (row: BillRow): BillSummary => ({
  id: row.id,
  bill_number: row.bill_number,
  location_id: row.location_id,
  slot_id: row.slot_id,
  customer_name: row.customer_name,
  customer_mobile: row.customer_mobile,
  generated_date: row.generated_date,
  subtotal: toRupees(row.subtotal_paise),
  discount: toRupees(row.discount_paise),
  tax: toRupees(row.tax_paise),
  final_amount: toRupees(row.final_paise),
  amount_paid: toRupees(row.paid_paise),
  balance: toRupees(row.final_paise - row.paid_paise),
});

/** What a bill and a receipt print of their clinic: the document's head, without footer or signature. */
function billPartnerOf(partner: Parameters<typeof toDocumentPartner>[0]) {
  const { name, speciality, consultation_form_header_url, time_zone } = toDocumentPartner(partner);
  return { name, speciality, consultation_form_header_url, time_zone };
}

/** A bill with its lines and its payments (oldest first, the newest last). */
async function loadBill(db: Db, row: BillRow): Promise<Bill> {
  const [lines, payments] = [await listBillLines(db, row.id), await listBillPayments(db, row.id)];
  return {
    ...toBillSummary(row),
    items: lines.map((line) => ({
      id: line.id,
      treatment_id: line.treatment_id,
      product_id: line.product_id,
      name: line.name,
      quantity: line.quantity,
      unit_price: toRupees(line.unit_price_paise),
      tax_percentage: line.tax_basis_points / 100,
      amount: toRupees(line.amount_paise),
      discount: toRupees(line.discount_paise),
      tax: toRupees(line.tax_paise),
      total: toRupees(line.total_paise),
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: toRupees(payment.amount_paise),
      payment_mode: payment.payment_mode,
      paid_at: payment.paid_at.toISOString(),
    })),
  };
}

/** The figures of a payload, by the one arithmetic; a discount above the subtotal is refused. */
function figuresOf(payload: BillPayload) {
  const computed = computeBillOfRupees(payload);
  if (toPaise(payload.discount) > computed.subtotalPaise) throw refused(billMessages.discountTooLarge);
  const lines = payload.items.map((item, position) => {
    const line = computed.lines[position];
    if (!line) throw new Error('computeBill answered fewer lines than it was given');
    return {
      position,
      treatment_id: item.treatmentId ?? null,
      product_id: item.productId ?? null,
      name: item.name,
      quantity: item.quantity,
      unit_price_paise: toPaise(item.unitPrice),
      tax_basis_points: toBasisPoints(item.taxPercentage),
      amount_paise: line.amountPaise,
      discount_paise: line.discountPaise,
      tax_paise: line.taxPaise,
      total_paise: line.totalPaise,
    };
  });
  return {
    lines,
    totals: {
      subtotal_paise: computed.subtotalPaise,
      discount_paise: computed.discountPaise,
      tax_paise: computed.taxPaise,
      final_paise: computed.finalPaise,
    },
  };
}

/**
 * Bills (spec §7 "Bills"): what a patient is charged for a visit, numbered per financial
 * year, paid at once or in parts. Every change is a bill_audit row with the bill as it
 * then stood, in the same transaction.
 */
export function createBillsService({
  db,
  clock,
  patients,
  whatsappMessages,
}: {
  db: Db;
  clock: Clock;
  /** Finds or creates the patient a bill names, in the bill's transaction. */
  patients: Pick<PatientsService, 'findOrCreate'>;
  whatsappMessages: WhatsAppMessagesService;
}) {
  /** The transaction's work, with a second live bill for a booking answered as 409. */
  async function saving<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolationOf(error, oneBillPerSlot))
        throw new AppError('CONFLICT', billMessages.slotHasBill);
      throw error;
    }
  }

  async function requireLocation(tx: Db, partnerId: string, locationId: string) {
    if (!(await locationExists(tx, { partnerId, locationId }))) throw notFound(bookingRecordLabels.location);
  }

  async function requireBill(tx: Db, partnerId: string, id: string, lock = false) {
    const row = await findBill(tx, { partnerId, id }, { lock });
    if (!row) throw notFound(billRecordLabel);
    return row;
  }

  /** The location, the booking (the caller's, at that location) and the master records a payload names. */
  async function checkReferences(tx: Db, partnerId: string, payload: BillPayload) {
    await requireLocation(tx, partnerId, payload.locationId);
    if (payload.slotId) {
      const slotLocation = await findSlotLocation(tx, { partnerId, slotId: payload.slotId });
      if (slotLocation !== payload.locationId) throw notFound(bookingRecordLabels.booking);
    }
    const treatmentIds = payload.items.flatMap((item) => (item.treatmentId ? [item.treatmentId] : []));
    const ownTreatments = await findOwnMasterIds(tx, treatments, { partnerId, ids: treatmentIds });
    if (treatmentIds.some((id) => !ownTreatments.has(id))) throw notFound(treatmentContract.names.label);
    const productIds = payload.items.flatMap((item) => (item.productId ? [item.productId] : []));
    const ownProducts = await findOwnMasterIds(tx, products, { partnerId, ids: productIds });
    if (productIds.some((id) => !ownProducts.has(id))) throw notFound(productContract.names.label);
  }

  async function audit(
    tx: Db,
    author: Author,
    row: BillRow,
    action: 'created' | 'edited' | 'deleted' | 'payment',
  ) {
    const bill = await loadBill(tx, row);
    await insertBillAudit(tx, {
      bill_id: row.id,
      partner_id: row.partner_id,
      action,
      snapshot: bill,
      changed_by: author.userId,
      changed_at: clock(),
    });
    return bill;
  }

  /** Money received against one bill: a payment row and the bill's paid amount, in one go. */
  async function pay(
    tx: Db,
    author: Author,
    row: BillRow,
    payment: { paise: number; mode: PaymentMode; receiptId?: string },
  ) {
    const now = clock();
    await insertBillPayment(tx, {
      bill_id: row.id,
      partner_id: row.partner_id,
      amount_paise: payment.paise,
      payment_mode: payment.mode,
      paid_at: now,
      created_by: author.userId,
      receipt_id: payment.receiptId ?? null,
    });
    return addToPaid(tx, { id: row.id, paise: payment.paise, at: now });
  }

  /**
   * Money against a patient's older bills, oldest first (`outstanding` as
   * listOutstandingBills holds them), each share a payment of its bill with its audit
   * row; the caller has checked it is not more than they owe.
   */
  async function settleDues(
    tx: Db,
    author: Author,
    outstanding: BillRow[],
    payment: { paise: number; mode: PaymentMode; receiptId?: string },
  ) {
    let left = payment.paise;
    for (const bill of outstanding) {
      if (left === 0) break;
      const part = Math.min(left, bill.final_paise - bill.paid_paise);
      const settled = await pay(tx, author, bill, { ...payment, paise: part });
      await audit(tx, author, settled, 'payment');
      left -= part;
    }
  }

  /** The patient's unpaid bills at the location, oldest first; with `lock`, held until the transaction ends. */
  async function duesOf(tx: Db, partnerId: string, query: DuesQuery, lock: boolean) {
    await requireLocation(tx, partnerId, query.locationId);
    const patientId = await findPatientId(tx, { partnerId, mobile: query.customerMobile });
    const outstanding = patientId
      ? await listOutstandingBills(tx, { patientId, locationId: query.locationId }, { lock })
      : [];
    return { patientId, outstanding };
  }

  function patientOf(tx: Db, partnerId: string, payload: BillPayload) {
    return patients.findOrCreate({
      db: tx,
      partnerId,
      name: payload.customerName,
      mobile: payload.customerMobile,
      age: null,
      gender: null,
      overwrite: false,
    });
  }

  /** A receipt of the clinic's, as printed. */
  async function getReceipt({ caller, receiptId }: { caller: Author; receiptId: string }): Promise<Receipt> {
    const found = await findReceipt(db, { partnerId: caller.partnerId, id: receiptId });
    if (!found) throw notFound(receiptRecordLabel);
    const { receipt } = found;
    const allocations = await listReceiptAllocations(db, receipt.id);
    return {
      id: receipt.id,
      location_id: receipt.location_id,
      customer_name: receipt.customer_name,
      customer_mobile: receipt.customer_mobile,
      amount: toRupees(receipt.amount_paise),
      payment_mode: receipt.payment_mode,
      note: receipt.note,
      paid_at: receipt.paid_at.toISOString(),
      allocations: allocations.map((allocation) => ({
        bill_id: allocation.bill_id,
        bill_number: allocation.bill_number,
        generated_date: allocation.generated_date,
        amount: toRupees(allocation.amount_paise),
      })),
      remaining_due: toRupees(receipt.remaining_due_paise),
      location: found.location,
      partner: billPartnerOf(found.partner),
    };
  }

  return {
    /**
     * A new bill, numbered and dated in the clinic's financial year and time zone. What is
     * paid beyond its total settles the patient's older balances at the location, oldest first.
     */
    async addBill({ caller, payload }: { caller: Author; payload: BillPayload }): Promise<Bill> {
      const { partnerId } = caller;
      return saving(async (tx) => {
        await checkReferences(tx, partnerId, payload);
        const partner = await findBillingPartner(tx, partnerId);
        if (!partner) throw notFound('Partner');
        const { lines, totals } = figuresOf(payload);
        const patient = await patientOf(tx, partnerId, payload);
        const older = await listOutstandingBills(
          tx,
          { patientId: patient.id, locationId: payload.locationId },
          { lock: true },
        );
        const paid = toPaise(payload.amountPaid);
        if (paid > totals.final_paise + dueOf(older)) throw refused(billMessages.paidTooMuch);

        const now = clock();
        const generatedDate = localToday(partner.timeZone, now).date;
        const financialYear = financialYearOf(generatedDate);
        const sequence = await takeBillSequence(tx, { partnerId, financialYear });
        let row = await insertBill(tx, {
          partner_id: partnerId,
          location_id: payload.locationId,
          patient_id: patient.id,
          slot_id: payload.slotId ?? null,
          financial_year: financialYear,
          sequence,
          bill_number: billNumberOf(partner.name, financialYear, sequence),
          customer_name: payload.customerName,
          customer_mobile: payload.customerMobile,
          generated_date: generatedDate,
          ...totals,
          paid_paise: 0,
          created_by: caller.userId,
          created_at: now,
          updated_at: now,
        });
        await replaceBillLines(tx, row.id, lines);
        const forThisBill = Math.min(paid, totals.final_paise);
        if (forThisBill > 0)
          row = await pay(tx, caller, row, { paise: forThisBill, mode: payload.paymentMode });
        const bill = await audit(tx, caller, row, 'created');
        await settleDues(tx, caller, older, { paise: paid - forThisBill, mode: payload.paymentMode });
        return bill;
      });
    },

    /**
     * The bill's lines and figures replaced; its number and date stay. `amountPaid` is the
     * bill's whole paid amount: what it adds to the payments recorded is a new payment.
     */
    async editBill({ caller, payload }: { caller: Author; payload: EditBillPayload }): Promise<Bill> {
      const { partnerId } = caller;
      return saving(async (tx) => {
        const current = await requireBill(tx, partnerId, payload.id, true);
        await checkReferences(tx, partnerId, payload);
        const { lines, totals } = figuresOf(payload);
        const paid = toPaise(payload.amountPaid);
        if (paid < current.paid_paise || totals.final_paise < current.paid_paise)
          throw refused(billMessages.paidBelowPayments);
        if (paid > totals.final_paise) throw refused(billMessages.paymentTooLarge);
        const patient = await patientOf(tx, partnerId, payload);
        let row = await updateBill(
          tx,
          { partnerId, id: current.id },
          {
            location_id: payload.locationId,
            patient_id: patient.id,
            slot_id: payload.slotId === undefined ? current.slot_id : payload.slotId,
            customer_name: payload.customerName,
            customer_mobile: payload.customerMobile,
            ...totals,
            updated_at: clock(),
          },
        );
        await replaceBillLines(tx, row.id, lines);
        if (paid > current.paid_paise)
          row = await pay(tx, caller, row, { paise: paid - current.paid_paise, mode: payload.paymentMode });
        return audit(tx, caller, row, 'edited');
      });
    },

    /** Deleted bills are kept (with their audit trail) but gone from every list and link. */
    async deleteBill({ caller, id }: { caller: Author; id: string }): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        await requireBill(tx, caller.partnerId, id, true);
        const now = clock();
        const row = await updateBill(
          tx,
          { partnerId: caller.partnerId, id },
          { deleted_at: now, updated_at: now },
        );
        await audit(tx, caller, row, 'deleted');
        return { id };
      });
    },

    /** A later part payment of one bill, up to its balance. */
    async addPayment({ caller, payload }: { caller: Author; payload: AddBillPaymentPayload }): Promise<Bill> {
      return db.transaction(async (tx) => {
        const current = await requireBill(tx, caller.partnerId, payload.billId, true);
        const paise = toPaise(payload.amount);
        if (paise > current.final_paise - current.paid_paise) throw refused(billMessages.paymentTooLarge);
        const row = await pay(tx, caller, current, { paise, mode: payload.paymentMode });
        return audit(tx, caller, row, 'payment');
      });
    },

    /** Record payment's dialog: the patient's unpaid bills at the location, oldest first, and their sum. */
    async getDues({ caller, query }: { caller: Author; query: DuesQuery }): Promise<Dues> {
      const { outstanding } = await duesOf(db, caller.partnerId, query, false);
      return { totalDue: toRupees(dueOf(outstanding)), bills: outstanding.map(toBillSummary) };
    },

    /**
     * Record payment: money against the patient's dues at the location, settled oldest
     * bill first under one receipt. The bills stay locked from the check to the last
     * share, so two payments at once cannot settle more than is owed.
     */
    async recordDuesPayment({
      caller,
      payload,
    }: {
      caller: Author;
      payload: DuesPaymentPayload;
    }): Promise<Receipt> {
      const receiptId = await db.transaction(async (tx) => {
        const { patientId, outstanding } = await duesOf(tx, caller.partnerId, payload, true);
        const due = dueOf(outstanding);
        const newest = outstanding.at(-1);
        if (!patientId || !newest || due === 0) throw new AppError('BUSINESS_RULE', billMessages.nothingDue);
        const paise = toPaise(payload.amount);
        if (paise > due) throw new AppError('BUSINESS_RULE', billMessages.duesPaymentTooLarge(toRupees(due)));
        const id = await insertReceipt(tx, {
          partner_id: caller.partnerId,
          location_id: payload.locationId,
          patient_id: patientId,
          customer_name: newest.customer_name,
          customer_mobile: payload.customerMobile,
          amount_paise: paise,
          payment_mode: payload.paymentMode,
          note: payload.note || null,
          remaining_due_paise: due - paise,
          paid_at: clock(),
          created_by: caller.userId,
        });
        await settleDues(tx, caller, outstanding, { paise, mode: payload.paymentMode, receiptId: id });
        return id;
      });
      return getReceipt({ caller, receiptId });
    },

    getReceipt,

    /** One page of a location's bills, newest first, with how many match in all. */
    async listBills({ caller, query }: { caller: Author; query: BillsQuery }) {
      await requireLocation(db, caller.partnerId, query.location_id);
      const search = {
        locationId: query.location_id,
        query: query.query,
        startDate: query.start_date,
        endDate: query.end_date,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      };
      const rows = await listBills(db, search);
      const total = await countBills(db, search);
      return { bills: rows.map(toBillSummary), pagination: { total } };
    },

    async getBill({ caller, id }: { caller: Author; id: string }): Promise<Bill> {
      return loadBill(db, await requireBill(db, caller.partnerId, id));
    },

    /** A booking's bill, or null when it has none yet. */
    async getBillOfSlot({ caller, slotId }: { caller: Author; slotId: string }): Promise<Bill | null> {
      if (!(await findSlotLocation(db, { partnerId: caller.partnerId, slotId })))
        throw notFound(bookingRecordLabels.booking);
      const row = await findBillOfSlot(db, { partnerId: caller.partnerId, slotId });
      return row ? loadBill(db, row) : null;
    },

    /** Spec §2 "Bill history": all the patient's bills at the location, newest first, and what is still owed. */
    async getPendingAmount({ caller, payload }: { caller: Author; payload: PendingAmountBody }) {
      await requireLocation(db, caller.partnerId, payload.location_id);
      const patientId = await findPatientId(db, {
        partnerId: caller.partnerId,
        mobile: payload.customer_mobile,
      });
      const rows = patientId
        ? await listPatientBills(db, { patientId, locationId: payload.location_id })
        : [];
      return { totalBalance: toRupees(dueOf(rows)), bills: rows.map(toBillSummary) };
    },

    /** The bill page, for anyone holding the bill's unguessable id; unknown and deleted ids answer alike. */
    async getPublicBill({ id }: { id: string }): Promise<PublicBill> {
      const found = await findPublicBill(db, id);
      if (!found) throw notFound(billRecordLabel);
      const { location_id: _location, slot_id: _slot, ...bill } = await loadBill(db, found.bill);
      return {
        bill,
        location: found.location,
        partner: billPartnerOf(found.partner),
      };
    },

    /** The bill sent on WhatsApp as every document is: to the mobile number, with the names and the date it holds. */
    ...createDocumentMessagesService({
      whatsappMessages,
      document: {
        template: 'bill',
        label: billRecordLabel,
        async load(partnerId, id) {
          const bill = await requireBill(db, partnerId, id);
          return {
            id: bill.id,
            locationId: bill.location_id,
            mobile: bill.customer_mobile,
            patientName: bill.customer_name,
            date: bill.generated_date,
          };
        },
        path: (id) => `/bill/${id}`,
        body: billMessages.billMessage,
        failed: billMessages.messageFailed,
      },
    }),
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
