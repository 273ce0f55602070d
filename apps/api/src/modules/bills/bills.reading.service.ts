import { toRupees } from '@vaidya/contract/bill-arithmetic';
import {
  type Bill,
  type BillsQuery,
  billRecordLabel,
  type PendingAmountBody,
  type PublicBill,
} from '@vaidya/contract/bills';
import { bookingRecordLabels } from '@vaidya/contract/bookings';
import type { Db } from '../../db/database';
import { notFound } from '../../http/app-error';
import { assertWorksAt } from '../access/authenticate';
import { recordAuditEvent } from '../audit/audit-trail';
import { findSlotLocation } from '../bookings/bookings.repository';
import {
  type Author,
  billPartnerOf,
  dueOf,
  loadBill,
  requireBill,
  requireLocation,
  toBillSummary,
  toFamilyBill,
} from './bill-records';
import {
  type BillRow,
  countBills,
  findBillOfSlot,
  findPublicBill,
  listBills,
  listFamilyBills,
} from './bills.repository';

/** Staff opening a bill, in the audit trail (the patient's own bill page is not). */
const readBill = (db: Db, caller: Author, row: BillRow) =>
  recordAuditEvent(db, caller, {
    action: 'read',
    recordType: 'bill',
    recordId: row.id,
    patientId: row.patient_id,
    locationId: row.location_id,
  });

/**
 * Reading bills: the clinic's list, one bill, a booking's bill and a patient's history,
 * and the patient's own bill page, which needs no sign-in.
 */
export function createBillReadingService({ db }: { db: Db }) {
  return {
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
      const row = await requireBill(db, caller.partnerId, id);
      assertWorksAt(caller, row.location_id);
      await readBill(db, caller, row);
      return loadBill(db, row);
    },

    /** A booking's bill, or null when it has none yet. */
    async getBillOfSlot({ caller, slotId }: { caller: Author; slotId: string }): Promise<Bill | null> {
      if (!(await findSlotLocation(db, { partnerId: caller.partnerId, slotId })))
        throw notFound(bookingRecordLabels.booking);
      const row = await findBillOfSlot(db, { partnerId: caller.partnerId, slotId });
      if (!row) return null;
      await readBill(db, caller, row);
      return loadBill(db, row);
    },

    /**
     * Spec §2 "Bill history": the bills at the location of every patient on the mobile (a
     * family shares one phone), newest first, each naming its patient, and what the family
     * still owes.
     */
    async getPendingAmount({ caller, payload }: { caller: Author; payload: PendingAmountBody }) {
      await requireLocation(db, caller.partnerId, payload.location_id);
      const rows = await listFamilyBills(db, {
        partnerId: caller.partnerId,
        mobile: payload.customer_mobile,
        locationId: payload.location_id,
      });
      return { totalBalance: toRupees(dueOf(rows)), bills: rows.map(toFamilyBill) };
    },

    /** The bill page, for anyone holding the bill's unguessable id; unknown and deleted ids answer alike. */
    async getPublicBill({ id }: { id: string }): Promise<PublicBill> {
      const found = await findPublicBill(db, id);
      if (!found) throw notFound(billRecordLabel);
      const {
        location_id: _location,
        slot_id: _slot,
        patient_id: _patient,
        doctor_user_id: _doctor,
        created_by_name: _creator,
        ...bill
      } = await loadBill(db, found.bill);
      return {
        bill,
        location: found.location,
        partner: billPartnerOf(found.partner),
      };
    },
  };
}
