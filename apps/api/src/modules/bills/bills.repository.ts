import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNull,
  like,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import { returnedRow } from '../../db/returned-row';
import {
  billAudit,
  billLines,
  billNumberSequences,
  billPayments,
  bills,
  locations,
  partners,
  patients,
  receipts,
} from '../../db/schema';
import { documentHeaderColumns } from '../documents/document-header';

export type BillRow = typeof bills.$inferSelect;
export type BillLineRow = typeof billLines.$inferSelect;
export type BillPaymentRow = typeof billPayments.$inferSelect;
type BillValues = typeof bills.$inferInsert;
type BillLineValues = typeof billLines.$inferInsert;

const liveBill = (ids: { partnerId: string; id: string }) =>
  and(eq(bills.id, ids.id), eq(bills.partner_id, ids.partnerId), isNull(bills.deleted_at));

/** The clinic's name and time zone: what a new bill's number and date come from. */
export async function findBillingPartner(db: Db, partnerId: string) {
  const [row] = await db
    .select({ name: partners.name, timeZone: partners.time_zone })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row;
}

/**
 * The next number of the partner's financial year: the first bill of a year creates its
 * row, every later one increments it under the row's lock, so numbers are consecutive
 * whatever runs at the same time.
 */
export async function takeBillSequence(db: Db, key: { partnerId: string; financialYear: string }) {
  const [row] = await db
    .insert(billNumberSequences)
    .values({ partner_id: key.partnerId, financial_year: key.financialYear, last_value: 1 })
    .onConflictDoUpdate({
      target: [billNumberSequences.partner_id, billNumberSequences.financial_year],
      set: { last_value: sql`${billNumberSequences.last_value} + 1` },
    })
    .returning({ value: billNumberSequences.last_value });
  return row?.value as number;
}

export async function insertBill(db: Db, values: BillValues): Promise<BillRow> {
  return returnedRow(await db.insert(bills).values(values).returning());
}

/** A live bill of the partner's; `lock` holds it until the transaction ends (payments, edits). */
export async function findBill(
  db: Db,
  ids: { partnerId: string; id: string },
  options: { lock?: boolean } = {},
): Promise<BillRow | undefined> {
  const query = db.select().from(bills).where(liveBill(ids));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findBillOfSlot(db: Db, ids: { partnerId: string; slotId: string }) {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.slot_id, ids.slotId), eq(bills.partner_id, ids.partnerId), isNull(bills.deleted_at)));
  return row;
}

export async function updateBill(
  db: Db,
  ids: { partnerId: string; id: string },
  values: Partial<BillValues>,
): Promise<BillRow> {
  return returnedRow(await db.update(bills).set(values).where(liveBill(ids)).returning());
}

/** Adds a payment to what a bill has been paid. */
export async function addToPaid(db: Db, change: { id: string; paise: number; at: Date }): Promise<BillRow> {
  return returnedRow(
    await db
      .update(bills)
      .set({ paid_paise: sql`${bills.paid_paise} + ${change.paise}`, updated_at: change.at })
      .where(eq(bills.id, change.id))
      .returning(),
  );
}

/** A bill's lines become exactly these, in this order. */
export async function replaceBillLines(db: Db, billId: string, lines: Omit<BillLineValues, 'bill_id'>[]) {
  await db.delete(billLines).where(eq(billLines.bill_id, billId));
  await db.insert(billLines).values(lines.map((line) => ({ ...line, bill_id: billId })));
}

/** A deleted bill's lines no longer bill their dental plan items (bill_lines_plan_item_key counts live bills' lines). */
export async function markBillLinesDeleted(db: Db, billId: string) {
  await db.update(billLines).set({ bill_deleted: true }).where(eq(billLines.bill_id, billId));
}

export function listBillLines(db: Db, billId: string): Promise<BillLineRow[]> {
  return db.select().from(billLines).where(eq(billLines.bill_id, billId)).orderBy(asc(billLines.position));
}

/** Oldest first (served by bill_payments_bill_idx). */
export function listBillPayments(db: Db, billId: string): Promise<BillPaymentRow[]> {
  return db
    .select()
    .from(billPayments)
    .where(eq(billPayments.bill_id, billId))
    .orderBy(asc(billPayments.paid_at), asc(billPayments.id));
}

export async function insertBillPayment(db: Db, payment: typeof billPayments.$inferInsert) {
  await db.insert(billPayments).values(payment);
}

