import { type ComputedBill, computeBillOfRupees, toPaise } from '@vaidya/contract/bill-arithmetic';
import { type Bill, type BillBody, billBody, billMessages, type PaymentMode } from '@vaidya/contract/bills';
import type { Product, treatmentContract } from '@vaidya/contract/masters';
import type { z } from 'zod';
import type { FieldErrors } from '../../components/documents/document-editor';
import { withDistinctKeys } from '../../lib/master-searches';
import { formatRupees } from '../../lib/money';

type Treatment = z.infer<typeof treatmentContract.record>;

/** A line as the form holds it: its numbers as typed, so a half-typed "12." stays on screen. */
export interface DraftLine {
  /**
   * Stable across edits: `plan:<id>` for a plan item, `t:<id>` or `p:<id>` for a master's entry
   * (with `#n` when picked again), the saved line's id otherwise.
   */
  key: string;
  treatmentId: string | null;
  productId: string | null;
  /** The completed dental plan item the line bills (issue 22): a live bill bills it once. */
  planItemId: string | null;
  name: string;
  quantity: string;
  unitPrice: string;
  taxPercentage: string;
}

export interface BillDraft {
  customerName: string;
  customerMobile: string;
  lines: DraftLine[];
  discount: string;
  /** Null while it follows the amount due; what was typed once the user changes it. */
  amountPaid: string | null;
  paymentMode: PaymentMode;
  collectEarlier: boolean;
  /**
   * The bill's doctor (issue 23): null for none; absent while none was chosen, when a new bill
   * takes its booking's queue doctor, else the signed-in doctor.
   */
  doctorUserId?: string | null;
  /** A saved bill's doctor's name, shown while they are no longer among the clinic's doctors. */
  doctorName?: string;
}

export const emptyBillDraft = (patient: { name: string; mobile: string } | null): BillDraft => ({
  customerName: patient?.name ?? '',
  customerMobile: patient?.mobile ?? '',
  lines: [],
  discount: '',
  amountPaid: null,
  paymentMode: 'cash',
  collectEarlier: false,
});

const amountText = (amount: number | null) => (amount === null ? '0' : String(amount));

export const lineOfTreatment = (
  treatment: Pick<Treatment, 'id' | 'treatment_name' | 'price'>,
): DraftLine => ({
  key: `t:${treatment.id}`,
  treatmentId: treatment.id,
  productId: null,
  planItemId: null,
  name: treatment.treatment_name,
  quantity: '1',
  unitPrice: amountText(treatment.price),
  taxPercentage: '0',
});

export const lineOfProduct = (
  product: Pick<Product, 'id' | 'product_name' | 'price' | 'tax_percentage'>,
): DraftLine => ({
  key: `p:${product.id}`,
  treatmentId: null,
  productId: product.id,
  planItemId: null,
  name: product.product_name,
  quantity: '1',
  unitPrice: amountText(product.price),
  taxPercentage: amountText(product.tax_percentage),
});

/** A saved bill, to edit: what was paid stays as it was unless changed. */
export function draftOfBill(bill: Bill): BillDraft {
  return {
    customerName: bill.customer_name,
    customerMobile: bill.customer_mobile,
    // A dentist's bill may hold one treatment on several lines, one per tooth.
    lines: withDistinctKeys(
      bill.items.map((item) => ({
        key: item.plan_item_id
          ? `plan:${item.plan_item_id}`
          : item.treatment_id
            ? `t:${item.treatment_id}`
            : item.product_id
              ? `p:${item.product_id}`
              : item.id,
        treatmentId: item.treatment_id,
        productId: item.product_id,
        planItemId: item.plan_item_id,
        name: item.name,
        quantity: String(item.quantity),
        unitPrice: String(item.unit_price),
        taxPercentage: String(item.tax_percentage),
      })),
    ),
    discount: bill.discount === 0 ? '' : String(bill.discount),
    amountPaid: String(bill.amount_paid),
    paymentMode: bill.payments.at(-1)?.payment_mode ?? 'cash',
    collectEarlier: false,
    doctorUserId: bill.doctor_user_id,
    ...(bill.doctor ? { doctorName: bill.doctor.name } : {}),
  };
}

/** A typed number, or NaN for anything that is not one (the contract then refuses it). */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
const orZero = (typed: string) => {
  const value = Number(typed);
  return Number.isFinite(value) && value > 0 ? value : 0;
};

/** The live figures, in paise, from what is typed so far; what is not a number yet counts as nothing. */
export function totalsOf(draft: BillDraft): ComputedBill {
  return computeBillOfRupees({
    items: draft.lines.map((line) => ({
      quantity: Math.trunc(orZero(line.quantity)),
      unitPrice: orZero(line.unitPrice),
      taxPercentage: orZero(line.taxPercentage),
    })),
    discount: orZero(draft.discount),
  });
}

/** A figure the draft's arithmetic gave, in paise, as money is written. */
export const formatPaise = (paise: number) => formatRupees(paise / 100);

/** What is due now: this bill, and the patient's earlier balance when it is collected too. */
export function amountDuePaise(draft: BillDraft, earlierPaise: number): number {
  return totalsOf(draft).finalPaise + (draft.collectEarlier ? earlierPaise : 0);
}

export function paidText(draft: BillDraft, earlierPaise: number): string {
  return draft.amountPaid ?? String(amountDuePaise(draft, earlierPaise) / 100);
}

export function bodyOfDraft(
  draft: BillDraft,
  target: { locationId: string | null; slotId: string | null },
  earlierPaise: number,
): BillBody {
  return {
    locationId: target.locationId ?? '',
    slotId: target.slotId,
    customerName: draft.customerName,
    customerMobile: draft.customerMobile,
    items: draft.lines.map((line) => ({
      treatmentId: line.treatmentId,
      productId: line.productId,
      ...(line.planItemId ? { planItemId: line.planItemId } : {}),
      name: line.name,
      quantity: numberOf(line.quantity),
      unitPrice: numberOf(line.unitPrice),
      taxPercentage: numberOf(line.taxPercentage),
    })),
    discount: draft.discount.trim() === '' ? 0 : numberOf(draft.discount),
    amountPaid: numberOf(paidText(draft, earlierPaise)),
    paymentMode: draft.paymentMode,
    ...(draft.doctorUserId === undefined ? {} : { doctorUserId: draft.doctorUserId }),
  };
}

/**
 * The contract's verdict, keyed by the field's path (`items.0.unitPrice`), and the two
 * rules that need the totals: the discount within the subtotal, the payment within what is due.
 */
export function checkBill(body: BillBody, draft: BillDraft, earlierPaise: number): FieldErrors | null {
  const errors: FieldErrors = {};
  const checked = billBody.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const path = issue.path.join('.');
      const [list, index] = issue.path;
      const line = list === 'items' && typeof index === 'number' ? draft.lines[index] : undefined;
      errors[path] ??= line && issue.path.length > 2 ? `${line.name}: ${issue.message}` : issue.message;
    }
  }
  const totals = totalsOf(draft);
  if (!errors.discount && toPaise(orZero(draft.discount)) > totals.subtotalPaise)
    errors.discount = billMessages.discountTooLarge;
  if (!errors.amountPaid && toPaise(orZero(paidText(draft, earlierPaise))) > totals.finalPaise + earlierPaise)
    errors.amountPaid = billMessages.paidTooMuch;
  return Object.keys(errors).length > 0 ? errors : null;
}
