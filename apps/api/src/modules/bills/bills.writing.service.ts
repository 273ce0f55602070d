import {
  computeBillOfRupees,
  financialYearOf,
  toBasisPoints,
  toPaise,
} from '@vaidya/contract/bill-arithmetic';
import { type Bill, type BillPayload, billMessages, type EditBillPayload } from '@vaidya/contract/bills';
import { bookingRecordLabels } from '@vaidya/contract/bookings';
import { localToday } from '@vaidya/contract/calendar-dates';
import { productContract, treatmentContract } from '@vaidya/contract/masters';
import { permissions, roleMay } from '@vaidya/contract/roles';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolationOf } from '../../db/errors';
import { products, treatments } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { assertWorksAt } from '../access/authenticate';
import { findSlotLocation } from '../bookings/bookings.repository';
import { assertDaysOpen } from '../day-close/day-close.guard';
import { findItemsForBilling } from '../dental/dental.plans.repository';
import { findQueueDoctor } from '../documents/document-people';
import { findOwnMasterIds } from '../masters/masters.repository';
import type { PatientsService } from '../patients/patients.service';
import { billNumberOf } from './bill-numbers';
import {
  type Author,
  dueOf,
  loadBill,
  refused,
  requireBill,
  requireDoctor,
  requireLocation,
} from './bill-records';
import type { BookkeepingService } from './bills.bookkeeping.service';
import {
  type BillRow,
  findBillingPartner,
  insertBill,
  listOutstandingBills,
  markBillLinesDeleted,
  replaceBillLines,
  takeBillSequence,
  updateBill,
} from './bills.repository';

const oneBillPerSlot = 'bills_slot_key';
const planItemBilledOnce = 'bill_lines_plan_item_key';

/**
 * The dental plan items a bill's lines name (issue 22): each a completed item of the bill's
 * patient's plans at this clinic (404 otherwise, 409 while not done), named once, and billed by
 * no other live bill (409); `billId` is the bill being edited, whose own lines do not count.
 */
