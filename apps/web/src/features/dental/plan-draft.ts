import { type ComputedBill, computeBillOfRupees } from '@vaidya/contract/bill-arithmetic';
import {
  type AddPlanBody,
  addPlanBody,
  type ToothSurface,
  type TreatmentPlan,
} from '@vaidya/contract/dental';
import { planBuilderWords as words } from '@vaidya/contract/dental-screens';
import type { treatmentContract } from '@vaidya/contract/masters';
import type { z } from 'zod';

type Treatment = z.infer<typeof treatmentContract.record>;

/** An item as the builder holds it: its numbers as typed, so a half-typed "12." stays on screen. */
export interface DraftItem {
  key: string;
  /** Null when the master's treatment was deleted since the plan was saved. */
  treatmentId: string | null;
  treatmentName: string;
  tooth: number | null;
  surfaces: ToothSurface[];
  sitting: string;
  price: string;
  taxPercentage: string;
}

export interface DraftAlternative {
  key: string;
  title: string;
  discount: string;
  items: DraftItem[];
}

export interface PlanDraft {
  title: string;
  /** 'YYYY-MM-DD', or '' for none. */
  validUntil: string;
  alternatives: DraftAlternative[];
}

/** A plan's body without its patient and location, which the caller knows. */
export type PlanBody = Omit<AddPlanBody, 'patientId' | 'locationId'>;

/** Refusals by the field's path in the body (`alternatives.0.items.1.price`), in the contract's words. */
export type PlanErrors = Record<string, string>;

/** A key for a row the builder adds, stable while it is edited. */
const newKey = () => crypto.randomUUID();

export const emptyAlternative = (index: number): DraftAlternative => ({
  key: newKey(),
  title: words.alternativeDefault(index),
  discount: '',
  items: [],
});

export const emptyPlanDraft = (): PlanDraft => ({
  title: '',
  validUntil: '',
  alternatives: [emptyAlternative(1)],
});

/** A treatment picked from the master: its price, no tax, in the sitting of the item before it. */
export const itemOfTreatment = (
  treatment: Pick<Treatment, 'id' | 'treatment_name' | 'price'>,
  previous: DraftItem | undefined,
): DraftItem => ({
  key: newKey(),
  treatmentId: treatment.id,
  treatmentName: treatment.treatment_name,
  tooth: previous?.tooth ?? null,
  surfaces: [],
  sitting: previous?.sitting ?? '1',
  price: treatment.price === null ? '0' : String(treatment.price),
  taxPercentage: '0',
});

/** A saved plan, to edit. */
export function draftOfPlan(plan: TreatmentPlan): PlanDraft {
  return {
    title: plan.title,
    validUntil: plan.valid_until ?? '',
    alternatives: plan.alternatives.map((alternative) => ({
      key: alternative.id,
      title: alternative.title,
      discount: alternative.discount === 0 ? '' : String(alternative.discount),
      items: alternative.items.map((item) => ({
        key: item.id,
        treatmentId: item.treatment_id,
        treatmentName: item.treatment_name,
        tooth: item.tooth,
        surfaces: item.surfaces,
        sitting: String(item.sitting),
        price: String(item.price),
        taxPercentage: String(item.tax_percentage),
      })),
    })),
  };
}

/** A typed number, or NaN for anything that is not one (the contract then refuses it). */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
const orZero = (typed: string) => {
  const value = Number(typed);
  return Number.isFinite(value) && value > 0 ? value : 0;
};

/** An alternative's live figures, in paise, as bills count them: each item once, the discount spread before tax. */
export function totalsOfAlternative(alternative: DraftAlternative): ComputedBill {
  return computeBillOfRupees({
    items: alternative.items.map((item) => ({
      quantity: 1,
      unitPrice: orZero(item.price),
      taxPercentage: orZero(item.taxPercentage),
    })),
    discount: orZero(alternative.discount),
  });
}

export function bodyOfDraft(draft: PlanDraft): PlanBody {
  return {
    title: draft.title,
    validUntil: draft.validUntil || null,
    alternatives: draft.alternatives.map((alternative) => ({
      title: alternative.title,
      discount: alternative.discount.trim() === '' ? 0 : numberOf(alternative.discount),
      items: alternative.items.map((item) => ({
        // A treatment deleted from the master is refused by the contract, and named.
        treatmentId: item.treatmentId ?? '',
        tooth: item.tooth,
        surfaces: item.tooth === null ? [] : item.surfaces,
        sitting: numberOf(item.sitting),
        price: numberOf(item.price),
        taxPercentage: item.taxPercentage.trim() === '' ? 0 : numberOf(item.taxPercentage),
      })),
    })),
  };
}

const planBody = addPlanBody.omit({ patientId: true, locationId: true });

/**
 * The contract's verdict on the body, keyed by the field's path, each sentence without the
 * path the contract puts before it; an item's names its treatment, as several look alike.
 */
export function checkPlan(body: PlanBody, draft: PlanDraft): PlanErrors | null {
  const checked = planBody.safeParse(body);
  if (checked.success) return null;
  const errors: PlanErrors = {};
  for (const issue of checked.error.issues) {
    const path = issue.path.join('.');
    const sentence = issue.message.replace(/^[\w.]+: /, '');
    const [, alternativeIndex, list, itemIndex] = issue.path;
    const item =
      list === 'items' && typeof alternativeIndex === 'number' && typeof itemIndex === 'number'
        ? draft.alternatives[alternativeIndex]?.items[itemIndex]
        : undefined;
    errors[path] ??= item && issue.path.length > 4 ? `${item.treatmentName}: ${sentence}` : sentence;
  }
  return errors;
}
