import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  billPayments,
  bills,
  consultationForms,
  outboxMessages,
  partners,
  patients,
  queues,
  receipts,
  slots,
  treatmentPlanSittings,
  treatmentPlans,
} from '../../db/schema';

/** The patient a timeline is read for, and the page asked: items strictly before `before`. */
export interface TimelinePage {
  partnerId: string;
  patientId: string;
  /** An ISO instant; absent reads from the newest item, a booking ahead of today included. */
  before: string | undefined;
  limit: number;
  /** The locations whose items the caller may see (issue 23); null for an owner, who sees all. */
  locationIds: readonly string[] | null;
}

/** Rupees, exact to the paisa, from integer paise, as a JSON number. */
const rupees = (paise: SQL) => sql`round((${paise})::numeric / 100, 2)`;

/** A moment to the millisecond, so the ISO instants the client pages by compare exactly. */
const moment = (at: SQL | AnyPgColumn) => sql`date_trunc('milliseconds', ${at})`;

/**
 * One kind of item: its id, its moment and what the timeline shows of it as JSON (read by the
 * contract's `timelineItemSchema`), the rows of the partner's patient strictly before the page's
 * `before`. Each kind is read by its table's patient index (receipts by receipts_patient_idx).
 */
function itemsOf(kind: { id: AnyPgColumn; at: SQL; item: SQL; from: SQL; where: SQL }) {
  return sql`select ${kind.id} as id, ${kind.at} as at, ${kind.item} as item from ${kind.from} where ${kind.where} and ${kind.at} < (select at from page_before)`;
}

/**
 * Every kind of item of the patient, each filtered by partner, patient and `before`, as one
 * UNION ALL: bookings (with their queue's name), live prescriptions, live bills, payments at a
 * live bill (a receipt's shares are the receipt's), receipts, the messages about the
 * patient's bookings, prescriptions and bills, and the sittings of their dental plans. Tables
 * other modules write are only read here.
 */