export async function insertReceipt(db: Db, values: typeof receipts.$inferInsert) {
  const [row] = await db.insert(receipts).values(values).returning({ id: receipts.id });
  return row?.id as string;
}

/** A receipt of the partner's, with its location and what it shows of its partner. */
export async function findReceipt(db: Db, ids: { partnerId: string; id: string }) {
  const [row] = await db
    .select({
      receipt: receipts,
      ...documentHeaderColumns,
    })
    .from(receipts)
    .innerJoin(locations, eq(locations.id, receipts.location_id))
    .innerJoin(partners, eq(partners.id, receipts.partner_id))
    .where(and(eq(receipts.id, ids.id), eq(receipts.partner_id, ids.partnerId)));
  return row;
}

/** A receipt's shares, each with the bill it paid, in the order they were made (oldest bill first). */
export function listReceiptAllocations(db: Db, receiptId: string) {
  return db
    .select({
      bill_id: bills.id,
      bill_number: bills.bill_number,
      generated_date: bills.generated_date,
      amount_paise: billPayments.amount_paise,
      doctor_user_id: bills.doctor_user_id,
    })
    .from(billPayments)
    .innerJoin(bills, eq(bills.id, billPayments.bill_id))
    .where(eq(billPayments.receipt_id, receiptId))
    .orderBy(asc(bills.generated_date), asc(bills.created_at), asc(bills.id));
}

export async function insertBillAudit(db: Db, entry: typeof billAudit.$inferInsert) {
  await db.insert(billAudit).values(entry);
}

/** Escapes LIKE's wildcards so a typed % or _ matches itself. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (found) => `\\${found}`)}%`;

/** A search within one location, which the caller has been checked to own. */
export interface BillSearch {
  locationId: string;
  query?: string;
  startDate?: string;
  endDate?: string;
  limit: number;
  offset: number;
}

/**
 * The bills screen's filters: digits search the mobile's start, anything else the name's
 * start in any case (bills_location_mobile_idx and bills_location_name_idx).
 */
function searchFilter(search: BillSearch): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    // The service has checked the location is the caller's: the location alone keeps the
    // filter inside the partial indexes, so the total is counted without reading the table.
    eq(bills.location_id, search.locationId),
    isNull(bills.deleted_at),
    search.startDate ? gte(bills.generated_date, search.startDate) : undefined,
    search.endDate ? lte(bills.generated_date, search.endDate) : undefined,
  ];
  if (search.query) {
    filters.push(
      /^\d+$/.test(search.query)
        ? like(bills.customer_mobile, likePrefix(search.query))
        : like(bills.customer_name_search, likePrefix(search.query.toLowerCase())),
    );
  }
  return and(...filters);
}

const newestFirst = [desc(bills.generated_date), desc(bills.created_at), desc(bills.id)];

/**
 * One page of a location's bills, newest first. The page's ids come from an index-only
 * scan (every search index ends with the order's columns); only those rows are read.
 */
export function listBills(db: Db, search: BillSearch): Promise<BillRow[]> {
  const page = db
    .select({ id: bills.id })
    .from(bills)
    .where(searchFilter(search))
    .orderBy(...newestFirst)
    .limit(search.limit)
    .offset(search.offset);
  return db
    .select()
    .from(bills)
    .where(inArray(bills.id, page))
    .orderBy(...newestFirst);
}

export async function countBills(db: Db, search: BillSearch): Promise<number> {
  const [row] = await db.select({ total: count() }).from(bills).where(searchFilter(search));
  return row?.total ?? 0;
}

/**
 * The partner's live patient with this id on this mobile, if any: a family shares one phone
 * (issue 21), and a merged patient is never picked. Read only: the patients module writes patients.
 */
export async function findMobilePatient(
  db: Db,
  ids: { partnerId: string; mobile: string; patientId: string },
) {
  const [row] = await db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(
      and(
        eq(patients.id, ids.patientId),
        eq(patients.partner_id, ids.partnerId),
        eq(patients.mobile, ids.mobile),
        isNull(patients.merged_into_id),
      ),
    );
  return row;
}

/** Which bills of a mobile's patients: one patient's with `patientId`, otherwise the family's. */
export interface FamilyBillsScope {
  partnerId: string;
  mobile: string;
  locationId: string;
  patientId?: string;
}

