import { toPaise, toRupees } from '@vaidya/contract/bill-arithmetic';
import {
  type AddBillPaymentPayload,
  type Bill,
  billMessages,
  type Dues,
  type DuesPaymentPayload,
  type DuesQuery,
  type Receipt,
  receiptRecordLabel,
} from '@vaidya/contract/bills';
import { patientMessages } from '@vaidya/contract/patients';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import { assertWorksAt } from '../access/authenticate';
import { recordAuditEvent } from '../audit/audit-trail';
import { assertDaysOpen } from '../day-close/day-close.guard';
import { findDocumentDoctors } from '../documents/document-people';
import {
  type Author,
  billPartnerOf,
  doctorOf,
  dueOf,
  refused,
  requireBill,
  requireLocation,
  toFamilyBill,
} from './bill-records';
import type { BookkeepingService } from './bills.bookkeeping.service';
import {
  findMobilePatient,
  findReceipt,
  insertReceipt,
  listFamilyOutstandingBills,
  listReceiptAllocations,
} from './bills.repository';

/**
 * Payments after a bill is written: a later part payment of one bill, and money against a
 * patient's dues at a location, settled oldest bill first under one receipt.
 */
export function createBillPaymentsService({
  db,
  clock,
  bookkeeping,
}: {
  db: Db;
  clock: Clock;
  bookkeeping: BookkeepingService;
}) {
  /**
   * The unpaid bills at the location of the patients on the mobile (a family shares one phone),
   * or of the one `patientId` names, oldest first; with `lock`, held until the transaction
   * ends. A `patientId` that is not a live patient of the clinic on that mobile answers 404.
   */
  async function duesOf(tx: Db, partnerId: string, query: DuesQuery, lock: boolean) {
    await requireLocation(tx, partnerId, query.locationId);
    const { customerMobile: mobile, locationId, patientId } = query;
    if (patientId && !(await findMobilePatient(tx, { partnerId, mobile, patientId })))
      throw notFound(patientMessages.recordLabel);
    return listFamilyOutstandingBills(tx, { partnerId, mobile, locationId, patientId }, { lock });
  }

  /** A receipt of the clinic's, as printed; `opened`: staff opened it, a read the audit trail keeps. */
  async function getReceipt({
    caller,
    receiptId,
    opened = false,
  }: {
    caller: Author;
    receiptId: string;
    opened?: boolean;
  }): Promise<Receipt> {
    const found = await findReceipt(db, { partnerId: caller.partnerId, id: receiptId });
    if (!found) throw notFound(receiptRecordLabel);
    const { receipt } = found;
    assertWorksAt(caller, receipt.location_id);
    if (opened) {
      const act = { recordType: 'payment', recordId: receipt.id, locationId: receipt.location_id } as const;
      await recordAuditEvent(db, caller, { ...act, patientId: receipt.patient_id, action: 'read' });
    }
    const allocations = await listReceiptAllocations(db, receipt.id);
    const doctors = await findDocumentDoctors(
      db,
      allocations.map((allocation) => allocation.doctor_user_id),
    );
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
        doctor: doctorOf(doctors, allocation.doctor_user_id),
      })),
      remaining_due: toRupees(receipt.remaining_due_paise),
      location: found.location,
      partner: billPartnerOf(found.partner),
    };
  }

  return {
    /** A later part payment of one bill, up to its balance. */
    async addPayment({ caller, payload }: { caller: Author; payload: AddBillPaymentPayload }): Promise<Bill> {
      return db.transaction(async (tx) => {
        const current = await requireBill(tx, caller.partnerId, payload.billId, true);
        assertWorksAt(caller, current.location_id);
        const paise = toPaise(payload.amount);
        if (paise > current.final_paise - current.paid_paise) throw refused(billMessages.paymentTooLarge);
        // Paid today, whatever the bill's own date: the day it counts on must be open.
        const today = { locationId: current.location_id, at: clock() };
        await assertDaysOpen(tx, { partnerId: caller.partnerId, days: [today] });
        const row = await bookkeeping.pay({
          tx,
          author: caller,
          row: current,
          payment: { paise, mode: payload.paymentMode },
        });
        return bookkeeping.audit({ tx, author: caller, row, action: 'payment' });
      });
    },

    /**
     * Record payment's dialog: the unpaid bills at the location of the family on the mobile,
     * each naming its patient (or one patient's), oldest first, and their sum.
     */
    async getDues({ caller, query }: { caller: Author; query: DuesQuery }): Promise<Dues> {
      const outstanding = await duesOf(db, caller.partnerId, query, false);
      return { totalDue: toRupees(dueOf(outstanding)), bills: outstanding.map(toFamilyBill) };
    },

    /**
     * Record payment: money against one patient's dues at the location, settled oldest
     * bill first under one receipt (a receipt is one patient's). Without `patientId`, the one
     * patient on the mobile who owes; when several do, 400. The bills stay locked from the
     * check to the last share, so two payments at once cannot settle more than is owed.
     */
    async recordDuesPayment({
      caller,
      payload,
    }: {
      caller: Author;
      payload: DuesPaymentPayload;
    }): Promise<Receipt> {
      const receiptId = await db.transaction(async (tx) => {
        const outstanding = await duesOf(tx, caller.partnerId, payload, true);
        if (new Set(outstanding.map((bill) => bill.patient_id)).size > 1)
          throw refused(billMessages.choosePatient);
        const due = dueOf(outstanding);
        const newest = outstanding.at(-1);
        if (!newest || due === 0) throw new AppError('BUSINESS_RULE', billMessages.nothingDue);
        const paise = toPaise(payload.amount);
        if (paise > due) throw new AppError('BUSINESS_RULE', billMessages.duesPaymentTooLarge(toRupees(due)));
        const today = { locationId: payload.locationId, at: clock() };
        await assertDaysOpen(tx, { partnerId: caller.partnerId, days: [today] });
        const id = await insertReceipt(tx, {
          partner_id: caller.partnerId,
          location_id: payload.locationId,
          patient_id: newest.patient_id,
          customer_name: newest.patient_name,
          customer_mobile: payload.customerMobile,
          amount_paise: paise,
          payment_mode: payload.paymentMode,
          note: payload.note || null,
          remaining_due_paise: due - paise,
          paid_at: clock(),
          created_by: caller.userId,
        });
        await bookkeeping.settleDues({
          tx,
          author: caller,
          outstanding,
          payment: { paise, mode: payload.paymentMode, receiptId: id },
        });
        return id;
      });
      return getReceipt({ caller, receiptId });
    },

    /** A receipt as staff open it. */
    getReceipt: (input: { caller: Author; receiptId: string }) => getReceipt({ ...input, opened: true }),
  };
}
