import { type BillLineInRupees, computeBillOfRupees, toRupees } from '@vaidya/contract/bill-arithmetic';
import { type BillBody, billBody } from '@vaidya/contract/bills';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { recordingWhatsApp } from '../adapters/messaging/whatsapp';
import { defaultUsageLimits } from '../config';
import type { Db } from '../db/database';
import { bills, patients, products, queues, slots, treatments } from '../db/schema';
import { createBillsService } from '../modules/bills/bills.service';
import { createPatientsService } from '../modules/patients/patients.service';
import { createUsageLimiter } from '../modules/usage-limits/usage-limits.service';
import { createWhatsAppMessagesService } from '../modules/whatsapp-messages/whatsapp-messages.service';

/** A bill line of the demo: a treatment or a medicine of the clinic's lists, at the clinic's price. */
type DemoLine = {
  kind: 'treatment' | 'medicine';
  name: string;
  quantity: number;
  unitPrice: number;
  tax: number;
};

/** What the demo clinic charged at a few visits, and what the patient paid then. */
const demoBills: {
  lines: DemoLine[];
  discount: number;
  paid: 'all' | number;
  mode: BillBody['paymentMode'];
}[] = [
  {
    lines: [
      { kind: 'treatment', name: 'Root canal treatment (molar)', quantity: 1, unitPrice: 6500, tax: 0 },
      { kind: 'medicine', name: 'Amoxicillin 500', quantity: 15, unitPrice: 8.5, tax: 12 },
      { kind: 'medicine', name: 'Ibuprofen 400', quantity: 6, unitPrice: 3.2, tax: 12 },
    ],
    discount: 500,
    paid: 3000,
    mode: 'upi',
  },
  {
    lines: [
      { kind: 'treatment', name: 'Scaling and polishing', quantity: 1, unitPrice: 1200, tax: 0 },
      { kind: 'medicine', name: 'Chlorhexidine Mouthwash', quantity: 1, unitPrice: 145, tax: 18 },
    ],
    discount: 0,
    paid: 'all',
    mode: 'cash',
  },
  {
    lines: [
      { kind: 'medicine', name: 'Amoxicillin 500', quantity: 10, unitPrice: 8.5, tax: 12 },
      { kind: 'medicine', name: 'Ibuprofen 400', quantity: 6, unitPrice: 3.2, tax: 12 },
    ],
    discount: 0,
    paid: 'all',
    mode: 'card',
  },
  {
    lines: [{ kind: 'treatment', name: 'Scaling and polishing', quantity: 1, unitPrice: 1200, tax: 0 }],
    discount: 200,
    paid: 0,
    mode: 'cash',
  },
];

/** What a bill of these lines comes to, by the one arithmetic. */
const finalAmountOf = (items: BillLineInRupees[], discount: number) =>
  toRupees(computeBillOfRupees({ items, discount }).finalPaise);

/** How many of the past bookings get a bill. */
const billedVisits = 5;

/**
 * Bills for the demo clinic's first past visits, written through the bills service (so
 * numbers, figures, payments and audit rows are as real), each dated at its visit: some
 * paid in full, some with a balance. Only a clinic without any bill gets them, so seeding
 * again adds nothing and the demo user's deletions stay deleted.
 */
export async function seedDemoBills(tx: Db, demo: { partnerId: string; ownerId: string }): Promise<void> {
  const [existing] = await tx
    .select({ bills: count() })
    .from(bills)
    .where(eq(bills.partner_id, demo.partnerId));
  if ((existing?.bills ?? 0) > 0) return;
  const names = [...new Set(demoBills.flatMap((bill) => bill.lines.map((line) => line.name)))];
  const ids = new Map<string, string>();
  for (const row of await tx
    .select({ id: treatments.id, name: treatments.treatment_name })
    .from(treatments)
    .where(and(eq(treatments.partner_id, demo.partnerId), inArray(treatments.treatment_name, names))))
    ids.set(`treatment:${row.name}`, row.id);
  for (const row of await tx
    .select({ id: products.id, name: products.product_name })
    .from(products)
    .where(and(eq(products.partner_id, demo.partnerId), inArray(products.product_name, names))))
    ids.set(`medicine:${row.name}`, row.id);

  const visits = await tx
    .select({
      slotId: slots.id,
      locationId: queues.location_id,
      date: slots.date,
      endTime: slots.end_time,
      name: patients.name,
      mobile: patients.mobile,
    })
    .from(slots)
    .innerJoin(queues, eq(queues.id, slots.queue_id))
    .innerJoin(patients, eq(patients.id, slots.patient_id))
    .where(and(eq(slots.partner_id, demo.partnerId), eq(slots.status, 'completed')))
    .orderBy(asc(slots.date), asc(slots.start_time), asc(slots.id))
    .limit(billedVisits);
  for (const [index, visit] of visits.entries()) {
    const demoBill = demoBills[index % demoBills.length] as (typeof demoBills)[number];
    // Billed as the visit ended, in the clinic's zone (Pune).
    const billedAt = new Date(`${visit.date}T${visit.endTime}+05:30`);
    const clock = () => billedAt;
    // The demo's bills are only written, never sent: no message leaves the seed.
    const whatsappMessages = createWhatsAppMessagesService({
      db: tx,
      whatsapp: recordingWhatsApp,
      usageLimiter: createUsageLimiter({ db: tx, clock }),
      limits: defaultUsageLimits,
      publicUrl: '',
    });
    const patients = createPatientsService({ db: tx, clock });
    const service = createBillsService({ db: tx, clock, patients, whatsappMessages });
    const items = demoBill.lines.map((line) => {
      const id = ids.get(`${line.kind}:${line.name}`) ?? null;
      return {
        ...(line.kind === 'treatment' ? { treatmentId: id } : { productId: id }),
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        taxPercentage: line.tax,
      };
    });
    const payload = billBody.parse({
      locationId: visit.locationId,
      slotId: visit.slotId,
      customerName: visit.name,
      customerMobile: visit.mobile,
      items,
      discount: demoBill.discount,
      amountPaid: demoBill.paid === 'all' ? finalAmountOf(items, demoBill.discount) : demoBill.paid,
      paymentMode: demoBill.mode,
    });
    const owner = {
      partnerId: demo.partnerId,
      userId: demo.ownerId,
      role: 'owner',
      locations: 'all',
    } as const;
    await service.addBill({ caller: owner, payload });
  }
}