function timelineItems(page: TimelinePage) {
  const ofPatient = (table: { partner_id: AnyPgColumn; patient_id: AnyPgColumn }) =>
    sql`${table.partner_id} = ${page.partnerId} and ${table.patient_id} = ${page.patientId}`;
  // A member of staff sees the items of the locations they work at; an owner, every one.
  const atLocations = (location: AnyPgColumn) =>
    page.locationIds === null ? sql`true` : (inArray(location, [...page.locationIds]) ?? sql`false`);
  // The clinic's zone read once for the query (an InitPlan), not once per booking.
  const bookingAt = moment(
    sql`(${slots.date} + ${slots.start_time}) at time zone (select ${partners.time_zone} from ${partners} where ${partners.id} = ${page.partnerId})`,
  );
  const bookings = itemsOf({
    id: slots.id,
    at: bookingAt,
    item: sql`jsonb_build_object('type', 'booking', 'id', ${slots.id}, 'date', ${slots.date}::text, 'start_time', to_char(${slots.start_time}, 'HH24:MI'), 'token_number', ${slots.token_number}, 'queue_name', ${queues.queue_name}, 'status', ${slots.status})`,
    from: sql`${slots} join ${queues} on ${queues.id} = ${slots.queue_id}`,
    where: sql`${ofPatient(slots)} and ${atLocations(queues.location_id)}`,
  });
  const prescriptions = itemsOf({
    id: consultationForms.id,
    at: moment(consultationForms.created_at),
    item: sql`jsonb_build_object('type', 'prescription', 'id', ${consultationForms.id}, 'date', ${consultationForms.prescribed_date}::text, 'diagnoses', coalesce((select jsonb_agg(diagnosis ->> 'diagnosis_name') from jsonb_array_elements(${consultationForms.content} -> 'diagnoses') as diagnosis), '[]'::jsonb), 'medicines', jsonb_array_length(${consultationForms.content} -> 'products'))`,
    from: sql`${consultationForms}`,
    where: sql`${ofPatient(consultationForms)} and ${isNull(consultationForms.deleted_at)} and ${atLocations(consultationForms.location_id)}`,
  });
  const liveBills = itemsOf({
    id: bills.id,
    at: moment(bills.created_at),
    item: sql`jsonb_build_object('type', 'bill', 'id', ${bills.id}, 'date', ${bills.generated_date}::text, 'bill_number', ${bills.bill_number}, 'total', ${rupees(sql`${bills.final_paise}`)}, 'balance', ${rupees(sql`${bills.final_paise} - ${bills.paid_paise}`)})`,
    from: sql`${bills}`,
    where: sql`${ofPatient(bills)} and ${isNull(bills.deleted_at)} and ${atLocations(bills.location_id)}`,
  });
  const billPaymentItems = itemsOf({
    id: billPayments.id,
    at: moment(billPayments.paid_at),
    item: sql`jsonb_build_object('type', 'payment', 'id', ${billPayments.id}, 'amount', ${rupees(sql`${billPayments.amount_paise}`)}, 'mode', ${billPayments.payment_mode}, 'bill', jsonb_build_object('id', ${bills.id}, 'bill_number', ${bills.bill_number}), 'receipt_id', null)`,
    from: sql`${billPayments} join ${bills} on ${bills.id} = ${billPayments.bill_id}`,
    where: sql`${ofPatient(bills)} and ${isNull(bills.deleted_at)} and ${isNull(billPayments.receipt_id)} and ${atLocations(bills.location_id)}`,
  });
  const receiptItems = itemsOf({
    id: receipts.id,
    at: moment(receipts.paid_at),
    item: sql`jsonb_build_object('type', 'payment', 'id', ${receipts.id}, 'amount', ${rupees(sql`${receipts.amount_paise}`)}, 'mode', ${receipts.payment_mode}, 'bill', null, 'receipt_id', ${receipts.id})`,
    from: sql`${receipts}`,
    where: sql`${ofPatient(receipts)} and ${atLocations(receipts.location_id)}`,
  });
  const messages = itemsOf({
    id: outboxMessages.id,
    at: moment(outboxMessages.created_at),
    item: sql`jsonb_build_object('type', 'message', 'id', ${outboxMessages.id}, 'channel', ${outboxMessages.channel}, 'template', ${outboxMessages.template_message} ->> 'template', 'status', ${outboxMessages.status}, 'reference_id', ${outboxMessages.reference_id})`,
    from: sql`${outboxMessages}`,
    // The patient's documents gathered once into an array (an InitPlan), then their messages
    // by outbox_messages_reference_idx: never a pass over the documents per message.
    where: sql`${eq(outboxMessages.partner_id, page.partnerId)} and ${atLocations(outboxMessages.location_id)} and ${outboxMessages.reference_id} = any(array(
      select ${slots.id} from ${slots} where ${ofPatient(slots)}
      union all select ${consultationForms.id} from ${consultationForms} where ${ofPatient(consultationForms)}
      union all select ${bills.id} from ${bills} where ${ofPatient(bills)}))`,
  });
  // A dental plan's sittings with their notes (issue 22), by treatment_plan_sittings_patient_idx.
  const sittings = itemsOf({
    id: treatmentPlanSittings.id,
    at: moment(treatmentPlanSittings.created_at),
    item: sql`jsonb_build_object('type', 'sitting', 'id', ${treatmentPlanSittings.id}, 'date', ${treatmentPlanSittings.completed_on}::text, 'plan_id', ${treatmentPlans.id}, 'plan_title', ${treatmentPlans.title}, 'sitting', ${treatmentPlanSittings.sitting}, 'note', ${treatmentPlanSittings.note})`,
    from: sql`${treatmentPlanSittings} join ${treatmentPlans} on ${treatmentPlans.id} = ${treatmentPlanSittings.plan_id}`,
    where: sql`${ofPatient(treatmentPlanSittings)} and ${atLocations(treatmentPlans.location_id)}`,
  });
  return sql.join(
    [bookings, prescriptions, liveBills, billPaymentItems, receiptItems, messages, sittings],
    sql` union all `,
  );
}

/**
 * A page of the patient's timeline in one query, newest first: the first `limit` items before
 * `before`, and the other items of the last one's moment, so a moment is never split between
 * pages. Each row is an item as JSON with its `at`, and `more`: whether older items remain.
 */
export async function readTimelinePage(db: Db, page: TimelinePage) {
  const before = page.before ?? 'infinity';
  const result = await db.execute(sql`
    with page_before as (select ${before}::timestamptz as at),
    items as (${timelineItems(page)}),
    boundary as (select at from items order by at desc limit 1 offset ${page.limit - 1})
    select item || jsonb_build_object('at', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as item,
      exists (select 1 from items where at < (select at from boundary)) as more
    from items
    where at >= coalesce((select at from boundary), '-infinity')
    order by at desc, id desc`);
  return result.rows;
}

/** Whether the partner has this patient: another clinic's patient has no timeline here. */
export async function patientExists(db: Db, ids: { partnerId: string; patientId: string }) {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, ids.patientId), eq(patients.partner_id, ids.partnerId)));
  return row !== undefined;
}