async function checkPlanItems(
  tx: Db,
  ids: { partnerId: string; patientId: string; billId: string | null },
  payload: BillPayload,
) {
  const itemIds = payload.items.flatMap((item) => (item.planItemId ? [item.planItemId] : []));
  const found = await findItemsForBilling(tx, {
    partnerId: ids.partnerId,
    itemIds,
    exceptBillId: ids.billId,
  });
  for (const [index, id] of itemIds.entries()) {
    const item = found.find((candidate) => candidate.id === id);
    if (!item || item.patient_id !== ids.patientId) throw notFound(billMessages.planItemRecordLabel);
    if (item.status !== 'completed')
      throw new AppError('CONFLICT', billMessages.planItemNotCompleted(item.treatment_name));
    if (item.billed || itemIds.indexOf(id) !== index)
      throw new AppError('CONFLICT', billMessages.planItemBilled(item.treatment_name));
  }
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
      plan_item_id: item.planItemId ?? null,
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
 * Writing bills: a new bill, numbered per financial year and paid at once or in parts, an
 * edit that replaces its lines, and deleting it. Every change is a bill_audit row with the
 * bill as it then stood, in the same transaction.
 */
export function createBillWritingService({
  db,
  clock,
  patients,
  bookkeeping,
}: {
  db: Db;
  clock: Clock;
  /** Finds or creates the patient a bill names, in the bill's transaction. */
  patients: Pick<PatientsService, 'findOrCreate'>;
  bookkeeping: BookkeepingService;
}) {
  /** The transaction's work, with a second live bill for a booking answered as 409. */
  async function saving<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isUniqueViolationOf(error, oneBillPerSlot))
        throw new AppError('CONFLICT', billMessages.slotHasBill);
      // Two desks billing one plan item at once: the index lets one bill have it.
      if (isUniqueViolationOf(error, planItemBilledOnce))
        throw new AppError('CONFLICT', billMessages.planItemBilled('An item'));
      throw error;
    }
  }

  /** The location, the booking (the caller's, at that location) and the master records a payload names. */
  async function checkReferences(tx: Db, partnerId: string, payload: BillPayload, current?: BillRow) {
    await requireLocation(tx, partnerId, payload.locationId);
    // An edited bill may keep a doctor who has since left.
    if (payload.doctorUserId !== current?.doctor_user_id)
      await requireDoctor(tx, partnerId, payload.doctorUserId);
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

  /** A bill is edited on the day it was made by anyone who bills; after that day only by an owner (issue 23). */
  async function refuseLateEdit(tx: Db, caller: Author, bill: { generated_date: string }) {
    if (roleMay(caller.role, 'billCorrections')) return;
    const partner = await findBillingPartner(tx, caller.partnerId);
    if (partner && bill.generated_date !== localToday(partner.timeZone, clock()).date) {
      throw new AppError('ROLE_FORBIDDEN', permissions.billCorrections.refusal);
    }
  }

  /**
   * Refuses to change a bill whose days are closed (issue 24): its own date and each of its
   * payments' days, at each of `locationIds`, and today where it adds a payment.
   */
  function assertBillDaysOpen(
    tx: Db,
    partnerId: string,
    bill: Bill,
    change: { locationIds: string[]; paidTodayAt?: string },
  ) {
    const days = change.locationIds.flatMap((locationId) => [
      { locationId, date: bill.generated_date },
      ...bill.payments.map((payment) => ({ locationId, at: new Date(payment.paid_at) })),
    ]);
    const today = change.paidTodayAt ? [{ locationId: change.paidTodayAt, at: clock() }] : [];
    return assertDaysOpen(tx, { partnerId, days: [...days, ...today] });
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
        await checkPlanItems(tx, { partnerId, patientId: patient.id, billId: null }, payload);
        const older = await listOutstandingBills(
          tx,
          { patientId: patient.id, locationId: payload.locationId },
          { lock: true },
        );
        const paid = toPaise(payload.amountPaid);
        if (paid > totals.final_paise + dueOf(older)) throw refused(billMessages.paidTooMuch);

        const now = clock();
        const generatedDate = localToday(partner.timeZone, now).date;
        await assertDaysOpen(tx, {
          partnerId,
          days: [{ locationId: payload.locationId, date: generatedDate }],
        });
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
          // None chosen: the booking's queue doctor, else the doctor making the bill, else none.
          doctor_user_id:
            payload.doctorUserId === undefined
              ? ((await findQueueDoctor(tx, { partnerId, slotId: payload.slotId ?? null })) ??
                (caller.role === 'doctor' ? caller.userId : null))
              : payload.doctorUserId,
          created_at: now,
          updated_at: now,
        });
        await replaceBillLines(tx, row.id, lines);
        const forThisBill = Math.min(paid, totals.final_paise);
        if (forThisBill > 0) {
          row = await bookkeeping.pay({
            tx,
            author: caller,
            row,
            payment: { paise: forThisBill, mode: payload.paymentMode },
          });
        }
        const bill = await bookkeeping.audit({ tx, author: caller, row, action: 'created' });
        await bookkeeping.settleDues({
          tx,
          author: caller,
          outstanding: older,
          payment: { paise: paid - forThisBill, mode: payload.paymentMode },
        });
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
        assertWorksAt(caller, current.location_id);
        await refuseLateEdit(tx, caller, current);
        const before = await loadBill(tx, current);
        await checkReferences(tx, partnerId, payload, current);
        const { lines, totals } = figuresOf(payload);
        const paid = toPaise(payload.amountPaid);
        if (paid < current.paid_paise || totals.final_paise < current.paid_paise)
          throw refused(billMessages.paidBelowPayments);
        if (paid > totals.final_paise) throw refused(billMessages.paymentTooLarge);
        await assertBillDaysOpen(tx, partnerId, before, {
          locationIds: [current.location_id, payload.locationId],
          paidTodayAt: paid > current.paid_paise ? payload.locationId : undefined,
        });
        const patient = await patientOf(tx, partnerId, payload);
        await checkPlanItems(tx, { partnerId, patientId: patient.id, billId: current.id }, payload);
        let row = await updateBill(
          tx,
          { partnerId, id: current.id },
          {
            location_id: payload.locationId,
            patient_id: patient.id,
            slot_id: payload.slotId === undefined ? current.slot_id : payload.slotId,
            doctor_user_id:
              payload.doctorUserId === undefined ? current.doctor_user_id : payload.doctorUserId,
            customer_name: payload.customerName,
            customer_mobile: payload.customerMobile,
            ...totals,
            updated_at: clock(),
          },
        );
        await replaceBillLines(tx, row.id, lines);
        if (paid > current.paid_paise) {
          row = await bookkeeping.pay({
            tx,
            author: caller,
            row,
            payment: { paise: paid - current.paid_paise, mode: payload.paymentMode },
          });
        }
        return bookkeeping.audit({ tx, author: caller, row, action: 'edited', before });
      });
    },

    /** Deleted bills are kept (with their audit trail) but gone from every list and link. */
    async deleteBill({ caller, id }: { caller: Author; id: string }): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const current = await requireBill(tx, caller.partnerId, id, true);
        assertWorksAt(caller, current.location_id);
        await assertBillDaysOpen(tx, caller.partnerId, await loadBill(tx, current), {
          locationIds: [current.location_id],
        });
        const now = clock();
        const row = await updateBill(
          tx,
          { partnerId: caller.partnerId, id },
          { deleted_at: now, updated_at: now },
        );
        await markBillLinesDeleted(tx, id);
        await bookkeeping.audit({ tx, author: caller, row, action: 'deleted' });
        return { id };
      });
    },
  };
}
