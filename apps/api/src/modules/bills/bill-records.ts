import { toRupees } from '@vaidya/contract/bill-arithmetic';
import {
  type Bill,
  type BillSummary,
  billDoctorLabel,
  billRecordLabel,
  type FamilyBill,
} from '@vaidya/contract/bills';
import { bookingRecordLabels } from '@vaidya/contract/bookings';
import type { DocumentDoctor } from '@vaidya/contract/documents';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/app-error';
import { findClinicDoctor } from '../access/access.repository';
import type { Caller } from '../access/authenticate';
import type { AuditActor } from '../audit/audit-trail';
import { toDocumentPartner } from '../documents/document-header';
import { findDocumentDoctors } from '../documents/document-people';
import { locationExists } from '../partner/partner.repository';
import {
  type BillRow,
  type FamilyBillRow,
  findBill,
  listBillLines,
  listBillPayments,
} from './bills.repository';

/**
 * What the bill services (writing, payments, reading) share: a stored bill as they answer
 * it, and the checks that what a caller names is the clinic's.
 */

/** Who asks: the signed-in user of a partner (the demo seed names its owner), with their role and locations. */
export type Author = Pick<Caller, 'partnerId' | 'userId' | 'role' | 'locations'> &
  Pick<AuditActor, 'address'>;

/** A figure the bill rules refuse, answered as the contract's words with 400. */
export const refused = (message: string) => new AppError('VALIDATION_FAILED', message);

/** What is still owed on these bills, in paise. */
export const dueOf = (rows: BillRow[]) =>
  rows.reduce((all, row) => all + row.final_paise - row.paid_paise, 0);

export const toBillSummary = (row: BillRow): BillSummary => ({
  id: row.id,
  bill_number: row.bill_number,
  location_id: row.location_id,
  slot_id: row.slot_id,
  patient_id: row.patient_id,
  customer_name: row.customer_name,
  customer_mobile: row.customer_mobile,
  generated_date: row.generated_date,
  subtotal: toRupees(row.subtotal_paise),
  discount: toRupees(row.discount_paise),
  tax: toRupees(row.tax_paise),
  final_amount: toRupees(row.final_paise),
  amount_paid: toRupees(row.paid_paise),
  balance: toRupees(row.final_paise - row.paid_paise),
  doctor_user_id: row.doctor_user_id,
});

/** A bill of a family's (the patients on one mobile) as answered: naming its patient. */
export const toFamilyBill = (row: FamilyBillRow): FamilyBill => ({
  ...toBillSummary(row),
  patient_name: row.patient_name,
});

/** What a bill and a receipt print of their clinic: the document's head, without footer or signature. */
export function billPartnerOf(partner: Parameters<typeof toDocumentPartner>[0]) {
  const { name, speciality, consultation_form_header_url, time_zone } = toDocumentPartner(partner);
  return { name, speciality, consultation_form_header_url, time_zone };
}

/** A bill with its lines and its payments (oldest first, the newest last). */
export async function loadBill(db: Db, row: BillRow): Promise<Bill> {
  const [lines, payments] = [await listBillLines(db, row.id), await listBillPayments(db, row.id)];
  const people = await findDocumentDoctors(db, [row.doctor_user_id, row.created_by]);
  return {
    ...toBillSummary(row),
    doctor: doctorOf(people, row.doctor_user_id),
    created_by_name: row.created_by ? (people.get(row.created_by)?.name ?? null) : null,
    items: lines.map((line) => ({
      id: line.id,
      treatment_id: line.treatment_id,
      product_id: line.product_id,
      plan_item_id: line.plan_item_id,
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

/** The doctor of these found by id, or null for none. */
export const doctorOf = (doctors: Map<string, DocumentDoctor>, id: string | null) =>
  (id && doctors.get(id)) || null;

/** A bill's chosen doctor: an active doctor or owner of the clinic, else 404 naming it; null and absent pass. */
export async function requireDoctor(db: Db, partnerId: string, userId: string | null | undefined) {
  if (userId && !(await findClinicDoctor(db, { partnerId, userId }))) throw notFound(billDoctorLabel);
}

export async function requireLocation(db: Db, partnerId: string, locationId: string) {
  if (!(await locationExists(db, { partnerId, locationId }))) throw notFound(bookingRecordLabels.location);
}

/** A live bill of the partner's, or 404; `lock` holds it until the transaction ends. */
export async function requireBill(db: Db, partnerId: string, id: string, lock = false) {
  const row = await findBill(db, { partnerId, id }, { lock });
  if (!row) throw notFound(billRecordLabel);
  return row;
}
