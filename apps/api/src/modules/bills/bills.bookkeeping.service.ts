import type { Bill, PaymentMode } from '@vaidya/contract/bills';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { changedFields, recordAuditEvent } from '../audit/audit-trail';
import { type Author, loadBill } from './bill-records';
import { addToPaid, type BillRow, insertBillAudit, insertBillPayment } from './bills.repository';

/** Money received: how much, how, and the receipt it belongs to when it pays dues. */
interface Payment {
  paise: number;
  mode: PaymentMode;
  receiptId?: string;
}

/**
 * What every change of a bill writes beside it, inside the caller's transaction: the
 * audit row with the bill as it then stood, and payments with the bill's paid amount.
 * Writing bills and recording payments both keep their books this way.
 */
export function createBookkeepingService({ clock }: { clock: Clock }) {
  /** Money received against one bill: a payment row and the bill's paid amount, in one go. */
  async function pay({
    tx,
    author,
    row,
    payment,
  }: {
    tx: Db;
    author: Author;
    row: BillRow;
    payment: Payment;
  }) {
    const now = clock();
    await recordAuditEvent(tx, author, {
      action: 'created',
      recordType: 'payment',
      recordId: payment.receiptId ?? null,
      patientId: row.patient_id,
      locationId: row.location_id,
      changes: { after: { bill_id: row.id, amount_paise: payment.paise, mode: payment.mode } },
    });
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

  /** The bill as it now stands, written to bill_audit and returned as answered. */
  async function audit({
    tx,
    author,
    row,
    action,
    before,
  }: {
    tx: Db;
    author: Author;
    row: BillRow;
    action: 'created' | 'edited' | 'deleted' | 'payment';
    /** Of an edit: the bill as it stood before, for the audit trail's changed fields. */
    before?: Bill;
  }) {
    const bill = await loadBill(tx, row);
    if (action !== 'payment') {
      const changes = before ? changedFields(before, bill) : action === 'created' ? { after: bill } : null;
      const act = { recordType: 'bill', recordId: row.id, patientId: row.patient_id } as const;
      const done = action === 'edited' ? 'updated' : action;
      await recordAuditEvent(tx, author, { ...act, locationId: row.location_id, action: done, changes });
    }
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

  return {
    pay,
    audit,

    /**
     * Money against a patient's older bills, oldest first (`outstanding` as
     * listOutstandingBills holds them), each share a payment of its bill with its audit
     * row; the caller has checked it is not more than they owe.
     */
    async settleDues({
      tx,
      author,
      outstanding,
      payment,
    }: {
      tx: Db;
      author: Author;
      outstanding: BillRow[];
      payment: Payment;
    }) {
      let left = payment.paise;
      for (const bill of outstanding) {
        if (left === 0) break;
        const part = Math.min(left, bill.final_paise - bill.paid_paise);
        const settled = await pay({ tx, author, row: bill, payment: { ...payment, paise: part } });
        await audit({ tx, author, row: settled, action: 'payment' });
        left -= part;
      }
    },
  };
}

export type BookkeepingService = ReturnType<typeof createBookkeepingService>;