/** A bill with its patient's name as the registry now has it. */
export type FamilyBillRow = BillRow & { patient_name: string };

/**
 * The live bills at a location of the partner's live patients on a mobile, each with its
 * patient's name (patients_partner_mobile_name_key finds the family, bills_patient_idx
 * their bills); `outstanding` keeps those with a balance.
 */
function familyBills(db: Db, scope: FamilyBillsScope, options: { outstanding: boolean }) {
  return db
    .select({ ...getTableColumns(bills), patient_name: patients.name })
    .from(bills)
    .innerJoin(patients, eq(patients.id, bills.patient_id))
    .where(
      and(
        eq(patients.partner_id, scope.partnerId),
        eq(patients.mobile, scope.mobile),
        isNull(patients.merged_into_id),
        scope.patientId ? eq(patients.id, scope.patientId) : undefined,
        eq(bills.partner_id, scope.partnerId),
        eq(bills.location_id, scope.locationId),
        isNull(bills.deleted_at),
        options.outstanding ? gt(bills.final_paise, bills.paid_paise) : undefined,
      ),
    );
}

/** The bills at a location of every live patient on the mobile (a family's), newest first. */
export function listFamilyBills(db: Db, scope: FamilyBillsScope): Promise<FamilyBillRow[]> {
  return familyBills(db, scope, { outstanding: false }).orderBy(...newestFirst);
}

/**
 * The bills at a location with a balance of the mobile's live patients (or one of them),
 * oldest first (the order money settles them); with `lock`, the bills are held for payment
 * until the transaction ends.
 */
export function listFamilyOutstandingBills(
  db: Db,
  scope: FamilyBillsScope,
  options: { lock?: boolean } = {},
): Promise<FamilyBillRow[]> {
  const query = familyBills(db, scope, { outstanding: true }).orderBy(
    asc(bills.generated_date),
    asc(bills.created_at),
    asc(bills.id),
  );
  return options.lock ? query.for('update', { of: bills }) : query;
}

/**
 * A patient's live bills at a location that still have a balance, oldest first (the order
 * money settles them); with `lock`, held for payment until the transaction ends.
 */
export function listOutstandingBills(
  db: Db,
  ids: { patientId: string; locationId: string },
  options: { lock?: boolean } = {},
): Promise<BillRow[]> {
  const query = db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.patient_id, ids.patientId),
        eq(bills.location_id, ids.locationId),
        isNull(bills.deleted_at),
        gt(bills.final_paise, bills.paid_paise),
      ),
    )
    .orderBy(asc(bills.generated_date), asc(bills.created_at), asc(bills.id));
  return options.lock ? query.for('update') : query;
}

/** A live bill by its id alone, with its location and what the bill shows of its partner. */
export async function findPublicBill(db: Db, id: string) {
  const [row] = await db
    .select({
      bill: bills,
      ...documentHeaderColumns,
    })
    .from(bills)
    .innerJoin(locations, eq(locations.id, bills.location_id))
    .innerJoin(partners, eq(partners.id, bills.partner_id))
    .where(and(eq(bills.id, id), isNull(bills.deleted_at)));
  return row;
}

/**
 * Moves the partner's bills of one patient to another, deleted ones too (a merge of two records
 * of one patient, decision 042), in `db`'s transaction; answers how many moved. Their payments
 * follow their bill; a bill keeps the name and mobile it was issued to.
 */
export async function moveBillsToPatient(
  db: Db,
  move: { partnerId: string; fromPatientId: string; toPatientId: string },
): Promise<number> {
  const moved = await db
    .update(bills)
    .set({ patient_id: move.toPatientId })
    .where(and(eq(bills.partner_id, move.partnerId), eq(bills.patient_id, move.fromPatientId)))
    .returning({ id: bills.id });
  return moved.length;
}

/** Moves the partner's receipts (payments against dues) of one patient to another, as `moveBillsToPatient`. */
export async function moveReceiptsToPatient(
  db: Db,
  move: { partnerId: string; fromPatientId: string; toPatientId: string },
): Promise<number> {
  const moved = await db
    .update(receipts)
    .set({ patient_id: move.toPatientId })
    .where(and(eq(receipts.partner_id, move.partnerId), eq(receipts.patient_id, move.fromPatientId)))
    .returning({ id: receipts.id });
  return moved.length;
}
