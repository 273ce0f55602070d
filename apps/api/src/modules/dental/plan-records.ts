import { computeBill, shareOut, toBasisPoints, toPaise, toRupees } from '@vaidya/contract/bill-arithmetic';
import type { BillablePlanItem, PlanItem, ToothSurface, TreatmentPlan } from '@vaidya/contract/dental';
import type { Db } from '../../db/database';
import {
  type AlternativeRow,
  type ItemRow,
  listAlternatives,
  listBillableItems,
  listItems,
  listLinesOfBillsBilling,
  listSittings,
  type PlanRow,
} from './dental.plans.repository';

/**
 * A plan's figures and its record as answered: an alternative's discount spread over its
 * items and each item's tax on its share after the discount, by the bills' own arithmetic
 * (bill-arithmetic.ts), in paise; what of the plan is billed and paid from the live bills'
 * lines that bill its items, a bill's payments spread over its lines in proportion.
 */

/** An alternative's figures and its items' as stored, from the request's rupees. */
export function figuresOfAlternative<Item extends { price: number; taxPercentage: number }>(alternative: {
  discount: number;
  items: Item[];
}) {
  const computed = computeBill({
    lines: alternative.items.map((item) => ({
      quantity: 1,
      unitPricePaise: toPaise(item.price),
      taxBasisPoints: toBasisPoints(item.taxPercentage),
    })),
    discountPaise: toPaise(alternative.discount),
  });
  return {
    totals: {
      subtotal_paise: computed.subtotalPaise,
      discount_paise: computed.discountPaise,
      tax_paise: computed.taxPaise,
      total_paise: computed.finalPaise,
    },
    items: alternative.items.map((item, index) => {
      const line = computed.lines[index];
      if (!line) throw new Error('computeBill answered fewer lines than it was given');
      return {
        item,
        figures: {
          tax_basis_points: toBasisPoints(item.taxPercentage),
          price_paise: line.amountPaise,
          discount_paise: line.discountPaise,
          tax_paise: line.taxPaise,
          total_paise: line.totalPaise,
        },
      };
    }),
  };
}

/** What the live bills billing these items say of each: its bill, its line's total and its share of the bill's payments. */
async function billingOf(db: Db, itemIds: string[]) {
  const lines = await listLinesOfBillsBilling(db, itemIds);
  const billed = new Map<string, { billId: string; totalPaise: number; paidPaise: number }>();
  const billIds = [...new Set(lines.map((line) => line.bill_id))];
  for (const billId of billIds) {
    const ofBill = lines.filter((line) => line.bill_id === billId);
    const paid = shareOut(
      ofBill[0]?.bill_paid_paise ?? 0,
      ofBill.map((line) => line.total_paise),
    );
    ofBill.forEach((line, index) => {
      if (line.plan_item_id === null) return;
      billed.set(line.plan_item_id, { billId, totalPaise: line.total_paise, paidPaise: paid[index] ?? 0 });
    });
  }
  return billed;
}

const surfacesOf = (row: Pick<ItemRow, 'surfaces'>) => row.surfaces as ToothSurface[];

/** The plans as answered, with their alternatives, items, billing and sittings, in a fixed number of queries. */
export async function loadPlans(db: Db, plans: PlanRow[]): Promise<TreatmentPlan[]> {
  const planIds = plans.map((plan) => plan.id);
  const alternatives = await listAlternatives(db, planIds);
  const items = await listItems(db, planIds);
  const sittings = await listSittings(db, planIds);
  const billing = await billingOf(
    db,
    items.map((item) => item.id),
  );
  const toItem = (item: ItemRow): PlanItem => ({
    id: item.id,
    treatment_id: item.treatment_id,
    treatment_name: item.treatment_name,
    tooth: item.tooth,
    surfaces: surfacesOf(item),
    sitting: item.sitting,
    price: toRupees(item.price_paise),
    tax_percentage: item.tax_basis_points / 100,
    discount: toRupees(item.discount_paise),
    tax: toRupees(item.tax_paise),
    total: toRupees(item.total_paise),
    status: item.status,
    completed_on: item.completed_on,
    bill_id: billing.get(item.id)?.billId ?? null,
  });
  const toAlternative = (alternative: AlternativeRow) => ({
    id: alternative.id,
    title: alternative.title,
    discount: toRupees(alternative.discount_paise),
    subtotal: toRupees(alternative.subtotal_paise),
    tax: toRupees(alternative.tax_paise),
    total: toRupees(alternative.total_paise),
    items: items.filter((item) => item.alternative_id === alternative.id).map(toItem),
  });
  return plans.map((plan) => {
    const ofPlan = items.flatMap((item) => (item.plan_id === plan.id ? (billing.get(item.id) ?? []) : []));
    const billedPaise = ofPlan.reduce((all, line) => all + line.totalPaise, 0);
    const paidPaise = ofPlan.reduce((all, line) => all + line.paidPaise, 0);
    const accepted = alternatives.find((alternative) => alternative.id === plan.accepted_alternative_id);
    return {
      id: plan.id,
      patient_id: plan.patient_id,
      title: plan.title,
      status: plan.status,
      valid_until: plan.valid_until,
      created_at: plan.created_at.toISOString(),
      accepted_alternative_id: plan.accepted_alternative_id,
      alternatives: alternatives.filter((alternative) => alternative.plan_id === plan.id).map(toAlternative),
      billed: toRupees(billedPaise),
      paid: toRupees(paidPaise),
      left: toRupees(accepted ? Math.max(accepted.total_paise - paidPaise, 0) : 0),
      sittings: sittings
        .filter((sitting) => sitting.plan_id === plan.id)
        .map((sitting) => ({
          sitting: sitting.sitting,
          note: sitting.note,
          completed_on: sitting.completed_on,
          recorded_by_name: sitting.recorded_by_name ?? '',
        })),
    };
  });
}

/** The patient's completed plan items no live bill bills yet, as the bill editor offers them. */
export async function loadBillableItems(
  db: Db,
  ids: { partnerId: string; patientId: string },
): Promise<BillablePlanItem[]> {
  const rows = await listBillableItems(db, ids);
  return rows.map((row) => ({
    id: row.id,
    plan_id: row.plan_id,
    plan_title: row.plan_title,
    treatment_id: row.treatment_id,
    treatment_name: row.treatment_name,
    tooth: row.tooth,
    surfaces: surfacesOf(row),
    price: toRupees(row.price_paise),
    tax_percentage: row.tax_basis_points / 100,
    discount: toRupees(row.discount_paise),
    completed_on: row.completed_on ?? '',
  }));
}
